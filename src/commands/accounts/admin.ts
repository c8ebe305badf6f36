import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { userDecider, userStreamId, type UserCommand, type UserEvent, type UserState } from '../../domain/accounts/user.js';
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { adminUser, countAdministrators } from '../../projections/accounts/admin.js';
import { waitForPosition } from '../../projections/wait.js';
import { handleCommand } from '../handle.js';
import { endAllSessions } from './service.js';

/**
 * What a platform administrator does to an account: suspend or reactivate it, grant or revoke the administrator
 * flag. Every event names the administrator (`by`), so the audit trail is the log (accounts.admin-audit).
 *
 * These changes run one at a time across the platform (a PostgreSQL advisory lock), and each first checks, on
 * the acting administrator's own stream, that they are still an active administrator. Two administrators who
 * suspend or demote each other at the same moment would otherwise both pass the HTTP guard (a read model) and
 * leave the platform without one: serialized, the second finds that it lost the right. Since nobody may act on
 * themselves, the actor is always an administrator left afterwards.
 */

type Ctx = AppContext;
type Action = 'suspend' | 'reactivate' | 'grant' | 'revoke';

/** Any fixed 64-bit key; the platform has one lock for all administrator changes (they are rare). */
const ADMIN_CHANGES_LOCK = 0x61666f726f_01n;

async function stateOf(ctx: Ctx, userId: string): Promise<UserState> {
  const events = (await ctx.store.readStream(userStreamId(userId))) as Recorded<UserEvent>[];
  return events.reduce(userDecider.evolve, userDecider.initialState());
}

function commandOf(action: Action, by: string, administrators: number): UserCommand {
  switch (action) {
    case 'suspend':
      return { type: 'SuspendAccount', data: { by } };
    case 'reactivate':
      return { type: 'ReactivateAccount', data: { by } };
    case 'grant':
      return { type: 'GrantAdministrator', data: {} };
    case 'revoke':
      return { type: 'RevokeAdministrator', data: { by, administrators } };
  }
}

export const ADMIN_ACTION_MESSAGES: Record<Action, string> = {
  suspend: messages.accounts.admin.suspended,
  reactivate: messages.accounts.admin.reactivated,
  grant: messages.accounts.admin.granted,
  revoke: messages.accounts.admin.revoked,
};

/**
 * Applies one administrator action to `userId` on behalf of `by`. Idempotent: suspending a suspended account (or
 * any action already in effect) appends nothing and answers the account as it is.
 */
export async function administerAccount(ctx: Ctx, by: string, userId: string, action: Action, commandId?: string) {
  const result = await ctx.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${ADMIN_CHANGES_LOCK})`.execute(conn);
    try {
      const actor = await stateOf(ctx, by);
      if (actor.status !== 'active' || !actor.administrator || actor.suspended) {
        throw new ForbiddenError('FORBIDDEN', messages.http[403].message);
      }
      // Counted under the lock, after every earlier change reached the read model (each waits before unlocking).
      const administrators = action === 'revoke' ? await countAdministrators(ctx.db) : 0;
      const r = await handleCommand(ctx, {
        streamId: userStreamId(userId),
        decider: userDecider,
        command: commandOf(action, by, administrators),
        meta: { commandId: commandId ?? ctx.newId(), userId: by },
      });
      if (r.position) await waitForPosition(ctx.db, ctx.store, r.position, { timeoutMs: 5000 });
      return r;
    } finally {
      await sql`SELECT pg_advisory_unlock(${ADMIN_CHANGES_LOCK})`.execute(conn);
    }
  });
  // A suspension ends every session at once (rows, then the sockets on every node); a retry ends them again.
  if (action === 'suspend') await endAllSessions(ctx, userId);
  const account = await adminUser(ctx.db, userId);
  if (!account) throw new NotFoundError('ACCOUNT_NOT_FOUND', messages.accounts.accountNotFound);
  return { account, position: result.position };
}
