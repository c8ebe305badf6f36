import type { Kysely } from 'kysely';
import type { AuthUser } from '../../contracts/accounts.js';
import type { DB } from '../../db/schema.js';

/**
 * The user behind a token, if the session is still open. Implemented by the accounts module once its read
 * model exists; until then nobody is signed in.
 */
export async function findAuthUser(_db: Kysely<DB>, _userId: string, _sessionId: string): Promise<AuthUser | null> {
  return null;
}
