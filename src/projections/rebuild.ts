import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema.js';
import type { EventStore } from '../eventstore/port.js';
import { NOT_APPENDING_SQL } from '../eventstore/postgres.js';
import type { Projection } from './projection.js';
import { projectionLockKey } from './runner.js';

export interface RebuildResult {
  name: string;
  /** Events read from the store (all types) and handed to the projection (its types). */
  read: number;
  applied: number;
  position: string | null;
  ms: number;
  /** False when a live runner held the projection's lock; it resumes from the rebuilt checkpoint afterwards. */
  lockTaken: boolean;
}

/**
 * Rebuilds one projection from the first event, in ONE transaction: its rows are reset, every event replayed
 * (replaying: true, so no effects: no e-mails, no pushes) and the checkpoint set to the last event read. Readers
 * see the old rows until the commit, then the new ones; a failure leaves everything as it was.
 *
 * Exclusion: the checkpoint row is locked FOR UPDATE for the whole rebuild, so a live runner's next batch waits,
 * then sees the moved checkpoint and resumes from it (never applying an event twice). The projection's advisory
 * lock is also tried: taken, no live runner can start following until the commit.
 *
 * The transaction declares itself NOT_APPENDING, so it does not hold back the event store's ordering horizon:
 * live projections keep seeing new events while it runs.
 */
export async function rebuildProjection(
  deps: { db: Kysely<DB>; store: EventStore; logger?: Logger },
  projection: Projection,
  { batchSize = 2000 }: { batchSize?: number } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const types = new Set(projection.eventTypes);
  const result = await deps.db.transaction().execute(async (trx) => {
    await sql.raw(NOT_APPENDING_SQL).execute(trx); // first: live readers need not wait for this transaction
    await sql`SET LOCAL synchronous_commit = off`.execute(trx); // derived data (see processBatch)
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(hashtextextended(${projectionLockKey(projection.name)}, 0)) AS ok`.execute(trx);
    await trx
      .insertInto('projection_checkpoints')
      .values({ name: projection.name, position: null, status: 'running', error: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx.selectFrom('projection_checkpoints').select('name').where('name', '=', projection.name).forUpdate().execute();
    await projection.reset(trx);

    let position: string | null = null;
    let readCount = 0;
    let applied = 0;
    // The next page is read (on another connection) while this one is applied.
    const read = (after: string | null) => {
      const page = deps.store.readAll({ after, maxCount: batchSize });
      page.catch(() => undefined); // awaited below; never an unhandled rejection if handle() throws first
      return page;
    };
    let next = read(null);
    for (;;) {
      // Stops at the first empty page: later events are left to the live runner, which resumes from here.
      const { events, last } = await next;
      if (events.length === 0) break;
      next = read(last);
      const relevant = events.filter((e) => types.has(e.type));
      if (relevant.length > 0) {
        await projection.handle(relevant, { trx, replaying: true, store: deps.store, afterCommit: () => undefined });
      }
      readCount += events.length;
      applied += relevant.length;
      position = last;
    }
    await trx
      .updateTable('projection_checkpoints')
      .set({ position, status: 'running', error: null, updated_at: sql`now()` })
      .where('name', '=', projection.name)
      .execute();
    return { read: readCount, applied, position, lockTaken: lock.rows[0].ok };
  });
  const ms = Math.round(performance.now() - started);
  deps.logger?.info({ projection: projection.name, ...result, ms }, 'projection rebuilt');
  return { name: projection.name, ...result, ms };
}
