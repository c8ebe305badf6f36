import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { AuthUser } from '../../contracts/accounts.js';
import type { AppContext } from '../../context.js';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { EMAIL_RESERVATION_SCOPE, emailHash } from '../../domain/accounts/email.js';
import { TOKEN_TTL_MS, userDecider, userStreamId, type UserCommand, type UserEvent } from '../../domain/accounts/user.js';
import { DomainError, UnauthorizedError } from '../../domain/shared/errors.js';
import { ReservationConflictError, type Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findUserById, isSuspended } from '../../projections/accounts/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { sessionRoom } from '../../realtime/realtime.js';
import { accountLink, accountMail, emailChangedNoticeMail, type AccountMailKind } from '../../workers/accounts/mails.js';
import { sendMailJob } from '../../workers/mail/jobs.js';
import { fileUrl, isSafeKey } from '../../storage/port.js';
import { storageFor } from '../../storage/local.js';
import { handleCommand, type CommandMeta } from '../handle.js';

/**
 * Account commands. Each one appends to the user's stream through handleCommand; data that must never enter
 * the log (password hashes, sessions, one-time tokens) is written here, after the append committed, and the
 * e-mails carrying one-time links are enqueued from here too (keyed by the causing event id), so the plain
 * token only ever exists in the request, the job payload (Redis) and the mail.
 */

type Ctx = AppContext;

const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** OWASP's argon2id baseline (19 MiB, 2 passes): strong, and 30 sign-ups at once still fit in memory. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so that an unknown e-mail costs as much time as a wrong password. */
async function burnVerify(password: string) {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await argon2.verify(await dummyHash, password).catch(() => false);
}

async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

/** Client key (clientId or Idempotency-Key) -> a stable user id, so a retried sign-up lands on the same stream. */
function userIdFromClientKey(key: string): string {
  const h = sha256(`accounts.signup:${key}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function run(ctx: Ctx, userId: string, command: UserCommand, meta: CommandMeta = {}, extra: Partial<Parameters<typeof handleCommand<UserCommand, UserEvent, ReturnType<typeof userDecider.initialState>>>[1]> = {}) {
  return handleCommand(ctx, {
    streamId: userStreamId(userId),
    decider: userDecider,
    command,
    meta: { commandId: meta.commandId ?? ctx.newId(), ...meta },
    ...extra,
  });
}

/** Id of the stream's event at `version` (the one a command just appended): the key of the mail it causes. */
async function eventIdAt(ctx: Ctx, userId: string, version: number): Promise<string> {
  const [event] = await ctx.store.readStream(userStreamId(userId), { fromVersion: version, maxCount: 1 });
  if (!event) throw new Error(`event ${version} of user ${userId} not found`);
  return event.eventId;
}

/** Current e-mail and name, decrypted from the user's own stream (independent of projection lag). */
export async function loadPersonalData(ctx: Ctx, userId: string): Promise<{ email: string; displayName: string } | null> {
  const events = (await ctx.store.readStream(userStreamId(userId))) as Recorded<UserEvent>[];
  const vault = createPiiVault(ctx.db);
  let email: string | null = null;
  let displayName: string | null = null;
  for (const e of events) {
    if (e.type === 'accounts.UserRegistered') {
      email = e.data.email;
      displayName = e.data.displayName;
    } else if (e.type === 'accounts.ProfileUpdated') displayName = e.data.displayName;
    else if (e.type === 'accounts.EmailChanged') email = e.data.email;
    else if (e.type === 'accounts.AccountDeleted') return null;
  }
  if (!email || !displayName) return null;
  const [clearEmail, clearName] = await Promise.all([vault.decrypt(userId, email), vault.decrypt(userId, displayName)]);
  return clearEmail !== null && clearName !== null ? { email: clearEmail, displayName: clearName } : null;
}

/**
 * Read-your-writes: the read model has caught up with `position` (bounded wait). A sign-up answers once its user is
 * readable (auth reads the read model): at least 5 s, longer where READ_AFTER_TIMEOUT_MS says so (tests: 15 s).
 */
async function caughtUp(ctx: Ctx, position: string | null) {
  if (position) await waitForPosition(ctx.db, ctx.store, position, { timeoutMs: Math.max(5000, ctx.config.readAfterTimeoutMs) });
}

/** The user from the read model, waiting for the user's last event when the projection lags behind. */
async function currentUser(ctx: Ctx, userId: string): Promise<AuthUser | null> {
  const found = await findUserById(ctx.db, userId);
  if (found) return found;
  const events = await ctx.store.readStream(userStreamId(userId));
  if (!events.length) return null;
  await caughtUp(ctx, events[events.length - 1].position);
  return findUserById(ctx.db, userId);
}

/**
 * After session rows were deleted (committed): their sockets are disconnected on every API node. Sockets check
 * their session on every event too (src/realtime/session-check.ts), so nothing they send is processed meanwhile.
 */
function disconnectSessions(ctx: Ctx, ended: { id: string }[]) {
  if (ended.length) ctx.realtime.disconnect(ended.map((s) => sessionRoom(s.id)));
}

/** Ends every session of the user (password changed or reset, account deleted or suspended): rows and sockets. */
export async function endAllSessions(ctx: Ctx, userId: string) {
  disconnectSessions(ctx, await ctx.db.deleteFrom('account_sessions').where('user_id', '=', userId).returning('id').execute());
}

export async function createSession(ctx: Ctx, userId: string): Promise<{ sessionId: string; token: string }> {
  const sessionId = randomBytes(24).toString('base64url');
  // Expired sessions of this user are swept here instead of by a timer.
  disconnectSessions(
    ctx,
    await ctx.db.deleteFrom('account_sessions').where('user_id', '=', userId).where('expires_at', '<=', ctx.clock()).returning('id').execute(),
  );
  await ctx.db
    .insertInto('account_sessions')
    .values({ id: sessionId, user_id: userId, expires_at: new Date(ctx.clock().getTime() + SESSION_TTL_MS) })
    .execute();
  return { sessionId, token: await ctx.tokens.sign({ userId, sessionId }) };
}

export async function endSession(ctx: Ctx, sessionId: string) {
  await ctx.db.deleteFrom('account_sessions').where('id', '=', sessionId).execute();
  disconnectSessions(ctx, [{ id: sessionId }]);
}

type TokenPurpose = 'verify' | 'reset' | 'delete' | 'email';

async function issueMailToken(ctx: Ctx, userId: string, purpose: TokenPurpose, expiresAt: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.deleteFrom('account_tokens').where('user_id', '=', userId).where('expires_at', '<=', ctx.clock()).execute();
  await ctx.db.insertInto('account_tokens').values({ token_hash: sha256(token), user_id: userId, purpose, expires_at: expiresAt }).execute();
  return token;
}

async function sendAccountMail(ctx: Ctx, kind: AccountMailKind, eventId: string, to: { email: string; displayName: string }, token: string) {
  const link = accountLink(ctx.config.appUrl, kind, token);
  const mail = accountMail(kind, to.email, to.displayName, link);
  await ctx.jobs.enqueue(sendMailJob, { key: eventId, ...mail, link }, eventId);
}

/**
 * Validates a one-time token and marks it used. `used` tells the caller the token was already spent (verify and
 * reset refuse it; deletion answers a repeated click once the account is gone).
 */
async function consumeMailToken(ctx: Ctx, token: string, purpose: TokenPurpose): Promise<{ userId: string; used: boolean; hash: string }> {
  const hash = sha256(token);
  const row = await ctx.db
    .selectFrom('account_tokens')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= ctx.clock().getTime()) {
    throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  }
  if (row.used_at) return { userId: row.user_id, used: true, hash };
  const claimed = await ctx.db
    .updateTable('account_tokens')
    .set({ used_at: ctx.clock() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return { userId: row.user_id, used: !claimed, hash };
}

// ---------------------------------------------------------------------------------------------------------

export interface SignupInput {
  displayName: string;
  email: string;
  password: string;
  /** clientId or Idempotency-Key: the same key never creates a second account. */
  clientKey?: string;
  /** Accounts made by an operator (admin CLI) skip the verification mail; the caller marks them verified. */
  skipVerificationMail?: boolean;
}

const signupFailed = () => new UnauthorizedError('SIGNUP_FAILED', messages.accounts.signupFailed);

export async function signUp(ctx: Ctx, input: SignupInput): Promise<{ user: AuthUser; token: string; sessionId: string }> {
  const displayName = input.displayName.trim();
  const email = input.email.trim();
  const hashOfEmail = emailHash(email);
  const userId = input.clientKey ? userIdFromClientKey(input.clientKey) : ctx.newId();
  const commandId = input.clientKey ? `signup:${input.clientKey}` : ctx.newId();
  const passwordHash = await hashPassword(input.password);
  const vault = createPiiVault(ctx.db);
  const command: UserCommand = {
    type: 'RegisterUser',
    data: {
      userId,
      publicUserId: randomBytes(12).toString('base64url'),
      email: await vault.encrypt(userId, email),
      displayName: await vault.encrypt(userId, displayName),
    },
  };

  let result;
  try {
    result = await run(ctx, userId, command, { commandId, userId }, { reserve: () => [{ scope: EMAIL_RESERVATION_SCOPE, value: hashOfEmail }] });
  } catch (err) {
    // The key made above protects nothing when no registration was written: drop it (never a foreign stream's).
    if ((await ctx.store.readStream(userStreamId(userId), { maxCount: 1 })).length === 0) await vault.forget(userId);
    if (err instanceof ReservationConflictError || err instanceof DomainError) throw signupFailed();
    throw err;
  }

  if (result.duplicate) {
    // A retry of a sign-up that went through: answer it only to someone who knows the password.
    const cred = await ctx.db.selectFrom('account_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (cred) {
      if (cred.email_hash !== hashOfEmail || !(await verifyPassword(cred.password_hash, input.password))) throw signupFailed();
    } else {
      const personal = await loadPersonalData(ctx, userId);
      if (!personal || emailHash(personal.email) !== hashOfEmail) throw signupFailed();
      await insertCredentials(ctx, userId, hashOfEmail, passwordHash);
    }
  } else {
    await insertCredentials(ctx, userId, hashOfEmail, passwordHash);
    if (!input.skipVerificationMail) {
      const eventId = await eventIdAt(ctx, userId, result.version);
      const token = await issueMailToken(ctx, userId, 'verify', new Date(ctx.clock().getTime() + TOKEN_TTL_MS.verify).toISOString());
      await sendAccountMail(ctx, 'verify', eventId, { email, displayName }, token);
    }
  }

  await caughtUp(ctx, result.position);
  const user = (await currentUser(ctx, userId)) ?? {
    _id: userId,
    displayName,
    email,
    administrator: false,
    publicUserId: result.state.publicUserId!,
    emailVerified: false,
  };
  const session = await createSession(ctx, userId);
  return { user, ...session };
}

async function insertCredentials(ctx: Ctx, userId: string, hashOfEmail: string, passwordHash: string) {
  await ctx.db
    .insertInto('account_credentials')
    .values({ user_id: userId, email_hash: hashOfEmail, password_hash: passwordHash })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function signIn(ctx: Ctx, input: { email: string; password: string }): Promise<{ user: AuthUser; token: string; sessionId: string }> {
  const bad = () => new UnauthorizedError('BAD_CREDENTIALS', messages.accounts.badCredentials);
  const cred = await ctx.db
    .selectFrom('account_credentials')
    .select(['user_id', 'password_hash'])
    .where('email_hash', '=', emailHash(input.email))
    .executeTakeFirst();
  if (!cred) {
    await burnVerify(input.password);
    throw bad();
  }
  if (!(await verifyPassword(cred.password_hash, input.password))) throw bad();
  const user = await currentUser(ctx, cred.user_id);
  if (!user) throw bad();
  // Said only to whoever knows the password: a suspended account gets no session (src/commands/accounts/admin.ts).
  if (await isSuspended(ctx.db, cred.user_id)) throw new DomainError('ACCOUNT_SUSPENDED', messages.accounts.accountSuspended, 403);
  const session = await createSession(ctx, cred.user_id);
  return { user, ...session };
}

export async function changePassword(
  ctx: Ctx,
  userId: string,
  input: { password: string; newPassword: string },
): Promise<{ user: AuthUser; token: string; sessionId: string }> {
  const failed = () => new UnauthorizedError('PASSWORD_UPDATE_FAILED', messages.accounts.passwordUpdateFailed);
  const cred = await ctx.db.selectFrom('account_credentials').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  if (!cred || !(await verifyPassword(cred.password_hash, input.password))) throw failed();
  const newHash = await hashPassword(input.newPassword);
  await run(ctx, userId, { type: 'ChangePassword', data: { reason: 'change' } }, { userId });
  await ctx.db.updateTable('account_credentials').set({ password_hash: newHash, updated_at: ctx.clock() }).where('user_id', '=', userId).execute();
  // A changed password ends every session (a thief's too, and its sockets); the caller gets a fresh one.
  await endAllSessions(ctx, userId);
  const user = await currentUser(ctx, userId);
  if (!user) throw failed();
  return { user, ...(await createSession(ctx, userId)) };
}

/** Always succeeds from the caller's view: whether the e-mail has an account is never revealed. */
export async function requestPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const cred = await ctx.db.selectFrom('account_credentials').select('user_id').where('email_hash', '=', emailHash(email)).executeTakeFirst();
  if (!cred) return;
  const personal = await loadPersonalData(ctx, cred.user_id);
  if (!personal) return;
  const result = await run(ctx, cred.user_id, { type: 'RequestPasswordReset', data: {} });
  const event = result.events[0];
  if (!event || event.type !== 'accounts.PasswordResetRequested') return;
  const eventId = await eventIdAt(ctx, cred.user_id, result.version);
  const token = await issueMailToken(ctx, cred.user_id, 'reset', event.data.expiresAt);
  await sendAccountMail(ctx, 'reset', eventId, personal, token);
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<{ user: AuthUser; token: string; sessionId: string }> {
  const passwordHash = await hashPassword(password);
  const { userId, used, hash } = await consumeMailToken(ctx, token, 'reset');
  if (used) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  await run(ctx, userId, { type: 'ChangePassword', data: { reason: 'reset' } }, { commandId: `reset:${hash}`, userId });
  await ctx.db.updateTable('account_credentials').set({ password_hash: passwordHash, updated_at: ctx.clock() }).where('user_id', '=', userId).execute();
  await endAllSessions(ctx, userId);
  // Other reset links of this account die with the password they were meant to replace.
  await ctx.db.updateTable('account_tokens').set({ used_at: ctx.clock() }).where('user_id', '=', userId).where('purpose', '=', 'reset').where('used_at', 'is', null).execute();
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  return { user, ...(await createSession(ctx, userId)) };
}

export async function verifyEmail(ctx: Ctx, token: string): Promise<AuthUser> {
  const { userId, used, hash } = await consumeMailToken(ctx, token, 'verify');
  // Single use, like a reset link: a spent link (leaked through a log, a shared inbox, a forwarded mail) must not
  // keep answering with the account's e-mail and name. Same answer as an unknown link, so it says nothing more.
  if (used) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  const result = await run(ctx, userId, { type: 'VerifyEmail', data: {} }, { commandId: `verify:${hash}`, userId });
  await caughtUp(ctx, result.position);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  return user;
}

/** Sends a new verification link; false when the address is already verified (nothing sent). */
export async function resendVerification(ctx: Ctx, userId: string): Promise<boolean> {
  const result = await run(ctx, userId, { type: 'RequestEmailVerification', data: {} }, { userId });
  const event = result.events[0];
  if (!event || event.type !== 'accounts.EmailVerificationRequested') return false;
  const personal = await loadPersonalData(ctx, userId);
  if (!personal) return false;
  const eventId = await eventIdAt(ctx, userId, result.version);
  const token = await issueMailToken(ctx, userId, 'verify', event.data.expiresAt);
  await sendAccountMail(ctx, 'verify', eventId, personal, token);
  return true;
}

/**
 * Asks to move the account to `newEmail`: nothing changes for sign-in until the link mailed to the new address is
 * opened (confirmEmailChange). A new request replaces the previous one, whose link stops working.
 */
export async function requestEmailChange(ctx: Ctx, userId: string, newEmail: string): Promise<void> {
  const email = newEmail.trim();
  const personal = await loadPersonalData(ctx, userId);
  if (!personal) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  const cred = await ctx.db.selectFrom('account_credentials').select('email_hash').where('user_id', '=', userId).executeTakeFirst();
  const vault = createPiiVault(ctx.db);
  const result = await run(
    ctx,
    userId,
    {
      type: 'RequestEmailChange',
      data: { email: await vault.encrypt(userId, email), emailHash: emailHash(email), currentEmailHash: cred?.email_hash ?? emailHash(personal.email) },
    },
    { userId },
  );
  const event = result.events[0];
  if (!event || event.type !== 'accounts.EmailChangeRequested') return;
  // Only the latest request's link works: it is the one ConfirmEmailChange will apply.
  await ctx.db.updateTable('account_tokens').set({ used_at: ctx.clock() }).where('user_id', '=', userId).where('purpose', '=', 'email').where('used_at', 'is', null).execute();
  const eventId = await eventIdAt(ctx, userId, result.version);
  const token = await issueMailToken(ctx, userId, 'email', event.data.expiresAt);
  await sendAccountMail(ctx, 'changeEmail', eventId, { email, displayName: personal.displayName }, token);
}

/**
 * The link sent to the new address: the account moves to it (reservation and sign-in), the old address is told.
 * A new address that another account took meanwhile is refused (409) and nothing changes.
 */
export async function confirmEmailChange(ctx: Ctx, token: string): Promise<AuthUser> {
  const { userId, used, hash } = await consumeMailToken(ctx, token, 'email');
  if (used) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  const events = (await ctx.store.readStream(userStreamId(userId))) as Recorded<UserEvent>[];
  const state = events.reduce(userDecider.evolve, userDecider.initialState());
  const before = await loadPersonalData(ctx, userId);
  const pending = state.pendingEmail ? await createPiiVault(ctx.db).decrypt(userId, state.pendingEmail.email) : null;
  if (!before || !pending) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  const cred = await ctx.db.selectFrom('account_credentials').select('email_hash').where('user_id', '=', userId).executeTakeFirst();
  const oldHash = cred?.email_hash ?? emailHash(before.email);
  const newHash = emailHash(pending);
  let result;
  try {
    result = await run(
      ctx,
      userId,
      { type: 'ConfirmEmailChange', data: {} },
      { commandId: `email:${hash}`, userId },
      {
        // The one-account-per-e-mail reservation moves with the address, in the same append.
        reserve: (decided) => (decided.length ? [{ scope: EMAIL_RESERVATION_SCOPE, value: newHash }] : []),
        release: (decided) => (decided.length && oldHash !== newHash ? [{ scope: EMAIL_RESERVATION_SCOPE, value: oldHash }] : []),
      },
    );
  } catch (err) {
    if (err instanceof ReservationConflictError) throw new DomainError('EMAIL_TAKEN', messages.accounts.emailTaken, 409);
    throw err;
  }
  // Sign-in looks accounts up by this hash: from now on the new address, and only it, signs in.
  await ctx.db.updateTable('account_credentials').set({ email_hash: newHash, updated_at: ctx.clock() }).where('user_id', '=', userId).execute();
  if (!result.duplicate) {
    const eventId = await eventIdAt(ctx, userId, result.version);
    const notice = emailChangedNoticeMail(before.email, before.displayName, pending);
    await ctx.jobs.enqueue(sendMailJob, { key: `${eventId}:notice`, ...notice }, `${eventId}:notice`);
  }
  await caughtUp(ctx, result.position);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  return user;
}

export async function updateProfile(ctx: Ctx, userId: string, input: { displayName: string }, commandId?: string): Promise<AuthUser> {
  const vault = createPiiVault(ctx.db);
  const result = await run(
    ctx,
    userId,
    { type: 'UpdateProfile', data: { displayName: await vault.encrypt(userId, input.displayName.trim()) } },
    { userId, commandId },
  );
  await caughtUp(ctx, result.position);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  return user;
}

/** Profile switches: whether people holding tickets of the same events may start a chat with the user. */
export async function setProfilePreferences(ctx: Ctx, userId: string, input: { allowAttendeeChat: boolean }): Promise<AuthUser> {
  const result = await run(ctx, userId, { type: 'SetAttendeeChatPreference', data: { allowAttendeeChat: input.allowAttendeeChat } }, { userId });
  await caughtUp(ctx, result.position);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  return user;
}

/**
 * Sets (a stored upload's URL) or removes (null) the account's picture. The previous file is deleted once the
 * change is recorded: a file nobody references is harmless, a reference to no file is not.
 */
export async function setAvatar(ctx: Ctx, userId: string, avatarUrl: string | null): Promise<AuthUser> {
  const before = await currentUser(ctx, userId);
  const result = await run(ctx, userId, { type: 'SetAvatar', data: { avatarUrl } }, { userId });
  await caughtUp(ctx, result.position);
  if (result.events.length && before?.avatarUrl && before.avatarUrl !== avatarUrl) await deleteAvatarFile(ctx, userId, before.avatarUrl);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  return user;
}

/** Where the account's pictures are stored (accounts/<userId>/avatar-<id>.<ext>). */
export const avatarKeyPrefix = (userId: string) => `accounts/${userId}/`;

/** Deletes a picture of this account (never a file of another owner, whatever the URL says). */
async function deleteAvatarFile(ctx: Ctx, userId: string, url: string) {
  const key = url.startsWith(fileUrl('')) ? url.slice(fileUrl('').length) : null;
  if (key && key.startsWith(avatarKeyPrefix(userId)) && isSafeKey(key)) await storageFor(ctx.config.dataDir).delete(key);
}

export async function requestAccountDeletion(ctx: Ctx, userId: string): Promise<void> {
  const personal = await loadPersonalData(ctx, userId);
  if (!personal) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  const result = await run(ctx, userId, { type: 'RequestAccountDeletion', data: {} }, { userId });
  const event = result.events[0];
  if (!event || event.type !== 'accounts.AccountDeletionRequested') return;
  const eventId = await eventIdAt(ctx, userId, result.version);
  const token = await issueMailToken(ctx, userId, 'delete', event.data.expiresAt);
  await sendAccountMail(ctx, 'deleteAccount', eventId, personal, token);
}

/**
 * Deletes the account: AccountDeleted is appended (releasing the e-mail), then everything personal outside
 * the log is removed and the user's key is shredded, which leaves the e-mail and name in the log unreadable.
 */
export async function deleteAccount(ctx: Ctx, token: string): Promise<void> {
  const { userId, used, hash } = await consumeMailToken(ctx, token, 'delete');
  const streamEvents = (await ctx.store.readStream(userStreamId(userId))) as Recorded<UserEvent>[];
  const deleted = streamEvents.some((e) => e.type === 'accounts.AccountDeleted');
  if (used && !deleted) throw new DomainError('INVALID_LINK', messages.accounts.invalidLink, 400);
  const personal = await loadPersonalData(ctx, userId);
  const cred = await ctx.db.selectFrom('account_credentials').select('email_hash').where('user_id', '=', userId).executeTakeFirst();
  const hashOfEmail = cred?.email_hash ?? (personal ? emailHash(personal.email) : null);
  const result = deleted
    ? null
    : await run(
        ctx,
        userId,
        { type: 'DeleteAccount', data: {} },
        { commandId: `delete:${hash}`, userId },
        { release: () => (hashOfEmail ? [{ scope: EMAIL_RESERVATION_SCOPE, value: hashOfEmail }] : []) },
      );
  await purgeAccountData(ctx, userId);
  // Pictures are personal data too: every one the account ever set goes with it.
  for (const e of streamEvents) if (e.type === 'accounts.AvatarChanged' && e.data.avatarUrl) await deleteAvatarFile(ctx, userId, e.data.avatarUrl);
  await caughtUp(ctx, result?.position ?? null);
}

async function purgeAccountData(ctx: Ctx, userId: string) {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const sessions = await trx.deleteFrom('account_sessions').where('user_id', '=', userId).returning('id').execute();
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_credentials').where('user_id', '=', userId).execute();
    // Stored idempotent responses may echo the user's e-mail or name.
    await trx.deleteFrom('http_idempotency').where('user_id', '=', userId).execute();
    await createPiiVault(trx).forget(userId);
    return sessions;
  });
  disconnectSessions(ctx, ended);
}

/** Grants the platform-administrator flag (admin CLI, tests, or another administrator). */
export async function grantAdministrator(ctx: Ctx, userId: string, grantedBy?: string): Promise<AuthUser> {
  const result = await run(ctx, userId, { type: 'GrantAdministrator', data: {} }, { userId: grantedBy });
  await caughtUp(ctx, result.position);
  const user = await currentUser(ctx, userId);
  if (!user) throw new DomainError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound, 404);
  return user;
}

/** Marks the e-mail verified without a link (administrators created from the command line). */
export async function markEmailVerified(ctx: Ctx, userId: string): Promise<void> {
  const result = await run(ctx, userId, { type: 'VerifyEmail', data: {} }, { userId });
  await caughtUp(ctx, result.position);
}

/** Sets a new password directly (admin CLI on an existing account). */
export async function setPassword(ctx: Ctx, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await run(ctx, userId, { type: 'ChangePassword', data: { reason: 'reset' } }, { userId });
  await ctx.db.updateTable('account_credentials').set({ password_hash: passwordHash, updated_at: ctx.clock() }).where('user_id', '=', userId).execute();
  await endAllSessions(ctx, userId);
}
