import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { processWaitlist } from '../../commands/sales/waitlist.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { waitlistEntry } from '../../projections/sales/codes-queries.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Moves an event's waiting list on (src/commands/sales/waitlist.ts: settles offers, offers freed seats). Enqueued by
 * the `sales.waitlist` projection, keyed by the causing event id; every step it takes is keyed too, so a rerun
 * records nothing twice.
 */
export const waitlistOffersJob = defineJob({
  name: 'sales.waitlistOffers',
  version: 1,
  queue: 'expiries',
  schema: z.object({ eventId: z.string() }),
  options: { removeOnComplete: true },
  async handler(payload, { commands, db, config, logger }) {
    // The node hands its workers its own full config (src/server.ts); reserving only reads the hold times.
    const result = await processWaitlist({ ...commands, db, config: config as AppContext['config'] }, payload.eventId);
    if (result.offered.length || result.closed.length) logger.debug({ eventId: payload.eventId, ...result }, 'sales: waiting list moved on');
  },
});

/** E-mails an offer's time-limited purchase link (/reservation/{orderId}); once per entry. */
export const waitlistOfferMailJob = defineJob({
  name: 'sales.waitlistOfferMail',
  version: 1,
  queue: 'mail',
  schema: z.object({ entryId: z.string() }),
  options: { removeOnComplete: true },
  async handler(payload, { db, config, logger, once }) {
    const entry = await waitlistEntry(db, payload.entryId);
    if (!entry || entry.state !== 'offered' || !entry.orderId || !entry.offeredUntil) return;
    const event = await findEvent(db, entry.eventId);
    const eventName = event?.event_name ?? '';
    const when = new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeStyle: 'short', timeZone: event?.time_zone ?? 'America/Lima' }).format(new Date(entry.offeredUntil));
    const link = `${config.appUrl}/reservation/${entry.orderId}`;
    const t = messages.codes.waitlistOfferMail;
    const paragraphs = [t.greeting(entry.name), t.body(entry.quantity, entry.ticketTypeName, eventName), t.until(when)];
    const text = [...paragraphs, link, t.after, t.signature].join('\n\n');
    const html = [...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`, `<p>${escapeHtml(t.after)}</p>`, `<p>${escapeHtml(t.signature)}</p>`].join('\n');
    await once(`sales.waitlistOfferMail:${entry._id}`, () =>
      mailTransport(config, logger).send({ to: entry.email, subject: t.subject(eventName), text, html }, { key: `waitlist-offer-${entry._id}`, link }),
    );
  },
});
