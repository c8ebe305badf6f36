import type { UserEvent } from '../../domain/accounts/user.js';
import { defineProjection } from '../projection.js';
import type { AccountsTables } from './tables.js';

type Action = AccountsTables['account_admin_audit']['action'];

/**
 * `accounts.admin-audit`: what platform administrators did to an account (suspend, reactivate, grant or revoke
 * the administrator flag), who and when, read by the admin's user page. Only ids are stored; names come from the
 * users read model when shown, so a deleted account's personal data never stays here.
 */
export const adminAuditProjection = defineProjection<UserEvent>({
  name: 'accounts.admin-audit',
  eventTypes: ['accounts.AdministratorGranted', 'accounts.AdministratorRevoked', 'accounts.AccountSuspended', 'accounts.AccountReactivated', 'accounts.AccountDeleted'],
  async handle(events, { trx }) {
    for (const event of events) {
      const row = (action: Action, by: string | null, at: string) => ({ id: event.eventId, user_id: event.data.userId, action, by_user_id: by, at });
      let values;
      switch (event.type) {
        case 'accounts.AdministratorGranted':
          values = row('administratorGranted', event.data.grantedBy, event.data.grantedAt);
          break;
        case 'accounts.AdministratorRevoked':
          values = row('administratorRevoked', event.data.by, event.data.revokedAt);
          break;
        case 'accounts.AccountSuspended':
          values = row('suspended', event.data.by, event.data.suspendedAt);
          break;
        case 'accounts.AccountReactivated':
          values = row('reactivated', event.data.by, event.data.reactivatedAt);
          break;
        case 'accounts.AccountDeleted':
          await trx.deleteFrom('account_admin_audit').where('user_id', '=', event.data.userId).execute();
          continue;
        default:
          continue;
      }
      await trx.insertInto('account_admin_audit').values(values).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('account_admin_audit').execute();
  },
});
