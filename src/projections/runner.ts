import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../db/schema.js';
import type { EventStore, ReadAllResult, RecordedEvent } from '../eventstore/port.js';
import { NOT_APPENDING_SQL } from '../eventstore/postgres.js';
import type { Projection, ProjectionEffects } from './projection.js';

export interface RunnerOptions {
  batchSize?: number;
  /** Fallback poll when no append notification arrives. */
  pollMs?: number;
  /** Retry delay after a failure (the failing batch is retried, never skipped). */
  retryMs?: number;
  /** How often an instance that lost the advisory lock race tries again. */
  lockRetryMs?: number;
}

export interface ProjectionStatus {
  name: string;
  position: string | null;
  status: 'running' | 'standby' | 'failed' | 'stopped';
  error: string | null;
}

/** The advisory-lock key of a projection (session lock of the live runner, tried by rebuilds). */
export function projectionLockKey(name: string): string {
  return `projection:${name}`;
}

/** The stored checkpoint is not where this batch started: another writer (a rebuild) moved it. */
export class CheckpointMovedError extends Error {
  constructor(
    readonly projection: string,
    readonly stored: string | null,
    readonly expected: string | null,
  ) {
    super(`checkpoint of ${projection} moved underneath (${stored} != ${expected})`);
    this.name = 'CheckpointMovedError';
  }
}

class LockLostError extends Error {}

interface Member {
  projection: Projection;
  generation: number;
  position: string | null;
  load: () => Promise<string | null>;
  /** The runner stops: follow() resolves. */
  done: () => void;
  /** A batch failed or the lock was lost: follow() throws. */
  fail: (err: unknown) => void;
}

/**
 * Runs projections: one active instance per projection across processes (session advisory locks held on one
 * dedicated connection, outside the pool), batches read from the event store, checkpoint written in the same
 * transaction as the rows, effects after commit. A failing batch stops that projection (status 'failed', logged
 * and stored) and is retried later from the same checkpoint; it is never skipped. The status goes back to
 * 'running' only once a batch succeeds.
 */
export class ProjectionRunner {
  private readonly states = new Map<string, ProjectionStatus>();
  private readonly progress = new EventEmitter();
  private stopped = false;
  private wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | null = null;
  private lockClient: Promise<pg.Client> | null = null;
  /** Bumped when the lock connection dies: every lock taken on it is gone. */
  private lockGeneration = 0;
  /** Counts append signals, so that one arriving while a batch is being read is not lost (see follow). */
  private appendSignals = 0;
  /** Queries on the shared lock connection go one at a time (pg deprecates overlapping client.query calls). */
  private lockQueue: Promise<unknown> = Promise.resolve();
  /** Projections whose lock this process holds, driven together by drive(). */
  private readonly members = new Map<string, Member>();
  /** Reads of the log shared by this process's projections (see sharedRead). */
  private readonly reads = new Map<string, { signals: number; result: Promise<ReadAllResult> }>();

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      pool: pg.Pool;
      store: EventStore;
      effects: ProjectionEffects;
      logger: Logger;
    },
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  start(): void {
    this.unsubscribe = this.deps.store.onAppend(() => {
      this.appendSignals++;
      this.wakers.forEach((w) => w());
    });
    this.loops = [this.drive(), ...this.projections.map((p) => this.run(p))];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wakers.forEach((w) => w());
    await Promise.all(this.loops);
    const client = await this.lockClient?.catch(() => null);
    this.lockClient = null;
    await client?.end().catch(() => undefined);
  }

  status(): ProjectionStatus[] {
    return this.projections.map(
      (p) => this.states.get(p.name) ?? { name: p.name, position: null, status: 'standby', error: null },
    );
  }

  /** Resolves once the named projection (all when omitted) has processed past `position` in this process. */
  async waitFor(position: string, name?: string, timeoutMs = 10_000): Promise<void> {
    const done = () =>
      this.status()
        .filter((s) => !name || s.name === name)
        .every((s) => s.status === 'running' && this.deps.store.comparePositions(s.position, position) >= 0);
    if (done()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.progress.off('progress', check);
        reject(new Error(`projections did not reach ${position} in ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.progress.off('progress', check);
        resolve();
      };
      this.progress.on('progress', check);
    });
  }

  private getLockClient(): Promise<pg.Client> {
    this.lockClient ??= (async () => {
      const client = new pg.Client(this.deps.pool.options);
      const generation = this.lockGeneration;
      client.on('error', (err) => {
        this.deps.logger.warn({ err }, 'projection lock connection lost');
        if (this.lockGeneration === generation) {
          this.lockGeneration++;
          this.lockClient = null;
          this.wakers.forEach((w) => w());
        }
      });
      try {
        await client.connect();
      } catch (err) {
        this.lockClient = null;
        throw err;
      }
      return client;
    })();
    return this.lockClient;
  }

  private lockQuery(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult> {
    const result = this.lockQueue.then(() => client.query(text, values));
    this.lockQueue = result.catch(() => undefined);
    return result;
  }

  private async run(projection: Projection): Promise<void> {
    const { logger } = this.deps;
    const key = projectionLockKey(projection.name);
    const lockRetryMs = this.options.lockRetryMs ?? 5000;
    while (!this.stopped) {
      let client: pg.Client;
      let generation: number;
      try {
        client = await this.getLockClient();
        generation = this.lockGeneration;
        const { rows } = await this.lockQuery(client, `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [key]);
        if (!rows[0].ok) {
          this.setState(projection.name, { status: 'standby' });
          await this.sleep(lockRetryMs);
          continue;
        }
      } catch (err) {
        logger.warn({ err, projection: projection.name }, 'projection lock unavailable');
        await this.sleep(lockRetryMs);
        continue;
      }
      try {
        await this.follow(projection, generation);
      } catch (err) {
        if (err instanceof LockLostError) {
          this.setState(projection.name, { status: 'standby' });
          continue;
        }
        const message = (err as Error).message;
        logger.error({ err, projection: projection.name }, 'projection failed');
        // Stored first, so that other processes (health, read-your-writes) know as soon as this one does.
        await this.deps.db
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, position: null, status: 'failed', error: message })
          .onConflict((oc) => oc.column('name').doUpdateSet({ status: 'failed', error: message, updated_at: sql`now()` }))
          .execute()
          .catch(() => undefined);
        this.setState(projection.name, { status: 'failed', error: message });
        // Keep the lock while waiting: a standby instance would only fail on the same batch.
        await this.sleep(this.options.retryMs ?? 30_000);
      } finally {
        if (this.lockGeneration === generation) {
          await this.lockQuery(client, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]).catch(() => undefined);
        }
      }
    }
    this.setState(projection.name, { status: 'stopped' });
  }

  /**
   * Holds the lock: hands the projection to this process's driver (see drive), which catches it up and follows
   * new events. Resolves when the runner stops; throws when a batch of it fails or its lock is lost.
   */
  private async follow(projection: Projection, generation: number): Promise<void> {
    const load = async () => {
      await this.deps.db
        .insertInto('projection_checkpoints')
        .values({ name: projection.name, position: null, status: 'running', error: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.deps.db
        .selectFrom('projection_checkpoints')
        .select(['position'])
        .where('name', '=', projection.name)
        .executeTakeFirstOrThrow();
      return row.position ?? null;
    };
    const position = await load();
    // A projection that failed stays 'failed' until one of its batches goes through.
    if (this.states.get(projection.name)?.status !== 'failed') this.setState(projection.name, { status: 'running', error: null });
    this.setState(projection.name, { position });
    if (this.stopped) return;
    await new Promise<void>((resolve, reject) => {
      const leave = () => this.members.get(projection.name) === member && this.members.delete(projection.name);
      const member: Member = {
        projection,
        generation,
        position,
        load,
        done: () => (leave(), resolve()),
        fail: (err) => (leave(), reject(err)),
      };
      this.members.set(projection.name, member);
      if (this.stopped) member.done();
      this.wakers.forEach((w) => w());
    });
  }

  /**
   * One loop per process drives every projection it holds: they usually stand at the same position, so one
   * read of the log and ONE transaction (all their rows and checkpoints) serve them all, instead of a read and
   * a transaction each. Members behind the others go first, up to the next member's position, and then move
   * together. If the shared transaction fails, the batch is retried projection by projection, so that only the
   * projection at fault stops.
   */
  private async drive(): Promise<void> {
    let behindDelay = 0;
    while (!this.stopped) {
      for (const m of [...this.members.values()]) if (m.generation !== this.lockGeneration) m.fail(new LockLostError());
      const list = [...this.members.values()].sort((a, b) => this.deps.store.comparePositions(a.position, b.position));
      if (list.length === 0) {
        await this.sleep(this.options.pollMs ?? 1000); // woken when a projection joins
        continue;
      }
      const signalsBefore = this.appendSignals;
      const from = list[0].position;
      const group = list.filter((m) => m.position === from);
      const until = list.find((m) => m.position !== from)?.position ?? null;
      const opts = {
        batchSize: this.options.batchSize ?? 500,
        replaying: false,
        until,
        read: (after: string | null, maxCount: number) => this.sharedRead(after, maxCount, signalsBefore),
        prefetch: (after: string | null) => void this.sharedRead(after, this.options.batchSize ?? 500, this.appendSignals).catch(() => undefined),
      };
      let read = 0;
      let behind = false;
      try {
        const next = await processGroupBatch(this.deps, group.map((m) => m.projection), from, opts);
        read = next.read;
        behind = next.behind;
        for (const m of group) await this.advance(m, next);
      } catch {
        for (const m of group) {
          try {
            const next = await processBatch(this.deps, m.projection, m.position, opts);
            read += next.read;
            await this.advance(m, next);
          } catch (err) {
            if (!(err instanceof CheckpointMovedError)) {
              m.fail(err);
              continue;
            }
            // A rebuild committed meanwhile: continue from what it stored.
            this.deps.logger.info({ projection: m.projection.name }, 'checkpoint moved (rebuild); resuming from it');
            m.position = await m.load().catch(() => m.position);
            this.setState(m.projection.name, { position: m.position });
            read++;
          }
        }
      }
      this.progress.emit('progress');
      if (read > 0 || until !== null) {
        behindDelay = 0;
        continue;
      }
      // An append signalled while this (empty) read ran may not be in its snapshot: read again at once.
      if (this.appendSignals !== signalsBefore) continue;
      // Committed events wait behind an older open transaction (no notification will tell): look again soon.
      behindDelay = behind ? Math.min(Math.max(behindDelay * 2, 2), 50) : 0;
      await this.sleep(behind ? behindDelay : (this.options.pollMs ?? 1000));
    }
    for (const m of [...this.members.values()]) m.done();
  }

  /** A member's batch went through: its position, and its status back to 'running' if it had failed. */
  private async advance(m: Member, next: BatchResult) {
    const name = m.projection.name;
    if (this.states.get(name)?.status !== 'running') {
      if (next.read === 0) {
        await this.deps.db
          .updateTable('projection_checkpoints')
          .set({ status: 'running', error: null, updated_at: sql`now()` })
          .where('name', '=', name)
          .execute();
      }
      this.setState(name, { status: 'running', error: null });
    }
    if (next.read > 0) {
      m.position = next.position;
      this.setState(name, { position: m.position });
    }
  }

  /**
   * Projections of one process mostly stand at the same position, so they share one read of the log instead
   * of one each, and the driver reads the next batch while the current one is applied. A non-empty answer stays
   * valid for good (events below the ordering horizon never change) and is kept a little while; an empty one
   * serves only callers that have seen no append signal since it started (their "read again if a signal came"
   * rule must still hold).
   */
  private async sharedRead(after: string | null, maxCount: number, signalsSeen: number): Promise<ReadAllResult> {
    const key = `${after ?? ''}|${maxCount}`;
    const hit = this.reads.get(key);
    if (hit) {
      const shared = await hit.result.catch(() => null);
      if (shared && (shared.events.length > 0 || hit.signals >= signalsSeen)) return shared;
    }
    const entry = { signals: this.appendSignals, result: this.deps.store.readAll({ after, maxCount }) };
    this.reads.set(key, entry);
    if (this.reads.size > 32) this.reads.delete(this.reads.keys().next().value!);
    entry.result.then(
      (r) => {
        if (r.events.length === 0 && this.reads.get(key) === entry) this.reads.delete(key);
        else setTimeout(() => this.reads.get(key) === entry && this.reads.delete(key), 2000).unref();
      },
      () => this.reads.get(key) === entry && this.reads.delete(key),
    );
    return entry.result;
  }

  private setState(name: string, patch: Partial<ProjectionStatus>) {
    const prev = this.states.get(name) ?? { name, position: null, status: 'standby' as const, error: null };
    this.states.set(name, { ...prev, ...patch });
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

export interface BatchResult {
  read: number;
  position: string | null;
  behind: boolean;
}

export interface BatchOptions {
  batchSize: number;
  replaying: boolean;
  /** Reads the log (default: the store's readAll). */
  read?: (after: string | null, maxCount: number) => Promise<ReadAllResult>;
  /** Stop at this position (where another projection stands), so that the two can then move together. */
  until?: string | null;
  /** Told where the batch ends as soon as it is read, to start reading the next one meanwhile. */
  prefetch?: (after: string | null) => void;
}

async function readBatch(store: EventStore, position: string | null, opts: BatchOptions) {
  const read = opts.read ?? ((after, maxCount) => store.readAll({ after, maxCount }));
  const { events, last, behind = false } = await read(position, opts.batchSize);
  const until = opts.until;
  if (until == null || !events.length || store.comparePositions(last, until) <= 0) return { events, last, behind };
  return { events: events.filter((e) => store.comparePositions(e.position, until) <= 0), last: until, behind };
}

/**
 * One batch for several projections standing at the same position: one read, and one transaction holding all
 * their rows and checkpoints (or one statement when none has an event to apply). Throws CheckpointMovedError
 * when any checkpoint is not at `position` (nothing is applied then); the caller retries them one by one.
 */
export async function processGroupBatch(
  deps: { db: Kysely<DB>; store: EventStore; effects?: ProjectionEffects; logger?: Logger },
  projections: Projection[],
  position: string | null,
  opts: BatchOptions,
): Promise<BatchResult> {
  const { events, last, behind } = await readBatch(deps.store, position, opts);
  if (events.length === 0) return { read: 0, position, behind };
  opts.prefetch?.(last);
  const names = projections.map((p) => p.name);
  const work = projections.map((p) => {
    const types = new Set(p.eventTypes);
    return { projection: p, relevant: events.filter((e) => types.has(e.type)) };
  });
  // Moves the checkpoints from `position` to `last`; throws if one stands elsewhere (a rebuild holding a row makes
  // this wait, then miss it). In the transaction nothing is kept then; as a lone statement the others did move,
  // and the caller's one-by-one retry reloads them.
  const moveCheckpoints = async (db: Kysely<DB>) => {
    const moved = await sql<{ name: string }>`
      UPDATE projection_checkpoints SET position = ${last}, status = 'running', error = NULL, updated_at = now()
       WHERE name = ANY(${names}::text[]) AND position IS NOT DISTINCT FROM ${position}
         AND set_config('synchronous_commit', 'off', true) IS NOT NULL
      RETURNING name`.execute(db);
    if (moved.rows.length !== names.length) {
      const missing = names.find((n) => !moved.rows.some((r) => r.name === n))!;
      throw new CheckpointMovedError(missing, null, position);
    }
  };
  if (work.every((w) => w.relevant.length === 0)) {
    // Only checkpoints to move: one statement, not a transaction; derived data, so no WAL-flush wait.
    await moveCheckpoints(deps.db);
    return { read: events.length, position: last, behind };
  }
  const effects: Array<(fx: ProjectionEffects) => Promise<void> | void> = [];
  await inBatchTransaction(deps.db, names, position, last, async (trx) => {
    for (const { projection, relevant } of work) {
      if (relevant.length === 0) continue;
      await projection.handle(relevant, {
        trx,
        replaying: opts.replaying,
        store: deps.store,
        afterCommit: (effect) => {
          if (!opts.replaying) effects.push(effect);
        },
      });
    }
  });
  await runEffects(deps, effects, names.join(','));
  return { read: events.length, position: last, behind };
}

/**
 * The batch's transaction: its rows and the checkpoints' move from `from` to `to`, all or nothing.
 *
 * The projection loop is serial and each of its round trips waits for a busy event loop to read the answer, so
 * the head of the transaction leaves as ONE simple-protocol string (no parameters: the values are literals):
 *  - BEGIN;
 *  - the not-appending marker, first, before the transaction has an id (readers then need not wait for it, see
 *    NOT_APPENDING_SQL), and synchronous_commit off: read models are derived data, a crash loses rows and
 *    checkpoint together and they are re-applied from the log, so the commit need not wait for the WAL flush;
 *  - the checkpoints' compare-and-set, which also locks them: a second writer (a rebuild holding a row) is
 *    waited for before anything is written, then seen to have moved it (the cast fails on purpose and nothing
 *    of the batch is applied: CheckpointMovedError).
 * Then the handlers' statements, then COMMIT: 2 round trips besides the handlers' own instead of 4 (5 alone).
 */
async function inBatchTransaction(
  db: Kysely<DB>,
  names: string[],
  from: string | null,
  to: string | null,
  apply: (trx: Transaction<DB>) => Promise<void>,
) {
  const position = (p: string | null) => {
    if (p !== null && !/^\d+:\d+$/.test(p)) throw new Error(`not a log position: ${p}`);
    return p === null ? 'NULL' : pg.escapeLiteral(p);
  };
  const head = `BEGIN;
    ${NOT_APPENDING_SQL}, set_config('synchronous_commit', 'off', true);
    WITH moved AS (
      UPDATE projection_checkpoints SET position = ${position(to)}, status = 'running', error = NULL, updated_at = now()
       WHERE name IN (${names.map((n) => pg.escapeLiteral(n)).join(', ')}) AND position IS NOT DISTINCT FROM ${position(from)}
      RETURNING 1)
    SELECT CASE WHEN count(*) = ${names.length} THEN 1 ELSE ('${CHECKPOINT_MOVED} ' || count(*))::int END FROM moved`;
  await db.connection().execute(async (conn) => {
    try {
      await sql.raw(head).execute(conn);
      // One connection, inside BEGIN: a transaction for the handlers in all but kysely's type (a Transaction is a
      // Kysely that refuses to open another transaction; the handlers never do).
      await apply(conn as Transaction<DB>);
      await sql.raw('COMMIT').execute(conn);
    } catch (err) {
      await sql.raw('ROLLBACK').execute(conn).catch(() => undefined);
      if ((err as { message?: string }).message?.includes(CHECKPOINT_MOVED)) throw new CheckpointMovedError(names.join(','), null, from);
      throw err;
    }
  });
}
const CHECKPOINT_MOVED = 'PROJECTION_CHECKPOINT_MOVED';

async function runEffects(
  deps: { effects?: ProjectionEffects; logger?: Logger },
  effects: Array<(fx: ProjectionEffects) => Promise<void> | void>,
  projection: string,
) {
  if (!deps.effects) return;
  for (const effect of effects) {
    try {
      await effect(deps.effects);
    } catch (err) {
      // The read model is committed; a failed push must not roll it back. Clients re-fetch on reconnect.
      deps.logger?.warn({ err, projection }, 'projection effect failed');
    }
  }
}

/**
 * Reads one batch after `position`, applies the projection's events and moves its checkpoint in one
 * transaction, then runs the collected effects. Throws CheckpointMovedError when the stored checkpoint is not
 * `position` or its row is missing (nothing is applied then).
 */
export async function processBatch(
  deps: { db: Kysely<DB>; store: EventStore; effects?: ProjectionEffects; logger?: Logger },
  projection: Projection,
  position: string | null,
  opts: BatchOptions,
): Promise<BatchResult> {
  const { events, last, behind } = await readBatch(deps.store, position, opts);
  if (events.length === 0) return { read: 0, position, behind };
  const types = new Set(projection.eventTypes);
  const relevant: RecordedEvent[] = events.filter((e) => types.has(e.type));
  const effects: Array<(fx: ProjectionEffects) => Promise<void> | void> = [];
  if (relevant.length === 0) {
    // Nothing to write but the checkpoint (which read-your-writes waits on): one compare-and-set statement, not a
    // transaction. A rebuild holding the row makes it wait, then match nothing. Derived data: no WAL-flush wait.
    const moved = await sql`
      UPDATE projection_checkpoints SET position = ${last}, status = 'running', error = NULL, updated_at = now()
       WHERE name = ${projection.name} AND position IS NOT DISTINCT FROM ${position}
         AND set_config('synchronous_commit', 'off', true) IS NOT NULL`.execute(deps.db);
    if (Number(moved.numAffectedRows ?? 0) !== 1) {
      const current = await deps.db.selectFrom('projection_checkpoints').select('position').where('name', '=', projection.name).executeTakeFirst();
      throw new CheckpointMovedError(projection.name, current?.position ?? null, position);
    }
    return { read: events.length, position: last, behind };
  }
  await inBatchTransaction(deps.db, [projection.name], position, last, (trx) =>
    projection.handle(relevant, {
      trx,
      replaying: opts.replaying,
      store: deps.store,
      afterCommit: (effect) => {
        if (!opts.replaying) effects.push(effect);
      },
    }),
  );
  await runEffects(deps, effects, projection.name);
  return { read: events.length, position: last, behind };
}
