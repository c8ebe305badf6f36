/**
 * The event-store contract: every adapter (PostgreSQL, KurrentDB) must pass it. Stream names are unique per run
 * so the suite can also run against a shared KurrentDB server that holds other data.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  ReservationConflictError,
  WrongExpectedVersionError,
} from '../../src/eventstore/port.js';

export interface StoreFixture {
  store: EventStore;
  dispose(): Promise<void>;
}

const ev = (type: string, data: Record<string, unknown> = {}): NewEvent => ({ type, data });

async function until<T>(fn: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `skipReason` set: the suite is listed as skipped (with the reason in its name), never silently absent. */
export function eventStoreContract(name: string, factory: () => Promise<StoreFixture>, { skipReason }: { skipReason?: string } = {}) {
  describe.skipIf(Boolean(skipReason))(`event store contract: ${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    let fx: StoreFixture;
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    const sid = (label: string) => `contract-${label}-${run}-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      fx = await factory();
      store = fx.store;
    });
    afterAll(async () => {
      await fx?.dispose();
    });

    it('appends and reads a stream with versions, data and metadata', async () => {
      const s = sid('rw');
      const r1 = await store.appendToStream(s, [ev('test.A', { n: 1 }), ev('test.B', { n: 2, nested: { ok: true } })], {
        expectedVersion: 'no_stream',
      });
      expect(r1).toMatchObject({ nextExpectedVersion: 1, duplicate: false });
      const r2 = await store.appendToStream(s, [ev('test.C', { n: 3 })], { expectedVersion: 1 });
      expect(r2.nextExpectedVersion).toBe(2);
      expect(store.comparePositions(r2.position, r1.position)).toBe(1);

      const read = await store.readStream(s);
      expect(read.map((e) => [e.type, e.streamVersion, e.data.n])).toEqual([
        ['test.A', 0, 1],
        ['test.B', 1, 2],
        ['test.C', 2, 3],
      ]);
      expect(read[1].data.nested).toEqual({ ok: true });
      expect(read[0].streamId).toBe(s);
      expect(read[0].metadata.eventId).toBe(read[0].eventId);
      expect(read[0].metadata.schemaVersion).toBe(1);
      expect(typeof read[0].metadata.occurredAt).toBe('string');
      expect(read[0].createdAt).toBeInstanceOf(Date);
      expect(read[2].position).toBe(r2.position);
      expect(new Set(read.map((e) => e.eventId)).size).toBe(3);

      expect((await store.readStream(s, { fromVersion: 1, maxCount: 1 })).map((e) => e.type)).toEqual(['test.B']);
      expect(await store.readStream(sid('missing'))).toEqual([]);
    });

    it('reads several streams\' tails in one call, each a prefix of its stream in request order', async () => {
      const a = sid('multi-a');
      const b = sid('multi-b');
      await store.appendToStream(a, [ev('test.A', { n: 1 }), ev('test.B', { n: 2 }), ev('test.C', { n: 3 })], { expectedVersion: 'no_stream' });
      const rb = await store.appendToStream(b, [ev('test.X', { n: 9 })], { expectedVersion: 'no_stream' });
      const missing = sid('multi-missing');
      const read = await store.readStreams([{ streamId: b }, { streamId: missing }, { streamId: a, fromVersion: 1 }, { streamId: a, fromVersion: 3 }]);
      expect(read.map((events) => events.map((e) => [e.streamId, e.streamVersion, e.type]))).toEqual([
        [[b, 0, 'test.X']],
        [],
        [
          [a, 1, 'test.B'],
          [a, 2, 'test.C'],
        ],
        [],
      ]);
      expect(read[0][0].position).toBe(rb.position);
      expect(read[0][0].data).toEqual({ n: 9 });
      // The same answer as one readStream per request.
      expect(read[2]).toEqual(await store.readStream(a, { fromVersion: 1 }));
      expect(await store.readStreams([])).toEqual([]);
    });

    it('keeps caller-provided event ids and metadata', async () => {
      const s = sid('meta');
      const eventId = randomUUID();
      await store.appendToStream(
        s,
        [{ type: 'test.M', data: {}, metadata: { eventId, userId: 'u-1', correlationId: 'c-1', occurredAt: '2026-01-01T00:00:00.000Z' } }],
        { expectedVersion: 'no_stream' },
      );
      const [e] = await store.readStream(s);
      expect(e.eventId).toBe(eventId);
      expect(e.metadata).toMatchObject({ eventId, userId: 'u-1', correlationId: 'c-1', occurredAt: '2026-01-01T00:00:00.000Z' });
    });

    it('enforces expected versions with a typed WrongExpectedVersionError', async () => {
      const s = sid('ev');
      await store.appendToStream(s, [ev('test.A')], { expectedVersion: 'no_stream' });

      const noStream = await store.appendToStream(s, [ev('test.X')], { expectedVersion: 'no_stream' }).catch((e) => e);
      expect(noStream).toBeInstanceOf(WrongExpectedVersionError);
      expect(noStream).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', streamId: s, expected: 'no_stream', actual: 0 });

      const stale = await store.appendToStream(s, [ev('test.X')], { expectedVersion: 3 }).catch((e) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ expected: 3, actual: 0 });

      const missing = sid('ev-missing');
      const exists = await store.appendToStream(missing, [ev('test.X')], { expectedVersion: 'stream_exists' }).catch((e) => e);
      expect(exists).toBeInstanceOf(WrongExpectedVersionError);
      expect(exists).toMatchObject({ actual: null });
      const exact = await store.appendToStream(missing, [ev('test.X')], { expectedVersion: 0 }).catch((e) => e);
      expect(exact).toBeInstanceOf(WrongExpectedVersionError);

      expect((await store.appendToStream(s, [ev('test.B')], { expectedVersion: 'stream_exists' })).nextExpectedVersion).toBe(1);
      expect((await store.appendToStream(s, [ev('test.C')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(2);
      expect((await store.appendToStream(missing, [ev('test.D')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(0);
      expect((await store.appendToStream(s, [ev('test.E'), ev('test.F')], { expectedVersion: 2 })).nextExpectedVersion).toBe(4);
      // Nothing of the failed appends was written.
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['test.A', 'test.B', 'test.C', 'test.E', 'test.F']);
      expect((await store.readStream(missing)).map((e) => e.type)).toEqual(['test.D']);
    });

    it('appends a command id once and answers retries with the first result', async () => {
      const s = sid('cmd');
      const commandId = randomUUID();
      const first = await store.appendToStream(s, [ev('test.A'), ev('test.B')], { expectedVersion: 'no_stream', commandId });
      expect(first.duplicate).toBe(false);
      // Same command again, even with a now-stale expected version: nothing appended, same result.
      const again = await store.appendToStream(s, [ev('test.A'), ev('test.B')], { expectedVersion: 'no_stream', commandId });
      expect(again).toEqual({ ...first, duplicate: true });
      const third = await store.appendToStream(s, [ev('test.A'), ev('test.B')], { expectedVersion: 'any', commandId });
      expect(third).toEqual({ ...first, duplicate: true });
      const events = await store.readStream(s);
      expect(events).toHaveLength(2);
      expect(events.every((e) => e.metadata.commandId === commandId)).toBe(true);

      // A later command on the same stream still appends; the first one is still recognised afterwards.
      const next = await store.appendToStream(s, [ev('test.C')], { expectedVersion: 1, commandId: randomUUID() });
      expect(next).toMatchObject({ nextExpectedVersion: 2, duplicate: false });
      expect(await store.appendToStream(s, [ev('test.A')], { expectedVersion: 2, commandId })).toEqual({ ...first, duplicate: true });
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('reserves values across streams, reports conflicts and releases them', async () => {
      const scope = `email-${run}`;
      const value = `ana-${randomUUID().slice(0, 8)}@example.com`;
      const a = sid('res-a');
      const b = sid('res-b');
      await store.appendToStream(a, [ev('test.Registered', { value })], { expectedVersion: 'no_stream', reserve: [{ scope, value }] });

      const conflict = await store
        .appendToStream(b, [ev('test.Registered', { value })], { expectedVersion: 'no_stream', reserve: [{ scope, value }] })
        .catch((e) => e);
      expect(conflict).toBeInstanceOf(ReservationConflictError);
      expect(conflict).toMatchObject({ code: 'RESERVATION_CONFLICT', reservation: { scope, value } });
      expect(await store.readStream(b)).toEqual([]);

      // The same value in another scope is free.
      await store.appendToStream(b, [ev('test.Other')], { expectedVersion: 'no_stream', reserve: [{ scope: `${scope}-x`, value }] });

      // The owner may re-reserve its own value (no-op), then release it; another stream can take it then.
      await store.appendToStream(a, [ev('test.Touched')], { expectedVersion: 0, reserve: [{ scope, value }] });
      const other = `other-${value}`;
      await store.appendToStream(a, [ev('test.Changed', { value: other })], {
        expectedVersion: 1,
        release: [{ scope, value }],
        reserve: [{ scope, value: other }],
      });
      await store.appendToStream(b, [ev('test.Registered', { value })], { expectedVersion: 0, reserve: [{ scope, value }] });
      const taken = await store
        .appendToStream(b, [ev('test.Changed', { value: other })], { expectedVersion: 1, reserve: [{ scope, value: other }] })
        .catch((e) => e);
      expect(taken).toBeInstanceOf(ReservationConflictError);

      // A failed append (wrong version) keeps no reservation.
      const third = sid('res-c');
      const free = `free-${value}`;
      const wrong = await store
        .appendToStream(a, [ev('test.X')], { expectedVersion: 0, reserve: [{ scope, value: free }] })
        .catch((e) => e);
      expect(wrong).toBeInstanceOf(WrongExpectedVersionError);
      await store.appendToStream(third, [ev('test.Registered')], { expectedVersion: 'no_stream', reserve: [{ scope, value: free }] });
    });

    it('reads all streams in commit order, in pages, from an exclusive position', async () => {
      const marker = await store.appendToStream(sid('all-marker'), [ev('test.Marker')], { expectedVersion: 'no_stream' });
      const streams = [sid('all-1'), sid('all-2'), sid('all-3')];
      const written: string[] = [];
      for (let i = 0; i < 9; i++) {
        const s = streams[i % 3];
        const r = await store.appendToStream(s, [ev('test.Seq', { i })], { expectedVersion: 'any' });
        written.push(r.position);
      }
      const mine = new Set(streams);
      const seen: RecordedEvent[] = [];
      let after: string | null = marker.position;
      for (let page = 0; page < 1000; page++) {
        const { events, last, behind } = await store.readAll({ after, maxCount: 2 });
        expect(events.length).toBeLessThanOrEqual(2);
        if (events.length === 0) {
          expect(last).toBe(after);
          if (!behind) break;
          // An older transaction elsewhere still holds the horizon (PostgreSQL): read again shortly.
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        expect(last).toBe(events[events.length - 1].position);
        for (let i = 1; i < events.length; i++) expect(store.comparePositions(events[i - 1].position, events[i].position)).toBe(-1);
        if (after) expect(store.comparePositions(events[0].position, after)).toBe(1);
        seen.push(...events.filter((e) => mine.has(e.streamId)));
        after = last;
      }
      expect(seen.map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(seen.map((e) => e.position)).toEqual(written);
      // Reading from the start also finds them (after the marker).
      const fromStart = await store.readAll({ after: null, maxCount: 100_000 });
      const idx = fromStart.events.findIndex((e) => e.position === marker.position);
      expect(idx).toBeGreaterThanOrEqual(0);
      expect(fromStart.events.filter((e) => store.comparePositions(e.position, after) <= 0).slice(idx + 1).filter((e) => mine.has(e.streamId)).map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('subscribes to all from a checkpoint with an event-type filter and follows new events', async () => {
      const marker = await store.appendToStream(sid('sub-marker'), [ev('test.Marker')], { expectedVersion: 'no_stream' });
      const s = sid('sub');
      const wanted = `test.Wanted${run}`;
      await store.appendToStream(s, [ev(wanted, { i: 0 }), ev('test.Ignored', { i: -1 }), ev(wanted, { i: 1 })], {
        expectedVersion: 'no_stream',
      });
      const got: RecordedEvent[] = [];
      const sub = store.subscribeToAll({ after: marker.position, eventTypes: [wanted], handler: (e) => void got.push(e) });
      try {
        await until(() => got.length >= 2);
        const live = await store.appendToStream(s, [ev('test.Ignored', { i: -2 }), ev(wanted, { i: 2 })], { expectedVersion: 2 });
        await until(() => got.length >= 3);
        expect(got.map((e) => [e.type, e.data.i])).toEqual([
          [wanted, 0],
          [wanted, 1],
          [wanted, 2],
        ]);
        await until(() => sub.position !== null && store.comparePositions(sub.position, live.position) >= 0);
      } finally {
        await sub.stop();
      }
      // Stopped: nothing more is delivered.
      await store.appendToStream(s, [ev(wanted, { i: 3 })], { expectedVersion: 4 });
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toHaveLength(3);

      // Resuming from the last event seen delivers only what came after.
      const resumed: RecordedEvent[] = [];
      const sub2 = store.subscribeToAll({ after: got[2].position, eventTypes: [wanted], handler: (e) => void resumed.push(e) });
      try {
        await until(() => resumed.length >= 1);
        await new Promise((r) => setTimeout(r, 100));
        expect(resumed.map((e) => e.data.i)).toEqual([3]);
      } finally {
        await sub2.stop();
      }
    });

    it('signals appends to onAppend listeners', async () => {
      let calls = 0;
      const off = store.onAppend(() => calls++);
      try {
        // Give a lazily started listener (LISTEN connection, live subscription) a moment to attach.
        await new Promise((r) => setTimeout(r, 300));
        await store.appendToStream(sid('signal'), [ev('test.Signal')], { expectedVersion: 'no_stream' });
        await until(() => calls > 0);
      } finally {
        off();
      }
    });

    it('compares positions (null is the start)', async () => {
      const a = await store.appendToStream(sid('cmp'), [ev('test.A')], { expectedVersion: 'no_stream' });
      const b = await store.appendToStream(sid('cmp'), [ev('test.B')], { expectedVersion: 'no_stream' });
      expect(store.comparePositions(a.position, b.position)).toBe(-1);
      expect(store.comparePositions(b.position, a.position)).toBe(1);
      expect(store.comparePositions(a.position, a.position)).toBe(0);
      expect(store.comparePositions(null, a.position)).toBe(-1);
      expect(store.comparePositions(a.position, null)).toBe(1);
      expect(store.comparePositions(null, null)).toBe(0);
    });
  });
}
