import type { Kysely } from 'kysely';
import type { AuthUser } from '../../contracts/accounts.js';
import type { DB } from '../../db/schema.js';

const USER_COLUMNS = ['users.id', 'users.display_name', 'users.email', 'users.administrator', 'users.public_user_id', 'users.email_verified'] as const;

type UserRow = { id: string; display_name: string; email: string; administrator: boolean; public_user_id: string; email_verified: boolean };

export function toAuthUser(row: UserRow): AuthUser {
  return {
    _id: row.id,
    displayName: row.display_name,
    email: row.email,
    administrator: row.administrator,
    publicUserId: row.public_user_id,
    emailVerified: row.email_verified,
  };
}

/** The user behind a token, if its session is still open (not logged out, not expired) and the user exists. */
export async function findAuthUser(db: Kysely<DB>, userId: string, sessionId: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('account_sessions')
    .innerJoin('users', 'users.id', 'account_sessions.user_id')
    .select(USER_COLUMNS)
    .where('account_sessions.id', '=', sessionId)
    .where('account_sessions.user_id', '=', userId)
    .where('account_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? toAuthUser(row) : null;
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
