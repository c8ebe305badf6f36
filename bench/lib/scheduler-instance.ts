// Instances for the business-conference scheduler (bench/scheduler.ts and test/businessConference/agenda-scheduler
// .test.ts): a round built around a planted complete schedule, so that placing 100% is feasible, and a checker of
// the scheduler's invariants. No side effects on import.
import { prng, type SchedulerInput, type SchedulerResult } from '../../src/domain/businessConference/scheduler.js';

export interface PlantedOptions {
  offers: number;
  demands: number;
  meetings: number;
  days: number;
  slotsPerDay: number;
  /** Share of each participant's slots marked unavailable (never one of their planted slots). */
  unavailableShare: number;
  /** At most this many meetings per participant (below the slots they can meet). */
  maxDegree: number;
  seed: number;
  /** Share of meetings with a preferred slot (their planted one). */
  preferredShare?: number;
}

export interface PlantedInstance {
  input: SchedulerInput;
  /** Tables: the busiest slot of the planted schedule. */
  tables: number;
  planted: Map<string, string>;
}

/**
 * 1. Random offer-demand pairs (skewed popularity, distinct pairs, capped degree), each planted at a random slot
 *    where both are still free (a pair with no such slot is dropped and another drawn);
 * 2. each participant's unavailable slots drawn among the slots they have no planted meeting in;
 * 3. tables = the most meetings any slot holds in the planted schedule.
 * The meetings are then shuffled, so the planted order says nothing.
 */
export function plantedInstance(o: PlantedOptions): PlantedInstance {
  const rand = prng(o.seed);
  const nP = o.offers + o.demands;
  const nS = o.days * o.slotsPerDay;
  const slots = Array.from({ length: nS }, (_, i) => {
    const d = Math.floor(i / o.slotsPerDay);
    return { slotId: `d${d + 1}s${String((i % o.slotsPerDay) + 1).padStart(2, '0')}`, day: `2026-03-${String(10 + d).padStart(2, '0')}`, index: i };
  });
  // Skewed popularity: a few offerers (and buyers) are asked by many.
  const cumulative = (n: number, skew: number) => {
    const c = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) c[i] = total += 1 / Math.pow(i + 20, skew);
    for (let i = 0; i < n; i++) c[i] /= total;
    return c;
  };
  const pick = (c: Float64Array) => {
    const r = rand();
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const offerC = cumulative(o.offers, 0.7);
  const demandC = cumulative(o.demands, 0.4);
  const busy = new Uint8Array(nP * nS);
  const degree = new Int32Array(nP);
  const pairs = new Set<number>();
  const ma: number[] = [];
  const mb: number[] = [];
  const ms: number[] = [];
  const load = new Int32Array(nS);
  let guard = 0;
  while (ma.length < o.meetings && guard++ < o.meetings * 50) {
    const a = pick(offerC);
    const b = o.offers + pick(demandC);
    if (degree[a] >= o.maxDegree || degree[b] >= o.maxDegree) continue;
    const key = a * nP + b;
    if (pairs.has(key)) continue;
    const start = Math.floor(rand() * nS);
    let slot = -1;
    for (let k = 0; k < nS; k++) {
      const s = (start + k) % nS;
      if (!busy[a * nS + s] && !busy[b * nS + s]) {
        slot = s;
        break;
      }
    }
    if (slot < 0) continue;
    pairs.add(key);
    busy[a * nS + slot] = 1;
    busy[b * nS + slot] = 1;
    degree[a]++;
    degree[b]++;
    load[slot]++;
    ma.push(a);
    mb.push(b);
    ms.push(slot);
  }
  const pid = (p: number) => (p < o.offers ? `o${p}` : `d${p - o.offers}`);
  const unavailable: Record<string, string[]> = {};
  const perPerson = Math.round(o.unavailableShare * nS);
  for (let p = 0; p < nP; p++) {
    const freeSlots: number[] = [];
    for (let s = 0; s < nS; s++) if (!busy[p * nS + s]) freeSlots.push(s);
    // Partial Fisher-Yates: the first `perPerson` of a shuffle.
    const k = Math.min(perPerson, freeSlots.length);
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(rand() * (freeSlots.length - i));
      [freeSlots[i], freeSlots[j]] = [freeSlots[j], freeSlots[i]];
    }
    if (k > 0) unavailable[pid(p)] = freeSlots.slice(0, k).map((s) => slots[s].slotId);
  }
  const order = ma.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const preferredShare = o.preferredShare ?? 0;
  const planted = new Map<string, string>();
  const meetings = order.map((i) => {
    const meetingId = `m${i}`;
    planted.set(meetingId, slots[ms[i]].slotId);
    return { meetingId, a: pid(ma[i]), b: pid(mb[i]), preferredSlotId: rand() < preferredShare ? slots[ms[i]].slotId : null };
  });
  let tables = 0;
  for (let s = 0; s < nS; s++) tables = Math.max(tables, load[s]);
  return { input: { slots, tables, meetings, pinned: [], unavailable }, tables, planted };
}

/** The scheduler's invariants on a result; an empty list when every one holds. */
export function violations(input: SchedulerInput, result: SchedulerResult): string[] {
  const out: string[] = [];
  const slotIds = new Set(input.slots.map((s) => s.slotId));
  const pair = new Map(input.meetings.map((x) => [x.meetingId, x]));
  const person = new Map<string, string>();
  const table = new Set<string>();
  const load = new Map<string, number>();
  const unavailable = (who: string, slotId: string) => input.unavailable[who]?.includes(slotId) ?? false;
  const seat = (meetingId: string, a: string, b: string, slotId: string, t: number | null) => {
    for (const who of a === b ? [a] : [a, b]) {
      const k = `${who}|${slotId}`;
      if (person.has(k)) out.push(`${who} twice at ${slotId} (${person.get(k)}, ${meetingId})`);
      person.set(k, meetingId);
    }
    load.set(slotId, (load.get(slotId) ?? 0) + 1);
    if (input.tables !== null) {
      if (t === null || t < 1) out.push(`${meetingId} without a table`);
      const k = `${t}|${slotId}`;
      if (table.has(k)) out.push(`table ${t} twice at ${slotId}`);
      table.add(k);
    }
  };
  for (const p of input.pinned) seat(p.meetingId, p.a, p.b, p.slotId, p.table);
  const seen = new Set<string>();
  for (const p of result.placements) {
    const x = pair.get(p.meetingId);
    if (!x) {
      out.push(`${p.meetingId} placed but not asked for`);
      continue;
    }
    if (seen.has(p.meetingId)) out.push(`${p.meetingId} placed twice`);
    seen.add(p.meetingId);
    if (!slotIds.has(p.slotId)) out.push(`${p.meetingId} at unknown slot ${p.slotId}`);
    if (unavailable(x.a, p.slotId) || unavailable(x.b, p.slotId)) out.push(`${p.meetingId} at an unavailable slot ${p.slotId}`);
    if (input.tables !== null && p.table !== null && p.table > input.tables) out.push(`${p.meetingId} at table ${p.table} > ${input.tables}`);
    seat(p.meetingId, x.a, x.b, p.slotId, p.table);
  }
  if (input.tables !== null) for (const [slotId, n] of load) if (n > input.tables) out.push(`${slotId} holds ${n} > ${input.tables}`);
  for (const p of result.unplaced) if (seen.has(p.meetingId)) out.push(`${p.meetingId} both placed and unplaced`);
  if (result.placements.length + result.unplaced.length !== new Set(input.meetings.map((x) => x.meetingId).filter((id) => !input.pinned.some((p) => p.meetingId === id))).size) {
    out.push('placements + unplaced do not cover the meetings');
  }
  return out;
}
