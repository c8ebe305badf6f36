// defineProjection<E>: the handler receives the declared union typed (checked by tsc over test/: see the
// expected type errors below) and only events of the declared types (checked here at run time).
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../src/eventstore/port.js';
import { defineProjection, type ProjectionContext } from '../../src/projections/projection.js';

type Added = { type: 'test.Added'; data: { n: number } };
type Renamed = { type: 'test.Renamed'; data: { name: string } };

const recorded = (type: string, data: unknown, streamVersion = 0): RecordedEvent => ({
  eventId: `e-${type}-${streamVersion}`,
  streamId: 's-1',
  streamVersion,
  type,
  data,
  metadata: { eventId: `e-${type}-${streamVersion}`, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
  position: `0:${streamVersion}`,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
});

describe('defineProjection', () => {
  it('hands the handler only the declared types, narrowed by switch without casts', async () => {
    const seen: string[] = [];
    const projection = defineProjection<Added | Renamed>({
      name: 'test_typed',
      eventTypes: ['test.Added', 'test.Renamed'],
      async handle(events) {
        for (const e of events) {
          switch (e.type) {
            case 'test.Added':
              seen.push(`added ${e.data.n + 1}`);
              break;
            case 'test.Renamed':
              seen.push(`renamed ${e.data.name.toUpperCase()}`);
              break;
          }
        }
      },
      async reset() {},
    });
    const ctx = {} as ProjectionContext; // not used by this handler
    await projection.handle([recorded('test.Added', { n: 1 }, 0), recorded('test.Other', { x: 1 }, 1), recorded('test.Renamed', { name: 'b' }, 2)], ctx);
    expect(seen).toEqual(['added 2', 'renamed B']);
    expect(projection.eventTypes).toEqual(['test.Added', 'test.Renamed']);
  });

  it('refuses, at compile time, a declared type outside the union', () => {
    const define = () =>
      defineProjection<Added>({
        name: 'test_wrong',
        // @ts-expect-error 'test.Renamed' is not a member of the declared union
        eventTypes: ['test.Added', 'test.Renamed'],
        async handle(events) {
          // @ts-expect-error `name` is not in test.Added's data
          for (const e of events) void e.data.name;
        },
        async reset() {},
      });
    expect(define().name).toBe('test_wrong');
  });
});
