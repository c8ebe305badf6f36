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

  it('re-runs a command on fresh state when a concurrent writer got in first', async () => {
    const streamId = `tally-${randomUUID()}`;
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => handleCommand(ctx, { streamId, decider: tally, command: { type: 'Add', data: { n } }, meta: { commandId: randomUUID() } })),
    );
    expect(results.every((r) => !r.duplicate)).toBe(true);
    const events = await store.readStream(streamId);
    expect(events.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
    // Each decision saw the state left by the previous one.
    expect(events.map((e) => e.data.total)).toEqual(events.reduce<number[]>((acc, e) => [...acc, (acc.at(-1) ?? 0) + e.data.n], []));
    expect(events.at(-1)!.data.total).toBe(10);
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
