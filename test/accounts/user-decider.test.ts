import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError, UnauthorizedError } from '../../src/domain/shared/errors.js';
import { userDecider, type UserCommand, type UserEvent } from '../../src/domain/accounts/user.js';
import { emailHash, normalizeEmail } from '../../src/domain/accounts/email.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(userDecider);
const userId = '11111111-1111-4111-8111-111111111111';
const at = SPEC_NOW.toISOString();
const inOneHour = new Date(SPEC_NOW.getTime() + 60 * 60 * 1000).toISOString();

const registered: UserEvent = {
  type: 'accounts.UserRegistered',
  data: { userId, publicUserId: 'pub-1', email: 'pii:v1:AAAA', displayName: 'pii:v1:BBBB', registeredAt: at },
};
const deleted: UserEvent = { type: 'accounts.AccountDeleted', data: { userId, deletedAt: at } };

describe('user decider', () => {
  it('registers a new user with the (already encrypted) e-mail and name', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { userId, publicUserId: 'pub-1', email: 'pii:v1:AAAA', displayName: 'pii:v1:BBBB' } })
      .then([registered]);
  });

  it('refuses to register the same user twice with the sign-up message', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', data: { userId, publicUserId: 'pub-2', email: 'pii:v1:CCCC', displayName: 'pii:v1:DDDD' } })
      .thenThrows(UnauthorizedError, (e) => e.messagePublic === 'Ocurrio un error al registrar el usuario');
  });

  it('verifies the e-mail once; verifying again changes nothing', () => {
    const verified: UserEvent = { type: 'accounts.EmailVerified', data: { userId, verifiedAt: at } };
    spec.given([registered]).when({ type: 'VerifyEmail', data: {} }).then([verified]);
    spec.given([registered, verified]).when({ type: 'VerifyEmail', data: {} }).then([]);
    spec.given([registered, verified]).when({ type: 'RequestEmailVerification', data: {} }).then([]);
  });

  it('requests a verification mail valid for 48 hours', () => {
    spec
      .given([registered])
      .when({ type: 'RequestEmailVerification', data: {} })
      .then([{ type: 'accounts.EmailVerificationRequested', data: { userId, expiresAt: new Date(SPEC_NOW.getTime() + 48 * 3600_000).toISOString() } }]);
  });

  it('records password changes and reset requests without any secret in them', () => {
    const [changed] = spec.given([registered]).when({ type: 'ChangePassword', data: { reason: 'change' } }).then([
      { type: 'accounts.PasswordChanged', data: { userId, reason: 'change', changedAt: at } },
    ]);
    expect(Object.keys(changed.data).sort()).toEqual(['changedAt', 'reason', 'userId']);
    spec
      .given([registered])
      .when({ type: 'RequestPasswordReset', data: {} })
      .then([{ type: 'accounts.PasswordResetRequested', data: { userId, expiresAt: inOneHour } }]);
  });

  it('updates the profile with the encrypted name', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateProfile', data: { displayName: 'pii:v1:EEEE' } })
      .then([{ type: 'accounts.ProfileUpdated', data: { userId, displayName: 'pii:v1:EEEE', updatedAt: at } }]);
  });

  it('requests deletion (1 hour link) and deletes the account', () => {
    spec
      .given([registered])
      .when({ type: 'RequestAccountDeletion', data: {} })
      .then([{ type: 'accounts.AccountDeletionRequested', data: { userId, expiresAt: inOneHour } }]);
    spec.given([registered]).when({ type: 'DeleteAccount', data: {} }).then([deleted]);
    spec.given([registered]).when({ type: 'DeleteAccount', data: {} }).thenState((s) => expect(s.status).toBe('deleted'));
  });

  it('rejects every command on a deleted or unknown account', () => {
    for (const history of [[], [registered, deleted]]) {
      const commands: UserCommand[] = [
        { type: 'VerifyEmail', data: {} },
        { type: 'ChangePassword', data: { reason: 'change' } },
        { type: 'RequestPasswordReset', data: {} },
        { type: 'DeleteAccount', data: {} },
        { type: 'GrantAdministrator', data: {} },
      ];
      for (const command of commands) {
        spec.given(history).when(command).thenThrows(NotFoundError, (e) => e.code === 'ACCOUNT_NOT_FOUND');
      }
    }
  });

  it('grants the administrator flag once, naming who granted it', () => {
    const granted: UserEvent = { type: 'accounts.AdministratorGranted', data: { userId, grantedBy: SPEC_USER_ID, grantedAt: at } };
    spec.given([registered]).when({ type: 'GrantAdministrator', data: {} }).then([granted]);
    spec.given([registered, granted]).when({ type: 'GrantAdministrator', data: {} }).then([]);
    spec
      .given([registered])
      .when({ type: 'GrantAdministrator', data: {} }, { userId: undefined })
      .then([{ ...granted, data: { ...granted.data, grantedBy: null } }]);
  });
});

describe('e-mail normalization', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeEmail('  Ana.Perez@Example.COM ')).toBe('ana.perez@example.com');
    expect(emailHash('Ana@x.test')).toBe(emailHash(' ana@X.TEST'));
    expect(emailHash('ana@x.test')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('e-mail change', () => {
  const in48h = new Date(SPEC_NOW.getTime() + 48 * 3600_000).toISOString();
  const request = (email = 'pii:v1:NEW1', hash = 'hash-new-1'): UserCommand => ({
    type: 'RequestEmailChange',
    data: { email, emailHash: hash, currentEmailHash: 'hash-old' },
  });
  const requested = (email = 'pii:v1:NEW1', expiresAt = in48h): UserEvent => ({ type: 'accounts.EmailChangeRequested', data: { userId, email, expiresAt } });
  const changed = (email = 'pii:v1:NEW1'): UserEvent => ({ type: 'accounts.EmailChanged', data: { userId, email, changedAt: at } });
  const confirm: UserCommand = { type: 'ConfirmEmailChange', data: {} };

  describe('RequestEmailChange', () => {
    it('records the new (encrypted) address with a link valid for 48 hours; the account keeps its e-mail meanwhile', () => {
      spec.given([registered]).when(request()).then([requested()]);
    });
    it('refuses the address the account already has', () => {
      spec
        .given([registered])
        .when({ type: 'RequestEmailChange', data: { email: 'pii:v1:SAME', emailHash: 'hash-old', currentEmailHash: 'hash-old' } })
        .thenThrows(DomainError, (e) => e.code === 'EMAIL_UNCHANGED' && e.status === 400 && e.messagePublic === 'Ese ya es el correo electrónico de tu cuenta.');
    });
    it('refuses a deleted or unknown account', () => {
      spec.given([registered, deleted]).when(request()).thenThrows(NotFoundError);
      spec.given([]).when(request()).thenThrows(NotFoundError);
    });
  });

  describe('ConfirmEmailChange', () => {
    it('moves the account to the requested address, which counts as verified', () => {
      spec.given([registered, requested()]).when(confirm).then((events, state) => {
        expect(events).toEqual([changed()]);
        expect(state.emailVerified).toBe(true);
        expect(state.pendingEmail).toBeNull();
      });
    });
    it('applies only the latest request', () => {
      spec.given([registered, requested('pii:v1:NEW1'), requested('pii:v1:NEW2')]).when(confirm).then([changed('pii:v1:NEW2')]);
    });
    it('refuses without a pending request, once applied, or after the link expired (as an invalid link)', () => {
      const invalid = (e: DomainError) => e.code === 'INVALID_LINK' && e.status === 400;
      spec.given([registered]).when(confirm).thenThrows(DomainError, invalid);
      spec.given([registered, requested(), changed()]).when(confirm).thenThrows(DomainError, invalid);
      spec.given([registered, requested('pii:v1:NEW1', at)]).when(confirm).thenThrows(DomainError, invalid);
    });
    it('refuses a deleted account', () => {
      spec.given([registered, requested(), deleted]).when(confirm).thenThrows(NotFoundError);
    });
  });
});

describe('SetAvatar', () => {
  const set = (avatarUrl: string | null): UserCommand => ({ type: 'SetAvatar', data: { avatarUrl } });
  const changed = (avatarUrl: string | null): UserEvent => ({ type: 'accounts.AvatarChanged', data: { userId, avatarUrl, changedAt: at } });
  it('records a new picture, a replacement and its removal; the same value again records nothing', () => {
    spec.given([registered]).when(set('/api/v2/files/accounts/u/avatar-1.png')).then([changed('/api/v2/files/accounts/u/avatar-1.png')]);
    spec.given([registered, changed('/a-1.png')]).when(set('/a-2.png')).then([changed('/a-2.png')]);
    spec.given([registered, changed('/a-1.png')]).when(set(null)).then([changed(null)]);
    spec.given([registered, changed('/a-1.png')]).when(set('/a-1.png')).then([]);
    spec.given([registered]).when(set(null)).then([]);
  });
  it('refuses a deleted account', () => {
    spec.given([registered, deleted]).when(set('/a-1.png')).thenThrows(NotFoundError);
  });
});
