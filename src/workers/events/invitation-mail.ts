import { z } from 'zod';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { usersByIds } from '../../projections/accounts/queries.js';
import { invitationForMail } from '../../projections/events/queries.js';
import { messages } from '../../messages/es.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * E-mails a pending collaborator invitation (the invitee has no account yet) with the link
 * /confirm/invitation/{invitationId}. The address is decrypted from the invitation's own key; an invitation
 * already used, replaced (row gone, key shredded) or cancelled sends nothing. Keyed by the causing event id.
 */
export const invitationMailJob = defineJob({
  name: 'events.invitationMail',
  version: 1,
  queue: 'mail',
  schema: z.object({ invitationId: z.string(), eventId: z.string(), eventName: z.string(), invitedBy: z.string() }),
  options: { removeOnComplete: true },
  async handler(payload, { db, config, logger, once }) {
    const row = await invitationForMail(db, payload.invitationId);
    if (!row?.email_cipher) return;
    const to = await createPiiVault(db).decrypt(`event-invitation:${row.id}`, row.email_cipher);
    if (!to) return;
    // The inviter's name through the accounts module's query (its tables are its own).
    const inviter = (await usersByIds(db, [payload.invitedBy])).get(payload.invitedBy);
    const link = `${config.appUrl}/confirm/invitation/${row.id}`;
    const t = messages.events.invitationMail;
    const intro = t.body(inviter?.displayName ?? t.someone, payload.eventName);
    const text = [t.greeting, '', intro, '', link, '', t.ignore, '', t.signature].join('\n');
    const html = [intro, `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`, t.ignore, t.signature]
      .map((p, i) => (i === 1 ? `<p>${p}</p>` : `<p>${escapeHtml(p)}</p>`))
      .join('\n');
    await once(`events.invitationMail:${row.id}`, () =>
      mailTransport(config, logger).send({ to, subject: t.subject(payload.eventName), text, html: `<p>${escapeHtml(t.greeting)}</p>\n${html}` }, { key: `invitation-${row.id}`, link }),
    );
  },
});
