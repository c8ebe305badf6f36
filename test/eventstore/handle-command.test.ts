import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../src/commands/handle.js';
import type { Decider } from '../../src/domain/shared/types.js';
import { WrongExpectedVersionError } from '../../src/eventstore/port.js';
import { PostgresEventStore } from '../../src/eventstore/postgres.js';
import { createMigratedDatabase } from '../support/database.js';

type C = { type: 'Add'; data: { n: number } };
type E = { type: 'tally.Added'; data: { n: number; id: string; total: number } };
type S = { total: number };
const tally: Decider<C, E, S> = {
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.n }),
  decide: (c, s, ctx) => [{ type: 'tally.Added', data: { n: c.data.n, id: ctx.newId(), total: s.total + c.data.n } }],
};

describe('handleCommand on the PostgreSQL store', () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  let store: PostgresEventStore;
  let ctx: { store: PostgresEventStore; clock: () => Date; newId: () => string };
  beforeAll(async () => {
    database = await createMigratedDatabase(12);
    store = new PostgresEventStore(database.pool, database.url);
    ctx = { store, clock: () => new Date(), newId: () => randomUUID() };
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('re-runs a command on fresh state when a writer of another process got in first', async () => {
    // One store per "process": commands of one stream queue up inside a process, so only writers of different
    // processes race on the version; 8 of them, 3 commands each, all land.
    const streamId = `tally-${randomUUID()}`;
    const stores = Array.from({ length: 8 }, () => new PostgresEventStore(database.pool, database.url));
    const results = await Promise.all(
      stores.flatMap((s, i) =>
        [1, 2, 3].map((k) =>
          handleCommand({ ...ctx, store: s }, { streamId, decider: tally, command: { type: 'Add', data: { n: i * 3 + k } }, meta: { commandId: randomUUID() } }),
        ),
      ),
    );
    await Promise.all(stores.map((s) => s.close()));
    expect(results.every((r) => !r.duplicate)).toBe(true);
    const events = await store.readStream(streamId);
    expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    // Each decision saw the state left by the previous one.
    expect(events.map((e) => e.data.total)).toEqual(events.reduce<number[]>((acc, e) => [...acc, (acc.at(-1) ?? 0) + e.data.n], []));
    expect(events.at(-1)!.data.total).toBe(300);
  });

  it('queues the commands of one stream inside a process: 20 at once, none retried', async () => {
    const streamId = `tally-${randomUUID()}`;
    let appends = 0;
    const counting = Object.create(store, {
      appendToStream: { value: (...a: Parameters<PostgresEventStore['appendToStream']>) => (appends++, store.appendToStream(...a)) },
    }) as PostgresEventStore;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => handleCommand({ ...ctx, store: counting }, { streamId, decider: tally, command: { type: 'Add', data: { n: i + 1 } } })),
    );
    expect(appends).toBe(20);
    expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('with `load` and version any: no read before the append, and a retried command id answers its first events', async () => {
    const streamId = `tally-${randomUUID()}`;
    let reads = 0;
    const counting = Object.create(store, {
      readStream: { value: (...a: Parameters<PostgresEventStore['readStream']>) => (reads++, store.readStream(...a)) },
    }) as PostgresEventStore;
    const c = { ...ctx, store: counting };
    const load = async () => ({ state: { total: 100 }, version: 'any' as const });
    const one = await handleCommand(c, { streamId, decider: tally, command: { type: 'Add', data: { n: 1 } }, load });
    const commandId = randomUUID();
    const first = await handleCommand(c, { streamId, decider: tally, command: { type: 'Add', data: { n: 2 } }, load, meta: { commandId } });
    expect(reads).toBe(0);
    expect([one.version, first.version, first.state]).toEqual([0, 1, { total: 102 }]);
    await handleCommand(c, { streamId, decider: tally, command: { type: 'Add', data: { n: 3 } }, load });
    const again = await handleCommand(c, { streamId, decider: tally, command: { type: 'Add', data: { n: 2 } }, load, meta: { commandId } });
    expect(again).toMatchObject({ duplicate: true, version: 1, position: first.position, events: first.events });
    expect(await store.readStream(streamId)).toHaveLength(3);
    // A pinned version is still checked against what `load` answers.
    const pinned = await handleCommand(c, {
      streamId,
      decider: tally,
      command: { type: 'Add', data: { n: 1 } },
      load: async () => ({ state: { total: 0 }, version: 2 }),
      meta: { expectedVersion: 1 },
    }).catch((e) => e);
    expect(pinned).toBeInstanceOf(WrongExpectedVersionError);
  });

  it('answers a command id raced 10 times with the first attempt’s events, appending once', async () => {
    const streamId = `tally-${randomUUID()}`;
    const commandId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => handleCommand(ctx, { streamId, decider: tally, command: { type: 'Add', data: { n: 5 } }, meta: { commandId } })),
    );
    const events = await store.readStream(streamId);
    expect(events).toHaveLength(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    for (const r of results) {
      expect(r.events).toEqual([{ type: 'tally.Added', data: events[0].data }]);
      expect(r.position).toBe(events[0].position);
      expect(r.state).toEqual({ total: 5 });
    }
  });

  it('does not retry when the client pinned a version that is stale', async () => {
    const streamId = `tally-${randomUUID()}`;
    await handleCommand(ctx, { streamId, decider: tally, command: { type: 'Add', data: { n: 1 } } });
    const err = await handleCommand(ctx, { streamId, decider: tally, command: { type: 'Add', data: { n: 1 } }, meta: { expectedVersion: -1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });
});
