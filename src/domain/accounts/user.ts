import { DomainError, NotFoundError, UnauthorizedError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';
import { messages } from '../../messages/es.js';

/**
 * The user account aggregate (stream `accounts-user-<id>`). E-mail and display name arrive already encrypted
 * (`pii:v1:...`, see src/crypto/pii-vault.ts): the log never holds them in clear. Passwords, their hashes and
 * the one-time tokens sent by e-mail never enter the log at all.
 */

export const userStreamId = (userId: string) => `accounts-user-${userId}`;

export type UserEvent =
  | { type: 'accounts.UserRegistered'; data: { userId: string; publicUserId: string; email: string; displayName: string; registeredAt: string } }
  | { type: 'accounts.EmailVerificationRequested'; data: { userId: string; expiresAt: string } }
  | { type: 'accounts.EmailVerified'; data: { userId: string; verifiedAt: string } }
  // E-mail change: `email` is the new address, encrypted like UserRegistered's. It replaces the old one (for
  // sign-in and the one-account-per-e-mail reservation) only with EmailChanged, once its link was opened.
  | { type: 'accounts.EmailChangeRequested'; data: { userId: string; email: string; expiresAt: string } }
  | { type: 'accounts.EmailChanged'; data: { userId: string; email: string; changedAt: string } }
  | { type: 'accounts.ProfileUpdated'; data: { userId: string; displayName: string; updatedAt: string } }
  // The picture: a stored file's URL (random name, no personal data in it), null back to the initials.
  | { type: 'accounts.AvatarChanged'; data: { userId: string; avatarUrl: string | null; changedAt: string } }
  // Profile preference (issue 20): chats with people holding tickets of the same events, when both allow it.
  | { type: 'accounts.AttendeeChatPreferenceChanged'; data: { userId: string; allowAttendeeChat: boolean; changedAt: string } }
  | { type: 'accounts.PasswordChanged'; data: { userId: string; reason: 'change' | 'reset'; changedAt: string } }
  | { type: 'accounts.PasswordResetRequested'; data: { userId: string; expiresAt: string } }
  | { type: 'accounts.AccountDeletionRequested'; data: { userId: string; expiresAt: string } }
  | { type: 'accounts.AccountDeleted'; data: { userId: string; deletedAt: string } }
  | { type: 'accounts.AdministratorGranted'; data: { userId: string; grantedBy: string | null; grantedAt: string } }
  // Platform administration: `by` is the administrator who acted (the audit trail, accounts.admin-audit).
  | { type: 'accounts.AdministratorRevoked'; data: { userId: string; by: string; revokedAt: string } }
  | { type: 'accounts.AccountSuspended'; data: { userId: string; by: string; suspendedAt: string } }
  | { type: 'accounts.AccountReactivated'; data: { userId: string; by: string; reactivatedAt: string } };

export type UserCommand =
  | { type: 'RegisterUser'; data: { userId: string; publicUserId: string; email: string; displayName: string } }
  | { type: 'RequestEmailVerification'; data: Record<string, never> }
  | { type: 'VerifyEmail'; data: Record<string, never> }
  /** `email`: the new address, encrypted; the hashes (src/domain/accounts/email.ts) let the decider compare them. */
  | { type: 'RequestEmailChange'; data: { email: string; emailHash: string; currentEmailHash: string } }
  | { type: 'ConfirmEmailChange'; data: Record<string, never> }
  | { type: 'UpdateProfile'; data: { displayName: string } }
  | { type: 'SetAvatar'; data: { avatarUrl: string | null } }
  | { type: 'SetAttendeeChatPreference'; data: { allowAttendeeChat: boolean } }
  | { type: 'ChangePassword'; data: { reason: 'change' | 'reset' } }
  | { type: 'RequestPasswordReset'; data: Record<string, never> }
  | { type: 'RequestAccountDeletion'; data: Record<string, never> }
  | { type: 'DeleteAccount'; data: Record<string, never> }
  | { type: 'GrantAdministrator'; data: Record<string, never> }
  /** `administrators`: how many platform administrators there are now, the target included. */
  | { type: 'RevokeAdministrator'; data: { by: string; administrators: number } }
  | { type: 'SuspendAccount'; data: { by: string } }
  | { type: 'ReactivateAccount'; data: { by: string } };

export interface UserState {
  status: 'none' | 'active' | 'deleted';
  userId: string | null;
  publicUserId: string | null;
  emailVerified: boolean;
  /** The requested new e-mail (encrypted) waiting for its link, and until when the link works. */
  pendingEmail: { email: string; expiresAt: string } | null;
  avatarUrl: string | null;
  allowAttendeeChat: boolean;
  administrator: boolean;
  suspended: boolean;
}

/** How long the links sent by e-mail stay valid. */
export const TOKEN_TTL_MS = {
  verify: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  delete: 60 * 60 * 1000,
  email: 48 * 60 * 60 * 1000,
} as const;

export const USER_EVENT_TYPES = [
  'accounts.UserRegistered',
  'accounts.EmailVerificationRequested',
  'accounts.EmailVerified',
  'accounts.EmailChangeRequested',
  'accounts.EmailChanged',
  'accounts.ProfileUpdated',
  'accounts.AvatarChanged',
  'accounts.AttendeeChatPreferenceChanged',
  'accounts.PasswordChanged',
  'accounts.PasswordResetRequested',
  'accounts.AccountDeletionRequested',
  'accounts.AccountDeleted',
  'accounts.AdministratorGranted',
  'accounts.AdministratorRevoked',
  'accounts.AccountSuspended',
  'accounts.AccountReactivated',
] as const;

const initialState = (): UserState => ({ status: 'none', userId: null, publicUserId: null, emailVerified: false, pendingEmail: null, avatarUrl: null, allowAttendeeChat: false, administrator: false, suspended: false });

function requireActive(state: UserState): string {
  if (state.status !== 'active' || !state.userId) {
    throw new NotFoundError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound);
  }
  return state.userId;
}

function decide(command: UserCommand, state: UserState, ctx: { now: Date; userId?: string }): UserEvent[] {
  const at = ctx.now.toISOString();
  const plus = (ms: number) => new Date(ctx.now.getTime() + ms).toISOString();
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new UnauthorizedError('ACCOUNT_EXISTS', messages.accounts.signupFailed);
      const { userId, publicUserId, email, displayName } = command.data;
      return [{ type: 'accounts.UserRegistered', data: { userId, publicUserId, email, displayName, registeredAt: at } }];
    }
    case 'RequestEmailVerification': {
      const userId = requireActive(state);
      if (state.emailVerified) return [];
      return [{ type: 'accounts.EmailVerificationRequested', data: { userId, expiresAt: plus(TOKEN_TTL_MS.verify) } }];
    }
    case 'VerifyEmail': {
      const userId = requireActive(state);
      if (state.emailVerified) return [];
      return [{ type: 'accounts.EmailVerified', data: { userId, verifiedAt: at } }];
    }
    case 'RequestEmailChange': {
      const userId = requireActive(state);
      if (command.data.emailHash === command.data.currentEmailHash) throw new DomainError('EMAIL_UNCHANGED', messages.accounts.emailUnchanged, 400);
      return [{ type: 'accounts.EmailChangeRequested', data: { userId, email: command.data.email, expiresAt: plus(TOKEN_TTL_MS.email) } }];
    }
    case 'ConfirmEmailChange': {
      const userId = requireActive(state);
      // Only the latest request counts, and only while its link is valid (the same answer as an unknown link).
      if (!state.pendingEmail || Date.parse(state.pendingEmail.expiresAt) <= ctx.now.getTime()) {
        throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
      }
      return [{ type: 'accounts.EmailChanged', data: { userId, email: state.pendingEmail.email, changedAt: at } }];
    }
    case 'SetAvatar': {
      const userId = requireActive(state);
      if (command.data.avatarUrl === state.avatarUrl) return [];
      return [{ type: 'accounts.AvatarChanged', data: { userId, avatarUrl: command.data.avatarUrl, changedAt: at } }];
    }
    case 'SetAttendeeChatPreference': {
      const userId = requireActive(state);
      if (command.data.allowAttendeeChat === state.allowAttendeeChat) return [];
      return [{ type: 'accounts.AttendeeChatPreferenceChanged', data: { userId, allowAttendeeChat: command.data.allowAttendeeChat, changedAt: at } }];
    }
    case 'UpdateProfile': {
      const userId = requireActive(state);
      return [{ type: 'accounts.ProfileUpdated', data: { userId, displayName: command.data.displayName, updatedAt: at } }];
    }
    case 'ChangePassword': {
      const userId = requireActive(state);
      return [{ type: 'accounts.PasswordChanged', data: { userId, reason: command.data.reason, changedAt: at } }];
    }
    case 'RequestPasswordReset': {
      const userId = requireActive(state);
      return [{ type: 'accounts.PasswordResetRequested', data: { userId, expiresAt: plus(TOKEN_TTL_MS.reset) } }];
    }
    case 'RequestAccountDeletion': {
      const userId = requireActive(state);
      return [{ type: 'accounts.AccountDeletionRequested', data: { userId, expiresAt: plus(TOKEN_TTL_MS.delete) } }];
    }
    case 'DeleteAccount': {
      const userId = requireActive(state);
      return [{ type: 'accounts.AccountDeleted', data: { userId, deletedAt: at } }];
    }
    case 'GrantAdministrator': {
      const userId = requireActive(state);
      if (state.administrator) return [];
      return [{ type: 'accounts.AdministratorGranted', data: { userId, grantedBy: ctx.userId ?? null, grantedAt: at } }];
    }
    case 'RevokeAdministrator': {
      const userId = requireActive(state);
      if (command.data.by === userId) throw new DomainError('CANNOT_REVOKE_SELF', messages.accounts.admin.cannotRevokeSelf, 409);
      if (!state.administrator) return [];
      // The platform always keeps one administrator (the caller counts them; see commands/accounts/admin.ts).
      if (command.data.administrators <= 1) throw new DomainError('LAST_ADMINISTRATOR', messages.accounts.admin.lastAdministrator, 409);
      return [{ type: 'accounts.AdministratorRevoked', data: { userId, by: command.data.by, revokedAt: at } }];
    }
    case 'SuspendAccount': {
      const userId = requireActive(state);
      if (command.data.by === userId) throw new DomainError('CANNOT_SUSPEND_SELF', messages.accounts.admin.cannotSuspendSelf, 409);
      if (state.suspended) return [];
      return [{ type: 'accounts.AccountSuspended', data: { userId, by: command.data.by, suspendedAt: at } }];
    }
    case 'ReactivateAccount': {
      const userId = requireActive(state);
      if (!state.suspended) return [];
      return [{ type: 'accounts.AccountReactivated', data: { userId, by: command.data.by, reactivatedAt: at } }];
    }
  }
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'accounts.UserRegistered':
      return { ...state, status: 'active', userId: event.data.userId, publicUserId: event.data.publicUserId };
    case 'accounts.EmailVerified':
      return { ...state, emailVerified: true };
    case 'accounts.AvatarChanged':
      return { ...state, avatarUrl: event.data.avatarUrl };
    case 'accounts.AttendeeChatPreferenceChanged':
      return { ...state, allowAttendeeChat: event.data.allowAttendeeChat };
    case 'accounts.EmailChangeRequested':
      return { ...state, pendingEmail: { email: event.data.email, expiresAt: event.data.expiresAt } };
    case 'accounts.EmailChanged':
      // Opening the link sent to the new address proved it.
      return { ...state, pendingEmail: null, emailVerified: true };
    case 'accounts.AdministratorGranted':
      return { ...state, administrator: true };
    case 'accounts.AdministratorRevoked':
      return { ...state, administrator: false };
    case 'accounts.AccountSuspended':
      return { ...state, suspended: true };
    case 'accounts.AccountReactivated':
      return { ...state, suspended: false };
    case 'accounts.AccountDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { decide, evolve, initialState };
