import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { DB } from '../db/schema.js';
import type { EventStore, RecordedEvent } from '../eventstore/port.js';
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

/**
 * Runs projections: one active instance per projection across processes (session advisory lock on a dedicated
 * connection), batches read from the event store, checkpoint written in the same transaction as the rows,
 * effects after commit. A failing batch stops that projection (status 'failed', logged) and is retried later
 * from the same checkpoint; it is never skipped.
 */
export class ProjectionRunner {
  private readonly states = new Map<string, ProjectionStatus>();
  private readonly progress = new EventEmitter();
  private stopped = false;
  private wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private unsubscribe: (() => void) | null = null;

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
    this.unsubscribe = this.deps.store.onAppend(() => this.wakers.forEach((w) => w()));
    this.loops = this.projections.map((p) => this.run(p));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wakers.forEach((w) => w());
    await Promise.all(this.loops);
  }

  status(): ProjectionStatus[] {
    return this.projections.map(
      (p) => this.states.get(p.name) ?? { name: p.name, position: null, status: 'standby', error: null },
    );
  }

  private async run(projection: Projection): Promise<void> {
    const { pool, logger } = this.deps;
    const lockRetryMs = this.options.lockRetryMs ?? 5000;
    while (!this.stopped) {
      const lockClient = await pool.connect().catch(() => null);
      if (!lockClient) {
        await this.sleep(lockRetryMs);
        continue;
      }
      try {
        const { rows } = await lockClient.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [
          lockKey(projection.name),
        ]);
        if (!rows[0].ok) {
          this.setState(projection.name, { status: 'standby' });
          await this.sleep(lockRetryMs);
          continue;
        }
        await this.follow(projection);
      } catch (err) {
        logger.error({ err, projection: projection.name }, 'projection failed');
        this.setState(projection.name, { status: 'failed', error: (err as Error).message });
        await this.deps.db
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, position: null, status: 'failed', error: (err as Error).message })
          .onConflict((oc) => oc.column('name').doUpdateSet({ status: 'failed', error: (err as Error).message, updated_at: sql`now()` }))
          .execute()
          .catch(() => undefined);
        await this.sleep(this.options.retryMs ?? 30_000);
      } finally {
        await lockClient.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lockKey(projection.name)]).catch(() => undefined);
        lockClient.release();
      }
    }
    this.setState(projection.name, { status: 'stopped' });
  }

  /** Holds the lock: catch up, then follow new events until stopped. Throws on a failing batch. */
  private async follow(projection: Projection): Promise<void> {
    const row = await this.deps.db
      .selectFrom('projection_checkpoints')
      .select(['position'])
      .where('name', '=', projection.name)
      .executeTakeFirst();
    let position = row?.position ?? null;
    this.setState(projection.name, { status: 'running', error: null, position });
    await this.deps.db
      .insertInto('projection_checkpoints')
      .values({ name: projection.name, position, status: 'running', error: null })
      .onConflict((oc) => oc.column('name').doUpdateSet({ status: 'running', error: null }))
      .execute();
    while (!this.stopped) {
      const next = await processBatch(this.deps, projection, position, {
        batchSize: this.options.batchSize ?? 500,
        replaying: false,
      });
      if (next.read > 0) {
        position = next.position;
        this.setState(projection.name, { position });
        this.progress.emit('progress');
        continue;
      }
      await this.sleep(this.options.pollMs ?? 1000);
    }
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

/**
 * Reads one batch after `position`, applies the projection's events and moves its checkpoint in one
 * transaction, then runs the collected effects. Shared by the live runner and rebuilds.
 */
export async function processBatch(
  deps: { db: Kysely<DB>; store: EventStore; effects?: ProjectionEffects; logger?: Logger },
  projection: Projection,
  position: string | null,
  opts: { batchSize: number; replaying: boolean },
): Promise<{ read: number; position: string | null }> {
  const { events, last } = await deps.store.readAll({ after: position, maxCount: opts.batchSize });
  if (events.length === 0) return { read: 0, position };
  const types = new Set(projection.eventTypes);
  const relevant: RecordedEvent[] = events.filter((e) => types.has(e.type));
  const effects: Array<(fx: ProjectionEffects) => Promise<void> | void> = [];
  await deps.db.transaction().execute(async (trx) => {
    // Guard against a second writer: the stored checkpoint must still be where this batch started.
    const current = await trx
      .selectFrom('projection_checkpoints')
      .select('position')
      .where('name', '=', projection.name)
      .forUpdate()
      .executeTakeFirst();
    if (current && (current.position ?? null) !== position) {
      throw new Error(`checkpoint of ${projection.name} moved underneath (${current.position} != ${position})`);
    }
    if (relevant.length > 0) {
      await projection.handle(relevant, {
        trx,
        replaying: opts.replaying,
        afterCommit: (effect) => {
          if (!opts.replaying) effects.push(effect);
        },
      });
    }
    await trx
      .insertInto('projection_checkpoints')
      .values({ name: projection.name, position: last, status: 'running', error: null })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position: last, status: 'running', error: null, updated_at: sql`now()` }))
      .execute();
  });
  if (deps.effects) {
    for (const effect of effects) {
      try {
        await effect(deps.effects);
      } catch (err) {
        // The read model is committed; a failed push must not roll it back. Clients re-fetch on reconnect.
        deps.logger?.warn({ err, projection: projection.name }, 'projection effect failed');
      }
    }
  }
  return { read: events.length, position: last };
}

function lockKey(name: string) {
  return `projection:${name}`;
}
