// A test-only projection, order- and duplicate-sensitive on purpose: per stream it counts events, sums `n` and
// keeps the list of applied versions. Applying an event twice, skipping one or reordering shows in its rows.
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import pino from 'pino';
import type { DB } from '../../../src/db/schema.js';
import type { EventStore } from '../../../src/eventstore/port.js';
import { defineProjection, type Projection, type ProjectionEffects } from '../../../src/projections/projection.js';
import { ProjectionRunner, type RunnerOptions } from '../../../src/projections/runner.js';

export const COUNTED = 'test.Counted';
/** The one event the counter handles. */
export type Counted = { type: typeof COUNTED; data: { n: number } };

export async function createCounterTable(db: Kysely<DB>, table = 'test_counts') {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (
    stream_id text PRIMARY KEY,
    events integer NOT NULL,
    total bigint NOT NULL,
    versions text NOT NULL
  )`.execute(db);
}

export interface CounterOptions {
  name?: string;
  /** Table written (default test_counts), made by createCounterTable. */
  table?: string;
  /** Called inside the batch's transaction after the rows were written (slow handlers, crashes). */
  during?: (events: number) => Promise<void> | void;
  /** Throws for an event with this `n`, while `shouldFail()` says so. */
  failOn?: { n: number; shouldFail: () => boolean };
  /** Pushes one effect per batch. */
  onEffect?: (count: number) => void;
}

export function counterProjection(options: CounterOptions = {}): Projection {
  return defineProjection<Counted>({
    name: options.name ?? 'test_counter',
    eventTypes: [COUNTED],
    async handle(events, { trx, afterCommit }) {
      const t = sql.table(options.table ?? 'test_counts');
      for (const e of events) {
        if (options.failOn && e.data.n === options.failOn.n && options.failOn.shouldFail()) {
          throw new Error(`cannot project n=${e.data.n}`);
        }
        await sql`INSERT INTO ${t} AS c (stream_id, events, total, versions)
                  VALUES (${e.streamId}, 1, ${e.data.n}, ${String(e.streamVersion)})
                  ON CONFLICT (stream_id) DO UPDATE SET events = c.events + 1,
                    total = c.total + EXCLUDED.total,
                    versions = c.versions || ',' || EXCLUDED.versions`.execute(trx);
      }
      await options.during?.(events.length);
      if (options.onEffect) afterCommit(() => options.onEffect!(events.length));
    },
    async reset(trx) {
      await sql`DELETE FROM ${sql.table(options.table ?? 'test_counts')}`.execute(trx);
    },
  });
}

export async function counterRows(db: Kysely<DB>, table = 'test_counts') {
  const { rows } = await sql<{ stream_id: string; events: number; total: string; versions: string }>`
    SELECT stream_id, events, total::text AS total, versions FROM ${sql.table(table)} ORDER BY stream_id`.execute(db);
  return rows;
}

export const silentLogger = pino({ level: 'silent' });

export const noEffects: ProjectionEffects = {
  realtime: { emit: () => undefined },
  jobs: { enqueue: async () => undefined },
};

export function counterRunner(
  deps: { db: Kysely<DB>; pool: pg.Pool; store: EventStore },
  projections: Projection[],
  options: RunnerOptions = {},
) {
  return new ProjectionRunner({ ...deps, effects: noEffects, logger: silentLogger }, projections, {
    pollMs: 200,
    retryMs: 200,
    lockRetryMs: 100,
    ...options,
  });
}

/**
 * Appends `count` Counted events (n = firstN, firstN + 1, ...) over `streams` streams, in appends of 1..3 events;
 * streams are written concurrently. Returns the position of the last append to finish.
 */
export async function appendCounted(store: EventStore, prefix: string, count: number, streams = 5, firstN = 1) {
  const plan = new Map<string, number[][]>();
  for (let written = 0, i = 0; written < count; i++) {
    const size = Math.min(1 + (i % 3), count - written);
    const streamId = `${prefix}-${i % streams}`;
    plan.set(streamId, [...(plan.get(streamId) ?? []), Array.from({ length: size }, (_, k) => firstN + written + k)]);
    written += size;
  }
  let last: string | null = null;
  await Promise.all(
    [...plan].map(async ([streamId, appends]) => {
      let version = -1;
      for (const ns of appends) {
        const events = ns.map((n) => ({ type: COUNTED, data: { n } }));
        const r = await store.appendToStream(streamId, events, { expectedVersion: version === -1 ? 'no_stream' : version });
        version = r.nextExpectedVersion;
        if (last === null || store.comparePositions(r.position, last) > 0) last = r.position;
      }
    }),
  );
  return last!;
}
