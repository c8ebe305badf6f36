// The scheduler's invariants on seeded random instances (property style, no timings): nobody twice in a slot,
// no slot over its tables, no unavailable slot, pinned meetings untouched; planted instances at least 99% placed.
import { describe, expect, it } from 'vitest';
import { firstFit, idleGaps, prng, schedule, type SchedulerInput } from '../../src/domain/businessConference/scheduler.js';
import { plantedInstance, violations } from '../../bench/lib/scheduler-instance.js';

/** A random round: random pairs (some repeated people), random unavailability, a few pinned meetings, maybe virtual. */
function randomInstance(seed: number): SchedulerInput {
  const rand = prng(seed);
  const days = 1 + Math.floor(rand() * 3);
  const perDay = 2 + Math.floor(rand() * 12);
  const slots = Array.from({ length: days * perDay }, (_, i) => ({ slotId: `s${i}`, day: `2026-03-${10 + Math.floor(i / perDay)}`, index: i }));
  const offers = 2 + Math.floor(rand() * 25);
  const demands = 2 + Math.floor(rand() * 25);
  const virtual = rand() < 0.2;
  const tables = virtual ? null : 1 + Math.floor(rand() * 8);
  const n = Math.floor(rand() * offers * demands * 0.6);
  const pairs = new Set<string>();
  const meetings: SchedulerInput['meetings'][number][] = [];
  for (let i = 0; i < n; i++) {
    const a = `o${Math.floor(rand() * offers)}`;
    const b = `d${Math.floor(rand() * demands)}`;
    if (pairs.has(`${a}-${b}`)) continue;
    pairs.add(`${a}-${b}`);
    meetings.push({ meetingId: `m${i}`, a, b, preferredSlotId: rand() < 0.2 ? slots[Math.floor(rand() * slots.length)].slotId : null });
  }
  const unavailable: Record<string, string[]> = {};
  for (const p of [...Array(offers).keys()].map((i) => `o${i}`).concat([...Array(demands).keys()].map((i) => `d${i}`))) {
    unavailable[p] = slots.filter(() => rand() < 0.15).map((s) => s.slotId);
  }
  // Pin a few meetings where both are free and available (pinned must themselves be consistent).
  const pinned: SchedulerInput['pinned'][number][] = [];
  const busy = new Set<string>();
  const tableUse = new Map<string, number>();
  for (const m of meetings) {
    if (rand() > 0.1) continue;
    const s = slots[Math.floor(rand() * slots.length)].slotId;
    if (busy.has(`${m.a}|${s}`) || busy.has(`${m.b}|${s}`) || unavailable[m.a].includes(s) || unavailable[m.b].includes(s)) continue;
    const used = tableUse.get(s) ?? 0;
    if (tables !== null && used >= tables) continue;
    tableUse.set(s, used + 1);
    busy.add(`${m.a}|${s}`);
    busy.add(`${m.b}|${s}`);
    pinned.push({ meetingId: m.meetingId, a: m.a, b: m.b, slotId: s, table: tables === null ? null : used + 1 });
  }
  const pinnedIds = new Set(pinned.map((p) => p.meetingId));
  return { slots, tables, meetings: meetings.filter((m) => !pinnedIds.has(m.meetingId)), pinned, unavailable };
}

describe('scheduler invariants on random instances', () => {
  it('holds every invariant on 50 seeded random instances', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const input = randomInstance(seed);
      const result = schedule(input);
      expect(violations(input, result), `seed ${seed}`).toEqual([]);
      // Pinned meetings are never part of the output: they keep their place.
      const pinnedIds = new Set(input.pinned.map((p) => p.meetingId));
      expect(result.placements.some((p) => pinnedIds.has(p.meetingId)), `seed ${seed}`).toBe(false);
      // Nothing left out that had a free slot with a table for both people.
      for (const u of result.unplaced) expect(['noCommonSlot', 'noTable', 'conflicts']).toContain(u.reason);
    }
  });

  it('places at least 99% of planted instances and beats first-fit on placed and idle gaps', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { input } = plantedInstance({ offers: 150, demands: 200, meetings: 1800, days: 2, slotsPerDay: 12, unavailableShare: 0.1, maxDegree: 18, seed });
      const ours = schedule(input);
      expect(violations(input, ours), `seed ${seed}`).toEqual([]);
      expect(ours.placements.length / input.meetings.length, `seed ${seed}`).toBeGreaterThanOrEqual(0.99);
      const greedy = firstFit(input);
      expect(ours.placements.length).toBeGreaterThanOrEqual(greedy.placements.length);
      expect(idleGaps(input, ours.placements)).toBeLessThan(idleGaps(input, greedy.placements));
    }
  });

  it('is repeatable: the same input gives the same agenda', () => {
    const input = randomInstance(7);
    expect(schedule(input)).toEqual(schedule(input));
  });

  it('uses a preferred slot when it is free', () => {
    const slots = [0, 1, 2, 3].map((i) => ({ slotId: `s${i}`, day: '2026-03-10', index: i }));
    const r = schedule({ slots, tables: 1, meetings: [{ meetingId: 'm', a: 'a', b: 'b', preferredSlotId: 's2' }], pinned: [], unavailable: {} });
    expect(r.placements).toEqual([{ meetingId: 'm', slotId: 's2', table: 1 }]);
  });
});
