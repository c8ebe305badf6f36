import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { AuthUser } from '../../contracts/accounts.js';
import type { DB } from '../../db/schema.js';

const USER_COLUMNS = ['users.id', 'users.display_name', 'users.email', 'users.administrator', 'users.public_user_id', 'users.email_verified', 'users.avatar_url', 'users.allow_attendee_chat'] as const;

type UserRow = { id: string; display_name: string; email: string; administrator: boolean; public_user_id: string; email_verified: boolean; avatar_url?: string | null; allow_attendee_chat?: boolean };

export function toAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    displayName: row.display_name,
    email: row.email,
    administrator: row.administrator,
    publicUserId: row.public_user_id,
    emailVerified: row.email_verified,
    avatarUrl: row.avatar_url ?? null,
    allowAttendeeChat: row.allow_attendee_chat ?? false,
  };
}

/**
 * The user behind a token, if its session is still open (not logged out, not expired) and the user exists and is
 * not suspended (suspending ends the sessions too; this also refuses one opened while the suspension was written).
 */
export async function findAuthUser(db: Kysely<DB>, userId: string, sessionId: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('account_sessions')
    .innerJoin('users', 'users.id', 'account_sessions.user_id')
    .select(USER_COLUMNS)
    .where('account_sessions.id', '=', sessionId)
    .where('account_sessions.user_id', '=', userId)
    .where('account_sessions.expires_at', '>', new Date())
    .where('users.suspended', '=', false)
    .executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

/** Whether a platform administrator suspended the account (read model; the suspension waits for it). */
export async function isSuspended(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('suspended').where('id', '=', userId).executeTakeFirst();
  return row?.suspended === true;
}

/** A user of the read model by id (null when unknown or deleted). */
export async function findUserById(db: Kysely<DB>, userId: string): Promise<AuthUser | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

/** Users by public id (used by chat and other modules to show a person without exposing the internal id). */
export async function findUserByPublicId(db: Kysely<DB>, publicUserId: string): Promise<AuthUser | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('users.public_user_id', '=', publicUserId).executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

/**
 * The account that signed up with an e-mail (by its hash, src/domain/accounts/email.ts) and whether it proved
 * that e-mail. account_credentials is written with the sign-up itself (no projection lag); the verified flag is
 * the users read model's.
 */
export async function accountByEmailHash(db: Kysely<DB>, emailHash: string): Promise<{ userId: string; emailVerified: boolean } | null> {
  const row = await db
    .selectFrom('account_credentials')
    .leftJoin('users', 'users.id', 'account_credentials.user_id')
    .select(['account_credentials.user_id', 'users.email_verified'])
    .where('account_credentials.email_hash', '=', emailHash)
    .executeTakeFirst();
  return row ? { userId: row.user_id, emailVerified: row.email_verified === true } : null;
}

/** The hash of the e-mail an account signed up with (null when unknown). */
export async function emailHashOfAccount(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('account_credentials').select('email_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.email_hash ?? null;
}

/** Display names and e-mails of users, by id (unknown or deleted ids are absent). */
export async function usersByIds(db: Kysely<DB>, ids: string[]): Promise<Map<string, { displayName: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name', 'email']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { displayName: r.display_name, email: r.email }]));
}

/** Which of these users allow chats with other attendees of their events (profile preference, default off). */
export async function attendeeChatAllowed(db: Kysely<DB>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', [...new Set(ids)]).where('allow_attendee_chat', '=', true).execute();
  return new Set(rows.map((r) => r.id));
}

/** Names and public ids of users, by id, as other modules show a person (unknown or deleted ids are absent). */
export async function userProfiles(db: Kysely<DB>, ids: string[]): Promise<Map<string, { id: string; name: string; publicUserId: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; display_name: string; public_user_id: string }>`
    SELECT id, display_name, public_user_id FROM users WHERE id = ANY(${ids}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.display_name, publicUserId: r.public_user_id }]));
}

/**
 * The owner of each of these sessions that is still open (not logged out, not expired): session id -> user id.
 * ONE primary-key query on the pool, prepared once per connection (the sockets' per-turn check,
 * src/realtime/session-check.ts).
 */
export async function openSessionOwners(pool: pg.Pool, sessionIds: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; user_id: string }>({
    name: 'socket-sessions-open',
    text: 'SELECT id, user_id FROM account_sessions WHERE id = ANY($1::text[]) AND expires_at > now()',
    values: [sessionIds],
  });
  return new Map(rows.map((r) => [r.id, r.user_id]));
}
