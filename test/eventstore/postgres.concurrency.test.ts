import { randomUUID } from 'node:crypto';
import pg from 'pg';
const PgClient = pg.Client;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedEvent, WrongExpectedVersionError } from '../../src/eventstore/port.js';
import { NOT_APPENDING_SQL, PostgresEventStore } from '../../src/eventstore/postgres.js';
import { createMigratedDatabase, TEST_PG_ADMIN_URL } from '../support/database.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Plain appends run as one auto-committed statement; with reservations (or this test hook) the append runs in an
// explicit transaction. Both paths go through the same scenarios; only the second can hold transactions open.
describe.each([
  { path: 'single-statement appends', hold: false },
  { path: 'explicit-transaction appends held open before COMMIT', hold: true },
])('PostgreSQL event store under concurrency ($path)', ({ hold }) => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  /** Appends to streams in this map hold their transaction open (pg_sleep) for the given seconds before COMMIT. */
  const holdOpen = new Map<string, () => number>();

  beforeAll(async () => {
    database = await createMigratedDatabase(24);
    pool = database.pool;
    store = new PostgresEventStore(
      pool,
      database.url,
      hold
        ? {
            beforeCommit: async (client, streamId) => {
              const seconds = holdOpen.get(streamId)?.();
              if (seconds) await client.query('SELECT pg_sleep($1)', [seconds]);
            },
          }
        : {},
    );
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('lets exactly one of 50 concurrent appends at the same expected version win', async () => {
    const s = `race-${randomUUID()}`;
    await store.appendToStream(s, [{ type: 'test.Created', data: {} }], { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => store.appendToStream(s, [{ type: 'test.Raced', data: { i } }], { expectedVersion: 0 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(49);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(f.reason.actual).toBe(1);
    }
    const events = await store.readStream(s);
    expect(events.map((e) => e.streamVersion)).toEqual([0, 1]);
  });

  it('appends a command id raced 20 times once, answering every caller the same result', async () => {
    const s = `cmd-race-${randomUUID()}`;
    const commandId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.appendToStream(s, [{ type: 'test.Once', data: {} }, { type: 'test.Twice', data: {} }], { expectedVersion: 'any', commandId }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const first = results.find((r) => !r.duplicate)!;
    for (const r of results) expect({ ...r, duplicate: false }).toEqual(first);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('delivers every event once, in an order consistent with commits, while transactions commit out of sequence', async () => {
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll({ after: null, eventTypes: ['test.Written'], handler: (e) => void seen.push(e) });

    const shared = `shared-${randomUUID()}`;
    // Roughly one append in three keeps its transaction (and its already-assigned positions) open up to 60 ms.
    holdOpen.set(shared, () => (Math.random() < 0.3 ? Math.random() * 0.06 : 0));
    type Append = { streamId: string; startedAt: number; committedAt: number; position: string; count: number };
    const appends: Append[] = [];
    const writers = Array.from({ length: 8 }, async (_, w) => {
      const own = `writer-${w}-${randomUUID()}`;
      holdOpen.set(own, () => (Math.random() < 0.35 ? Math.random() * 0.08 : 0));
      let version = -1;
      for (let i = 0; i < 20; i++) {
        await sleep(Math.random() * 8);
        const toShared = i % 4 === 3;
        const streamId = toShared ? shared : own;
        const count = 1 + (i % 3);
        const events = Array.from({ length: count }, (_, k) => ({ type: 'test.Written', data: { w, i, k } }));
        const startedAt = performance.now();
        const r = await store.appendToStream(streamId, events, { expectedVersion: toShared ? 'any' : version === -1 ? 'no_stream' : version });
        appends.push({ streamId, startedAt, committedAt: performance.now(), position: r.position, count });
        if (!toShared) version = r.nextExpectedVersion;
      }
    });
    await Promise.all(writers);
    const total = appends.reduce((n, a) => n + a.count, 0);
    const deadline = Date.now() + 15_000;
    while (seen.length < total && Date.now() < deadline) await sleep(20);
    await sleep(100);
    await sub.stop();

    // Exactly once.
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.eventId)).size).toBe(total);

    // Per stream, versions arrive in order without gaps (also for the shared stream written with 'any').
    const byStream = new Map<string, number[]>();
    for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamVersion]);
    for (const versions of byStream.values()) expect(versions).toEqual(versions.map((_, i) => i));

    // An append that committed before another started is delivered before it.
    const index = new Map(seen.map((e, i) => [e.position, i]));
    let checkedPairs = 0;
    for (const a of appends) {
      for (const b of appends) {
        if (a.committedAt < b.startedAt) {
          checkedPairs++;
          expect(index.get(a.position)!).toBeLessThan(index.get(b.position)!);
        }
      }
    }
    expect(checkedPairs).toBeGreaterThan(1000);

    // The scenario really committed out of sequence: an append with a larger sequence number finished before one
    // with a smaller number, so a plain "sequence > checkpoint" reader could have skipped the smaller one.
    if (hold) {
      const seq = (a: Append) => BigInt(a.position.split(':')[1]);
      const outOfSequence = appends.some((a) => appends.some((b) => seq(b) > seq(a) && b.committedAt < a.committedAt - 1));
      expect(outOfSequence).toBe(true);
    }
  });
});

describe("PostgreSQL event store: group commit of 'any' appends", () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createMigratedDatabase(24);
    store = new PostgresEventStore(database.pool, database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("group-commits concurrent 'any' appends to many streams, keeping each stream's order and its retries single", async () => {
    const streams = Array.from({ length: 40 }, (_, i) => `group-${i}-${randomUUID()}`);
    const commandIds = streams.map(() => Array.from({ length: 5 }, () => randomUUID()));
    // Five appends per stream issued at once, in order; the third of each is also retried in the same burst.
    const calls = streams.flatMap((s, i) =>
      [0, 1, 2, 3, 4, 2].map((k) =>
        store.appendToStream(s, [{ type: 'test.Grouped', data: { k } }, { type: 'test.Grouped', data: { k, second: true } }], {
          expectedVersion: 'any',
          commandId: commandIds[i][k],
        }),
      ),
    );
    const results = await Promise.all(calls);
    for (let i = 0; i < streams.length; i++) {
      const mine = results.slice(i * 6, i * 6 + 6);
      // Arrival order is stream order: the k-th append ends at version 2k + 1.
      expect(mine.slice(0, 5).map((r) => r.nextExpectedVersion)).toEqual([1, 3, 5, 7, 9]);
      expect(mine.slice(0, 5).every((r) => !r.duplicate)).toBe(true);
      expect(mine[5]).toEqual({ ...mine[2], duplicate: true });
      const events = await store.readStream(streams[i]);
      expect(events.map((e) => e.streamVersion)).toEqual([...Array(10).keys()]);
      expect(events.map((e) => e.data.k)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    }
    // Appends shared transactions (one statement for several streams) rather than one each.
    const transactions = new Set(results.map((r) => r.position.split(':')[0]));
    expect(transactions.size).toBeLessThan(200);
    // Several appends of one stream can share one statement (a busy chat room), still in arrival order.
    const sharing = streams.filter((_, i) => new Set(results.slice(i * 6, i * 6 + 5).map((r) => r.position.split(':')[0])).size < 5);
    expect(sharing.length).toBeGreaterThan(0);
  });

  it("an 'any' append waiting on a stream another process is creating bumps it (single and batched statements)", async () => {
    // Process 1 creates five streams and holds each creation open; process 2 appends to them meanwhile. Its
    // statements take their snapshot before the creations commit, so the stream rows are invisible to their
    // UPDATE: the upsert must meet the committed row and bump it. Its first three appends leave alone (single
    // statements, released at 300 ms); the last two, queued meanwhile, leave together (one batch, released at 1 s).
    const streams = Array.from({ length: 5 }, (_, i) => `creating-${i}-${randomUUID()}`);
    const holdMs = new Map(streams.map((s, i) => [s, i < 3 ? 300 : 1000]));
    const holding: Array<() => void> = [];
    const held = streams.map(() => new Promise<void>((r) => holding.push(r)));
    const creator = new PostgresEventStore(database.pool, database.url, {
      beforeCommit: async (_client, streamId) => {
        holding[streams.indexOf(streamId)]();
        await sleep(holdMs.get(streamId)!);
      },
    });
    const other = new PostgresEventStore(database.pool, database.url);
    try {
      const created = streams.map((s) => creator.appendToStream(s, [{ type: 'test.Created', data: {} }], { expectedVersion: 'any' }));
      await Promise.all(held);
      const appended = await Promise.all(streams.map((s) => other.appendToStream(s, [{ type: 'test.Next', data: {} }], { expectedVersion: 'any' })));
      expect((await Promise.all(created)).map((r) => r.nextExpectedVersion)).toEqual([0, 0, 0, 0, 0]);
      expect(appended.map((r) => r.nextExpectedVersion)).toEqual([1, 1, 1, 1, 1]);
      // The last two shared one statement (one transaction).
      expect(appended[3].position.split(':')[0]).toBe(appended[4].position.split(':')[0]);
      for (const s of streams) expect((await store.readStream(s)).map((e) => [e.streamVersion, e.type])).toEqual([[0, 'test.Created'], [1, 'test.Next']]);
    } finally {
      await Promise.all([creator.close(), other.close()]);
    }
  });
});

describe('PostgreSQL ordering horizon', () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createMigratedDatabase(6);
    store = new PostgresEventStore(database.pool, database.url);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  async function openTransaction(url: string, notAppending = false) {
    const client = new PgClient({ connectionString: url });
    await client.connect();
    await client.query('BEGIN');
    if (notAppending) await client.query(NOT_APPENDING_SQL);
    // Takes a transaction id without writing anything: it now holds the snapshot horizon of the whole cluster.
    await client.query('SELECT pg_current_xact_id()');
    return client;
  }

  async function head() {
    let after: string | null = null;
    for (;;) {
      const r = await store.readAll({ after, maxCount: 1000 });
      if (r.events.length === 0) return { after, behind: r.behind };
      after = r.last;
    }
  }

  it('does not wait for an open transaction of another database', async () => {
    const foreign = await openTransaction(TEST_PG_ADMIN_URL);
    try {
      const { position } = await store.appendToStream(`h-${randomUUID()}`, [{ type: 'test.H', data: {} }], { expectedVersion: 'no_stream' });
      const { after, behind } = await head();
      expect(after).toBe(position);
      expect(behind).toBe(true);
    } finally {
      await foreign.query('ROLLBACK');
      await foreign.end();
    }
  });

  it('does not wait for an open read-model transaction that declared it appends nothing', async () => {
    const projectionLike = await openTransaction(database.url, true);
    try {
      const { position } = await store.appendToStream(`h-${randomUUID()}`, [{ type: 'test.H', data: {} }], { expectedVersion: 'no_stream' });
      expect((await head()).after).toBe(position);
    } finally {
      await projectionLike.query('ROLLBACK');
      await projectionLike.end();
    }
  });

  it('answers an empty read at once while its own append runs, is woken by its end, and checks the horizon after the grace', async () => {
    // A store whose appends of `held` keep their transaction open before COMMIT (the test hook).
    const holdOpen = new Map<string, () => number>();
    const store = new PostgresEventStore(database.pool, database.url, {
      beforeCommit: async (client, streamId) => {
        const seconds = holdOpen.get(streamId)?.();
        if (seconds) await client.query('SELECT pg_sleep($1)', [seconds]);
      },
    });
    const head = async () => {
      let after: string | null = null;
      for (;;) {
        const r = await store.readAll({ after, maxCount: 1000 });
        if (r.events.length === 0) return { after };
        after = r.last;
      }
    };
    const start = (await head()).after;
    const p = await store.appendToStream(`p-${randomUUID()}`, [{ type: 'test.P', data: {} }], { expectedVersion: 'no_stream' });
    const held = `held-${randomUUID()}`;
    holdOpen.set(held, () => 1.5);
    let signals = 0;
    const stop = store.onAppend(() => signals++);
    let holding: Promise<{ position: string }> | null = null;
    try {
      holding = store.appendToStream(held, [{ type: 'test.Held', data: {} }], { expectedVersion: 'no_stream' });
      await sleep(300); // its rows are written, its transaction open: it holds the horizon
      // Progress a moment ago: a read that returned events (p, committed below the horizon).
      const progress = await store.readAll({ after: start, maxCount: 10 });
      expect(progress.events.map((e) => e.position)).toEqual([p.position]);
      const before = progress.last;
      const { position } = await store.appendToStream(`t-${randomUUID()}`, [{ type: 'test.T', data: {} }], { expectedVersion: 'no_stream' });
      // Committed beyond the horizon, yet no horizon checks: the store's own open append will signal.
      const quick = await store.readAll({ after: before, maxCount: 10 });
      expect(quick.events).toHaveLength(0);
      expect(quick.behind).toBe(false);
      // No progress for longer than the grace: the checks run and see the event waiting.
      await sleep(150);
      const checked = await store.readAll({ after: before, maxCount: 10 });
      expect(checked.events).toHaveLength(0);
      expect(checked.behind).toBe(true);
      const signalsBefore = signals;
      const heldResult = await holding;
      expect(signals).toBeGreaterThan(signalsBefore);
      const read = await store.readAll({ after: before, maxCount: 10 });
      expect(read.events.map((e) => e.position)).toEqual([heldResult.position, position]);
      // A failed append signals too: a reader that relied on it must not wait for the slow poll.
      const failedBefore = signals;
      await expect(store.appendToStream(held, [{ type: 'test.Again', data: {} }], { expectedVersion: 'no_stream' })).rejects.toThrow(WrongExpectedVersionError);
      expect(signals).toBeGreaterThan(failedBefore);
    } finally {
      await holding?.catch(() => undefined);
      stop();
      holdOpen.delete(held);
      await store.close();
    }
  });

  it('does wait for an open transaction of its own database, then delivers in order', async () => {
    const before = (await head()).after;
    const own = await openTransaction(database.url);
    let committed = false;
    try {
      const { position } = await store.appendToStream(`h-${randomUUID()}`, [{ type: 'test.H', data: {} }], { expectedVersion: 'no_stream' });
      const blocked = await head();
      expect(blocked.after).toBe(before);
      expect(blocked.behind).toBe(true);
      await own.query('COMMIT');
      committed = true;
      expect((await head()).after).toBe(position);
    } finally {
      if (!committed) await own.query('ROLLBACK');
      await own.end();
    }
  });
});
