import { createPiiVault } from '../../crypto/pii-vault.js';
import { normalizeEmail } from '../../domain/accounts/email.js';
import type { UserEvent } from '../../domain/accounts/user.js';
import { defineProjection } from '../projection.js';

/**
 * `accounts.users`: one row per live account, with e-mail and name decrypted. When the subject's key was
 * shredded (account deleted) decryption yields null and nothing is written, so a rebuild never brings the
 * personal data back.
 */
export const usersProjection = defineProjection<UserEvent>({
  name: 'accounts.users',
  eventTypes: [
    'accounts.UserRegistered',
    'accounts.EmailVerified',
    'accounts.EmailChanged',
    'accounts.ProfileUpdated',
    'accounts.AvatarChanged',
    'accounts.AttendeeChatPreferenceChanged',
    'accounts.AdministratorGranted',
    'accounts.AdministratorRevoked',
    'accounts.AccountSuspended',
    'accounts.AccountReactivated',
    'accounts.AccountDeleted',
  ],
  async handle(events, { trx }) {
    const vault = createPiiVault(trx);
    for (const event of events) {
      const at = event.metadata.occurredAt ?? event.createdAt.toISOString();
      switch (event.type) {
        case 'accounts.UserRegistered': {
          const { userId, publicUserId } = event.data;
          const email = await vault.decrypt(userId, event.data.email);
          const displayName = await vault.decrypt(userId, event.data.displayName);
          if (email === null || displayName === null) break;
          await trx
            .insertInto('users')
            .values({
              id: userId,
              display_name: displayName,
              email,
              email_normalized: normalizeEmail(email),
              public_user_id: publicUserId,
              created_at: event.data.registeredAt,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'accounts.EmailVerified':
          await trx.updateTable('users').set({ email_verified: true, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'accounts.EmailChanged': {
          // The new address was proven by its link.
          const email = await vault.decrypt(event.data.userId, event.data.email);
          if (email === null) break;
          await trx
            .updateTable('users')
            .set({ email, email_normalized: normalizeEmail(email), email_verified: true, updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        }
        case 'accounts.ProfileUpdated': {
          const displayName = await vault.decrypt(event.data.userId, event.data.displayName);
          if (displayName === null) break;
          await trx.updateTable('users').set({ display_name: displayName, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        }
        case 'accounts.AvatarChanged':
          await trx.updateTable('users').set({ avatar_url: event.data.avatarUrl, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'accounts.AttendeeChatPreferenceChanged':
          await trx.updateTable('users').set({ allow_attendee_chat: event.data.allowAttendeeChat, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'accounts.AdministratorGranted':
          await trx.updateTable('users').set({ administrator: true, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'accounts.AdministratorRevoked':
          await trx.updateTable('users').set({ administrator: false, updated_at: at }).where('id', '=', event.data.userId).execute();
          break;
        case 'accounts.AccountSuspended':
        case 'accounts.AccountReactivated':
          await trx
            .updateTable('users')
            .set({ suspended: event.type === 'accounts.AccountSuspended', updated_at: at })
            .where('id', '=', event.data.userId)
            .execute();
          break;
        case 'accounts.AccountDeleted':
          await trx.deleteFrom('users').where('id', '=', event.data.userId).execute();
          break;
        default:
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('users').execute();
  },
});
