import type pg from 'pg';
import type { Socket } from 'socket.io';
import type { AppSocket } from './server.js';
import { HttpError } from '../http/errors.js';
import { openSessionOwners } from '../projections/accounts/queries.js';

interface Waiting {
  userId: string;
  resolve: (open: boolean) => void;
  reject: (err: unknown) => void;
}

/** Checks waiting for the end of the turn, one batch per pool (per process, in practice). */
const queues = new WeakMap<pg.Pool, Map<string, Waiting[]>>();

function flush(pool: pg.Pool, batch: Map<string, Waiting[]>) {
  // The accounts module's query (its table is its own).
  openSessionOwners(pool, [...batch.keys()])
    .then(
      (owner) => {
        for (const [sessionId, waiting] of batch) for (const w of waiting) w.resolve(owner.get(sessionId) === w.userId);
      },
      (err) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
      },
    );
}

/**
 * Is a socket's session still open? The rule of HTTP authentication (findAuthUser): its row in
 * `account_sessions` exists, belongs to the user and has not expired. Ending a session deletes the row before
 * the sockets' disconnect is published (src/commands/accounts/service.ts), so an event checked here is refused
 * even in the moment before the disconnect reaches this node. The checks of one event-loop turn leave together
 * as ONE primary-key query (like the chat rate limit's script call).
 */
export function sessionOpen(pool: pg.Pool, userId: string, sessionId: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let batch = queues.get(pool);
    if (!batch) {
      const fresh = new Map<string, Waiting[]>();
      batch = fresh;
      queues.set(pool, fresh);
      setImmediate(() => {
        queues.delete(pool);
        flush(pool, fresh);
      });
    }
    const list = batch.get(sessionId);
    if (list) list.push({ userId, resolve, reject });
    else batch.set(sessionId, [{ userId, resolve, reject }]);
  });
}

const SESSION_ENDED = 'SESSION_ENDED';

/**
 * Resolves while the socket's session is open; otherwise rejects with a 401 (code SESSION_ENDED). Whoever
 * answers the refused event then disconnects the socket (closeEndedSession), after its ack.
 */
export async function requireOpenSession(pool: pg.Pool, socket: AppSocket): Promise<void> {
  const { user, sessionId } = socket.data;
  if (!(await sessionOpen(pool, user._id, sessionId))) throw new HttpError(401, undefined, SESSION_ENDED);
}

/** After an event was refused with `err`: a socket whose session ended is disconnected. */
export function closeEndedSession(socket: Socket, err: unknown) {
  if (err instanceof HttpError && err.code === SESSION_ENDED) socket.disconnect(true);
}

/**
 * Socket events whose handler checks the session itself, in parallel with its own first steps and before any
 * effect (the chat send: the hot path, where the check would otherwise add a database round trip in series).
 * Every other event is checked before its handler runs (src/realtime/server.ts).
 */
export const sessionCheckedByHandler = new Set<string>();
