import { z } from 'zod';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { invitationForMail } from '../../projections/exhibitor/queries.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * E-mails an exhibitor company's invitation with the link /confirm/invitation/{invitationId}?type=exhibitor (the
 * spec's page, shared with the team invitations). The address is decrypted from the invitation's own key; an
 * accepted invitation sends nothing. Keyed by the causing event id; `once` per invitation.
 */
export const invitationMailJob = defineJob({
  name: 'exhibitor.invitationMail',
  version: 1,
  queue: 'mail',
  schema: z.object({ invitationId: z.string() }),
  options: { removeOnComplete: true },
  async handler(payload, { db, config, logger, once }) {
    const row = await invitationForMail(db, payload.invitationId);
    if (!row || row.status !== 'pending') return;
    const to = await createPiiVault(db).decrypt(`exhibitor-invitation:${row._id}`, row.emailCipher);
    if (!to) return;
    const eventName = (await findEvent(db, row.eventId))?.event_name ?? '';
    const t = messages.exhibitor.companies.invitationMail;
    const link = `${config.appUrl}/confirm/invitation/${row._id}?type=exhibitor`;
    const intro = t.body(t.kinds[row.kind as keyof typeof t.kinds] ?? row.kind, row.companyName, eventName);
    const text = [t.greeting, '', intro, '', link, '', t.ignore, '', t.signature].join('\n');
    const html = [`<p>${escapeHtml(t.greeting)}</p>`, `<p>${escapeHtml(intro)}</p>`, `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`, `<p>${escapeHtml(t.ignore)}</p>`, `<p>${escapeHtml(t.signature)}</p>`].join('\n');
    await once(`exhibitor.invitationMail:${row._id}`, () => mailTransport(config, logger).send({ to, subject: t.subject(row.companyName, eventName), text, html }, { key: `exhibitor-invitation-${row._id}`, link }));
  },
});
