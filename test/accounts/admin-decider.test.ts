import { describe, it } from 'vitest';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { userDecider, type UserEvent } from '../../src/domain/accounts/user.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(userDecider);
const userId = '11111111-1111-4111-8111-111111111111';
const adminId = '22222222-2222-4222-8222-222222222222';
const at = SPEC_NOW.toISOString();

const registered: UserEvent = {
  type: 'accounts.UserRegistered',
  data: { userId, publicUserId: 'pub-1', email: 'pii:v1:AAAA', displayName: 'pii:v1:BBBB', registeredAt: at },
};
const granted: UserEvent = { type: 'accounts.AdministratorGranted', data: { userId, grantedBy: adminId, grantedAt: at } };
const suspended: UserEvent = { type: 'accounts.AccountSuspended', data: { userId, by: adminId, suspendedAt: at } };
const deleted: UserEvent = { type: 'accounts.AccountDeleted', data: { userId, deletedAt: at } };

describe('SuspendAccount', () => {
  it('suspends an active account, naming the administrator and the time', () => {
    spec.given([registered]).when({ type: 'SuspendAccount', data: { by: adminId } }).then([suspended]);
  });
  it('changes nothing when the account is already suspended (a retried request)', () => {
    spec.given([registered, suspended]).when({ type: 'SuspendAccount', data: { by: adminId } }).then([]);
  });
  it('refuses an administrator suspending their own account', () => {
    spec
      .given([registered, granted])
      .when({ type: 'SuspendAccount', data: { by: userId } })
      .thenThrows(DomainError, (e) => e.code === 'CANNOT_SUSPEND_SELF' && e.messagePublic === 'No puedes suspender tu propia cuenta.');
  });
  it('refuses a deleted account', () => {
    spec.given([registered, deleted]).when({ type: 'SuspendAccount', data: { by: adminId } }).thenThrows(NotFoundError, (e) => e.code === 'ACCOUNT_NOT_FOUND');
  });
});

describe('ReactivateAccount', () => {
  it('reactivates a suspended account', () => {
    spec
      .given([registered, suspended])
      .when({ type: 'ReactivateAccount', data: { by: adminId } })
      .then([{ type: 'accounts.AccountReactivated', data: { userId, by: adminId, reactivatedAt: at } }]);
  });
  it('changes nothing for an account that is not suspended', () => {
    spec.given([registered]).when({ type: 'ReactivateAccount', data: { by: adminId } }).then([]);
    spec
      .given([registered, suspended, { type: 'accounts.AccountReactivated', data: { userId, by: adminId, reactivatedAt: at } }])
      .when({ type: 'ReactivateAccount', data: { by: adminId } })
      .then([]);
  });
});

describe('RevokeAdministrator', () => {
  it('revokes the flag of an administrator when others remain', () => {
    spec
      .given([registered, granted])
      .when({ type: 'RevokeAdministrator', data: { by: adminId, administrators: 2 } })
      .then([{ type: 'accounts.AdministratorRevoked', data: { userId, by: adminId, revokedAt: at } }]);
  });
  it('never demotes the last administrator', () => {
    spec
      .given([registered, granted])
      .when({ type: 'RevokeAdministrator', data: { by: adminId, administrators: 1 } })
      .thenThrows(DomainError, (e) => e.code === 'LAST_ADMINISTRATOR' && e.status === 409);
  });
  it('never lets an administrator demote themselves', () => {
    spec
      .given([registered, granted])
      .when({ type: 'RevokeAdministrator', data: { by: userId, administrators: 5 } })
      .thenThrows(DomainError, (e) => e.code === 'CANNOT_REVOKE_SELF' && e.messagePublic === 'No puedes quitarte a ti mismo el rol de administrador.');
  });
  it('changes nothing for an account that is not an administrator; granting again after a revoke works', () => {
    spec.given([registered]).when({ type: 'RevokeAdministrator', data: { by: adminId, administrators: 3 } }).then([]);
    const revoked: UserEvent = { type: 'accounts.AdministratorRevoked', data: { userId, by: adminId, revokedAt: at } };
    spec.given([registered, granted, revoked]).when({ type: 'RevokeAdministrator', data: { by: adminId, administrators: 3 } }).then([]);
    spec
      .given([registered, granted, revoked])
      .when({ type: 'GrantAdministrator', data: {} })
      .then([{ type: 'accounts.AdministratorGranted', data: { userId, grantedBy: SPEC_USER_ID, grantedAt: at } }]);
  });
});
