import { randomUUID } from 'node:crypto';
import { claimInvitation } from '../../commands/access/claim.js';
import { emailVerifiedNow } from '../../commands/accounts/verified.js';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { emailHash } from '../../domain/accounts/email.js';
import type { UserEvent } from '../../domain/accounts/user.js';
import type { CollaboratorInvitationCancelled, CollaboratorInvitationPending, CollaboratorInvited } from '../../domain/events/event.js';
import { accountByEmailHash, emailHashOfAccount } from '../accounts/queries.js';
import { defineProjection } from '../projection.js';

type EmailProved = Extract<UserEvent, { type: 'accounts.EmailVerified' | 'accounts.EmailChanged' }>;
export type ClaimerEvent = CollaboratorInvitationPending | CollaboratorInvitationCancelled | CollaboratorInvited | EmailProved;

/**
 * `access.invitation-claimer`: a pending e-mail invitation becomes a role only for an account that proved the
 * invited e-mail. A reactor (docs/architecture.md, "Reactors record their decisions"): its decision depends on
 * the accounts' credentials table, outside the log, so it records it as the event's own
 * `events.CollaboratorInvited` (the AcceptInvitation command, command id shared with /confirm/invitation) and
 * records nothing while replaying.
 *
 * - accounts.EmailVerified (also for accounts created verified, e.g. by the admin CLI) and accounts.EmailChanged
 *   (a new address confirmed through its link): every pending invitation
 *   to that e-mail is claimed.
 * - events.CollaboratorInvitationPending: claimed at once when the e-mail's account is already verified (closes
 *   the race with a verification that happened between the inviter's check and the append).
 * Its own table (access_invitations) follows the invitations from the log, in the same order as its
 * reactions, so a verification always finds the invitations recorded before it.
 */
export const invitationClaimer = defineProjection<ClaimerEvent>({
  name: 'access.invitation-claimer',
  eventTypes: ['events.CollaboratorInvitationPending', 'events.CollaboratorInvitationCancelled', 'events.CollaboratorInvited', 'accounts.EmailVerified', 'accounts.EmailChanged'],
  async handle(events, ctx) {
    const { trx } = ctx;
    const deps = { store: ctx.store, clock: () => new Date(), newId: randomUUID };
    for (const e of events) {
      switch (e.type) {
        case 'events.CollaboratorInvitationPending': {
          const d = e.data;
          // A newer invitation of the same e-mail to the same module replaces the older one (the event's evolve).
          await trx
            .updateTable('access_invitations')
            .set({ closed_at: d.at })
            .where('event_id', '=', d.eventId)
            .where('email_hash', '=', d.emailHash)
            .where('module', '=', d.module)
            .where('closed_at', 'is', null)
            .execute();
          await trx
            .insertInto('access_invitations')
            .values({ invitation_id: d.invitationId, event_id: d.eventId, email_hash: d.emailHash, module: d.module, role: d.role, invited_at: d.at, closed_at: null })
            .onConflict((oc) => oc.column('invitation_id').doNothing())
            .execute();
          if (ctx.replaying) break;
          const account = await accountByEmailHash(trx, d.emailHash);
          if (account && (account.emailVerified || (await emailVerifiedNow(deps, account.userId)))) {
            await claimInvitation(deps, { eventId: d.eventId, invitationId: d.invitationId, userId: account.userId, emailHash: d.emailHash, source: { eventId: e.eventId, correlationId: e.metadata.correlationId } });
          }
          break;
        }
        case 'events.CollaboratorInvitationCancelled':
          await trx.updateTable('access_invitations').set({ closed_at: e.data.at }).where('invitation_id', '=', e.data.invitationId).execute();
          break;
        case 'events.CollaboratorInvited':
          if (e.data.invitationId) await trx.updateTable('access_invitations').set({ closed_at: e.data.at }).where('invitation_id', '=', e.data.invitationId).execute();
          break;
        // A confirmed new address is a proved one too: its pending invitations are claimed like a verification's.
        case 'accounts.EmailChanged':
        case 'accounts.EmailVerified': {
          if (ctx.replaying) break;
          const userId = e.data.userId;
          // The changed address comes from the event itself: the credentials row moves to it only after the append,
          // so reading it here could still give the old address.
          const changedTo = e.type === 'accounts.EmailChanged' ? await createPiiVault(trx).decrypt(userId, e.data.email) : null;
          const hash = changedTo ? emailHash(changedTo) : await emailHashOfAccount(trx, userId);
          if (!hash) break;
          const pending = await trx
            .selectFrom('access_invitations')
            .select(['invitation_id', 'event_id'])
            .where('email_hash', '=', hash)
            .where('closed_at', 'is', null)
            .orderBy('invited_at')
            .execute();
          for (const p of pending) {
            await claimInvitation(deps, { eventId: p.event_id, invitationId: p.invitation_id, userId, emailHash: hash, source: { eventId: e.eventId, correlationId: e.metadata.correlationId } });
          }
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('access_invitations').execute();
  },
});
