/**
 * The business-conference scheduler (issue 21): places accepted meetings into the round's slots (and tables) so
 * that nobody has two meetings at once, no slot a participant marked unavailable is used, no slot holds more
 * meetings than tables, pinned meetings keep their place, and each person's idle gaps (free slots between their
 * first and last meeting of a day) stay small. Pure and deterministic (a seeded PRNG): time, ids and I/O stay out.
 *
 * It is an edge colouring of the bipartite meeting graph with one colour per slot, with capacities per colour and
 * forbidden colours per vertex. The work happens on integer indices in typed arrays:
 *
 *  1. Greedy, hardest first: meetings ordered by how constrained their two people are (degree, free slots in
 *     common); each takes the feasible slot that adds the least idle time to both people (a slot next to their
 *     meetings, or one filling a hole), then its preferred slot, then the emptier slot (tables run out last).
 *  2. Repair by ejection chains: an unplaced meeting goes to the slot where it collides with the fewest
 *     meetings (a person's meeting there, or one meeting of a full slot); the displaced meetings move to a free
 *     slot if they have one, or queue up in turn. A tabu on (meeting, slot) keeps chains from cycling; the best
 *     assignment seen is kept. With any slack this reaches a complete schedule where one exists in practice.
 *  3. Idle-gap descent: meetings move to a free slot, and pairs of meetings in two slots swap, whenever that
 *     shrinks the idle time of the people involved (placements and capacities never get worse).
 *  4. Tables: per slot, pinned tables stay; an offerer keeps the table of their previous slot when it is free,
 *     so they do not walk between consecutive meetings; the rest take the lowest free table.
 *
 * Idle gaps are counted per day in slot steps (breaks are not slots): a day with meetings at its 1st, 2nd and
 * 5th slots has 2 idle slots. A day longer than 32 slots is measured in runs of 32 (a gap across the boundary
 * is not counted).
 */

export type UnplacedReason = 'noCommonSlot' | 'noTable' | 'conflicts';

export interface SchedulerMeeting {
  meetingId: string;
  /** The two participants (offer side, demand side). */
  a: string;
  b: string;
  preferredSlotId?: string | null;
}

export interface SchedulerInput {
  /** The round's slots; `index` orders them, `day` groups them (idle gaps are counted within a day). */
  slots: readonly { slotId: string; day: string; index: number }[];
  /** Tables per slot; null: a virtual venue (unlimited rooms). */
  tables: number | null;
  /** Meetings to place. */
  meetings: readonly SchedulerMeeting[];
  /** Meetings that keep their place (they occupy their people, slot and table). */
  pinned: readonly { meetingId: string; a: string; b: string; slotId: string; table: number | null }[];
  /** Participant id -> slot ids they cannot meet. */
  unavailable: Readonly<Record<string, readonly string[]>>;
  /** Tuning (tests, the benchmark): PRNG seed and the repair's effort. */
  options?: SchedulerOptions;
}

export interface SchedulerOptions {
  seed?: number;
  /** Repair steps per meeting to place (default 40). */
  repairEffort?: number;
  /** Passes of the idle-gap descent (default 4). */
  gapPasses?: number;
}

export interface SchedulerResult {
  placements: { meetingId: string; slotId: string; table: number | null }[];
  unplaced: { meetingId: string; reason: UnplacedReason }[];
}

// ----- the indexed problem ------------------------------------------------------------------------------------

/** The problem on integer indices: people 0..nP-1, slots 0..nS-1 in time order, meetings 0..nM-1. */
export interface IndexedProblem {
  nP: number;
  nS: number;
  /** Per slot: its segment (a day, or a 32-slot run of one) and its bit within the segment. */
  segOf: Int32Array;
  bitOf: Int32Array;
  nSeg: number;
  /** Per slot: meetings it can hold (pinned ones included); a large number for a virtual venue. */
  cap: Int32Array;
  /** Per meeting to place: its two people, preferred slot (-1: none). */
  ma: Int32Array;
  mb: Int32Array;
  pref: Int32Array;
  /** nP * nS: 1 where the person cannot meet (unavailable), 2 where a pinned meeting holds them. */
  blocked: Uint8Array;
  /** Per slot: pinned meetings in it (they use capacity). */
  pinnedLoad: Int32Array;
  /** Per person and segment: bitmask of their pinned meetings (for idle gaps). */
  pinnedMask: Int32Array;
}

/** mulberry32: a small, fast, seeded PRNG (repeatable runs). */
export function prng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Idle slots between the first and the last meeting of one day's bitmask. */
export function gapOf(mask: number): number {
  if (mask === 0) return 0;
  const lo = 31 - Math.clz32(mask & -mask);
  const hi = 31 - Math.clz32(mask);
  return hi - lo + 1 - popcount(mask);
}

/** Slots grouped into segments (days, split every 32 slots) with each slot's bit. */
export function segmentSlots(slots: readonly { day: string; index: number }[]): { order: number[]; segOf: Int32Array; bitOf: Int32Array; nSeg: number } {
  const order = slots.map((_, i) => i).sort((x, y) => slots[x].index - slots[y].index);
  const segOf = new Int32Array(slots.length);
  const bitOf = new Int32Array(slots.length);
  let seg = -1;
  let bit = 0;
  let day: string | null = null;
  for (const i of order) {
    if (slots[i].day !== day || bit === 32) {
      seg++;
      bit = 0;
      day = slots[i].day;
    }
    segOf[i] = seg;
    bitOf[i] = bit++;
  }
  return { order, segOf, bitOf, nSeg: seg + 1 };
}

// ----- the solver ---------------------------------------------------------------------------------------------

/**
 * Solves an indexed problem: the slot of each meeting (-1: not placed). Slots are indices in time order
 * (problem.segOf / bitOf describe them).
 */
export function solveIndexed(pb: IndexedProblem, options: SchedulerOptions = {}): Int32Array {
  const { nP, nS, segOf, bitOf, nSeg, cap, ma, mb, pref, blocked } = pb;
  const nM = ma.length;
  const rand = prng(options.seed ?? 20261125);
  const slotOf = new Int32Array(nM).fill(-1);
  if (nM === 0 || nS === 0) return slotOf;

  // occ[p * nS + s]: the meeting holding person p at slot s (-1: free). blocked[] says where p can never be.
  const occ = new Int32Array(nP * nS).fill(-1);
  const load = Int32Array.from(pb.pinnedLoad);
  const mask = Int32Array.from(pb.pinnedMask);
  // Per slot, its movable meetings (for picking one to displace from a full slot) and each meeting's position.
  const members: Int32Array[] = [];
  const count = new Int32Array(nS);
  const posIn = new Int32Array(nM).fill(-1);
  for (let s = 0; s < nS; s++) members.push(new Int32Array(Math.min(nM, Math.max(16, cap[s]))));
  let placed = 0;

  const place = (m: number, s: number) => {
    const a = ma[m];
    const b = mb[m];
    occ[a * nS + s] = m;
    occ[b * nS + s] = m;
    const bit = 1 << bitOf[s];
    mask[a * nSeg + segOf[s]] |= bit;
    mask[b * nSeg + segOf[s]] |= bit;
    load[s]++;
    slotOf[m] = s;
    let list = members[s];
    if (count[s] === list.length) {
      const grown = new Int32Array(list.length * 2);
      grown.set(list);
      members[s] = list = grown;
    }
    posIn[m] = count[s];
    list[count[s]++] = m;
    placed++;
  };
  const unplace = (m: number) => {
    const s = slotOf[m];
    const a = ma[m];
    const b = mb[m];
    occ[a * nS + s] = -1;
    occ[b * nS + s] = -1;
    const bit = ~(1 << bitOf[s]);
    mask[a * nSeg + segOf[s]] &= bit;
    mask[b * nSeg + segOf[s]] &= bit;
    load[s]--;
    slotOf[m] = -1;
    const list = members[s];
    const last = list[--count[s]];
    list[posIn[m]] = last;
    posIn[last] = posIn[m];
    posIn[m] = -1;
    placed--;
  };
  const free = (p: number, s: number) => occ[p * nS + s] === -1 && blocked[p * nS + s] === 0;
  /** Idle slots person p gains when they also meet at s (negative: s fills a hole). */
  const addCost = (p: number, s: number) => {
    const k = p * nSeg + segOf[s];
    const before = mask[k];
    return gapOf(before | (1 << bitOf[s])) - gapOf(before);
  };
  /** Small pull toward a slot next to the person's meetings: their day grows as one block. */
  const nextTo = (p: number, s: number) => {
    const before = mask[p * nSeg + segOf[s]];
    const bit = bitOf[s];
    return ((before >>> (bit + 1)) & 1) + (bit > 0 ? (before >>> (bit - 1)) & 1 : 0);
  };
  /** The best free slot for meeting m (both people free, a table left), or -1. */
  const bestFreeSlot = (m: number, except = -1): number => {
    const a = ma[m];
    const b = mb[m];
    let best = -1;
    let bestScore = Infinity;
    for (let s = 0; s < nS; s++) {
      if (s === except || load[s] >= cap[s] || !free(a, s) || !free(b, s)) continue;
      const score = (addCost(a, s) + addCost(b, s)) * 4 - (nextTo(a, s) + nextTo(b, s)) * 0.5 - (pref[m] === s ? 3 : 0) + load[s] / cap[s];
      if (score < bestScore) {
        bestScore = score;
        best = s;
      }
    }
    return best;
  };

  // 1. Greedy, hardest first.
  const degree = new Int32Array(nP);
  for (let m = 0; m < nM; m++) {
    degree[ma[m]]++;
    degree[mb[m]]++;
  }
  const difficulty = new Float64Array(nM);
  for (let m = 0; m < nM; m++) {
    let common = 0;
    const a = ma[m] * nS;
    const b = mb[m] * nS;
    for (let s = 0; s < nS; s++) if (blocked[a + s] === 0 && blocked[b + s] === 0) common++;
    difficulty[m] = (degree[ma[m]] + degree[mb[m]]) / Math.max(1, common) + rand() * 1e-3;
  }
  const order = Array.from({ length: nM }, (_, m) => m).sort((x, y) => difficulty[y] - difficulty[x]);
  const pending: number[] = [];
  for (const m of order) {
    const s = bestFreeSlot(m);
    if (s >= 0) place(m, s);
    else pending.push(m);
  }

  // 2. Repair by ejection chains.
  if (pending.length > 0) {
    const effort = options.repairEffort ?? 40;
    const budget = Math.max(20000, Math.round(effort * Math.max(pending.length * 50, nM / 4)));
    const tabu = new Int32Array(nM * nS);
    const tenure = 7 + Math.min(30, Math.round(nS / 4));
    let best = placed;
    let bestSlots = Int32Array.from(slotOf);
    const queue = pending;
    let steps = 0;
    const sample = 12;
    while (queue.length > 0 && steps < budget) {
      steps++;
      // A random waiting meeting (not always the same hard one at the head).
      const qi = Math.floor(rand() * queue.length);
      const m = queue[qi];
      queue[qi] = queue[queue.length - 1];
      queue.pop();
      if (slotOf[m] >= 0) continue;
      const direct = bestFreeSlot(m);
      if (direct >= 0) {
        place(m, direct);
      } else {
        const a = ma[m];
        const b = mb[m];
        let target = -1;
        let targetCost = Infinity;
        for (let s = 0; s < nS; s++) {
          if (blocked[a * nS + s] !== 0 || blocked[b * nS + s] !== 0) continue;
          const oa = occ[a * nS + s];
          const ob = occ[b * nS + s];
          let cost = (oa >= 0 ? 1 : 0) + (ob >= 0 && ob !== oa ? 1 : 0);
          if (cost === 0 && load[s] >= cap[s]) cost = 1;
          if (cost === 0) continue;
          const penalty = tabu[m * nS + s] > steps ? 10 : 0;
          const score = cost + penalty + rand() * 0.9;
          if (score < targetCost) {
            targetCost = score;
            target = s;
          }
        }
        if (target < 0) continue; // No slot both can ever meet: left out.
        const evicted: number[] = [];
        const oa = occ[a * nS + target];
        const ob = occ[b * nS + target];
        if (oa >= 0) {
          unplace(oa);
          evicted.push(oa);
        }
        if (ob >= 0 && ob !== oa) {
          unplace(ob);
          evicted.push(ob);
        }
        if (load[target] >= cap[target] && count[target] > 0) {
          // A full slot: move out a meeting that has a free slot elsewhere, else displace a random one.
          let victim = -1;
          let moveTo = -1;
          const list = members[target];
          for (let k = 0; k < sample; k++) {
            const v = list[Math.floor(rand() * count[target])];
            if (tabu[v * nS + target] > steps && k < sample - 1) continue;
            const alt = bestFreeSlot(v, target);
            if (alt >= 0) {
              victim = v;
              moveTo = alt;
              break;
            }
            if (victim < 0) victim = v;
          }
          if (victim >= 0) {
            unplace(victim);
            if (moveTo >= 0) place(victim, moveTo);
            else evicted.push(victim);
          }
        }
        if (load[target] < cap[target]) {
          place(m, target);
          tabu[m * nS + target] = 0;
        } else {
          queue.push(m);
        }
        for (const e of evicted) {
          tabu[e * nS + target] = steps + tenure;
          const alt = bestFreeSlot(e);
          if (alt >= 0) place(e, alt);
          else queue.push(e);
        }
      }
      if (placed > best) {
        best = placed;
        bestSlots = Int32Array.from(slotOf);
      }
    }
    if (placed < best) {
      // Back to the best assignment seen.
      for (let m = 0; m < nM; m++) if (slotOf[m] >= 0) unplace(m);
      for (let m = 0; m < nM; m++) if (bestSlots[m] >= 0) place(m, bestSlots[m]);
    }
  }

  // 3. Idle-gap descent: moves to free slots, then swaps between two slots.
  const passes = options.gapPasses ?? 4;
  const removeCost = (p: number, s: number) => {
    const k = p * nSeg + segOf[s];
    const before = mask[k];
    return gapOf(before & ~(1 << bitOf[s])) - gapOf(before);
  };
  /** Idle-time change of person p when their meeting moves from slot s0 to s1. */
  const moveCost = (p: number, s0: number, s1: number) => {
    const k0 = p * nSeg + segOf[s0];
    if (segOf[s0] === segOf[s1]) {
      const before = mask[k0];
      return gapOf((before & ~(1 << bitOf[s0])) | (1 << bitOf[s1])) - gapOf(before);
    }
    return removeCost(p, s0) + addCost(p, s1);
  };
  const prefBonus = (m: number, s: number) => (pref[m] === s ? 1 : 0);
  for (let pass = 0; pass < passes; pass++) {
    let improved = 0;
    for (let m = 0; m < nM; m++) {
      const s0 = slotOf[m];
      if (s0 < 0) continue;
      const a = ma[m];
      const b = mb[m];
      let bestS = -1;
      let bestDelta = 0;
      for (let s = 0; s < nS; s++) {
        if (s === s0 || load[s] >= cap[s] || !free(a, s) || !free(b, s)) continue;
        const delta = moveCost(a, s0, s) + moveCost(b, s0, s) - (prefBonus(m, s) - prefBonus(m, s0)) * 2;
        if (delta < bestDelta) {
          bestDelta = delta;
          bestS = s;
        }
      }
      if (bestS >= 0) {
        unplace(m);
        place(m, bestS);
        improved++;
      }
    }
    // Swaps: m (at s0) and c (at s1) trade slots, when that shrinks the idle time of the people involved. c is
    // the meeting one of m's people has at s1, or (s1 full, both free there) one of s1's meetings.
    for (let m = 0; m < nM; m++) {
      const s0 = slotOf[m];
      if (s0 < 0) continue;
      const a = ma[m];
      const b = mb[m];
      for (let s1 = 0; s1 < nS; s1++) {
        if (s1 === s0 || blocked[a * nS + s1] !== 0 || blocked[b * nS + s1] !== 0) continue;
        const oa = occ[a * nS + s1];
        const ob = occ[b * nS + s1];
        if (oa >= 0 && ob >= 0 && oa !== ob) continue;
        let c = oa >= 0 ? oa : ob;
        if (c < 0) {
          if (load[s1] < cap[s1]) continue; // a plain move, already tried
          // Worth a look only if m's people gain from s1.
          if (moveCost(a, s0, s1) + moveCost(b, s0, s1) >= 0) continue;
          const list = members[s1];
          for (let k = 0; k < 6 && c < 0; k++) {
            const x = list[Math.floor(rand() * count[s1])];
            if (free(ma[x], s0) && free(mb[x], s0)) c = x;
          }
          if (c < 0) continue;
        }
        const ca = ma[c];
        const cb = mb[c];
        // c's people other than m's must be free at s0 (a shared person keeps meeting in both slots).
        if ((ca === a || ca === b) && (cb === a || cb === b)) continue;
        if (!(ca === a || ca === b || free(ca, s0)) || !(cb === a || cb === b || free(cb, s0))) continue;
        const before = personsCost(a, b, ca, cb);
        unplace(m);
        unplace(c);
        place(m, s1);
        place(c, s0);
        const prefDelta = prefBonus(m, s1) + prefBonus(c, s0) - prefBonus(m, s0) - prefBonus(c, s1);
        if (personsCost(a, b, ca, cb) - before - prefDelta * 2 < 0) {
          improved++;
          break;
        }
        unplace(m);
        unplace(c);
        place(m, s0);
        place(c, s1);
      }
    }
    if (improved === 0) break;
  }

  /** Idle slots of up to four people (each counted once). */
  function personsCost(p1: number, p2: number, p3: number, p4: number): number {
    let total = 0;
    const one = (p: number) => {
      for (let g = 0; g < nSeg; g++) total += gapOf(mask[p * nSeg + g]);
    };
    one(p1);
    if (p2 !== p1) one(p2);
    if (p3 !== p1 && p3 !== p2) one(p3);
    if (p4 !== p1 && p4 !== p2 && p4 !== p3) one(p4);
    return total;
  }

  return slotOf;
}

/** First-fit greedy (the benchmark's baseline): each meeting, in the given order, takes the earliest feasible slot. */
export function firstFitIndexed(pb: IndexedProblem): Int32Array {
  const { nS, cap, ma, mb, blocked } = pb;
  const nM = ma.length;
  const slotOf = new Int32Array(nM).fill(-1);
  const busy = new Uint8Array(pb.nP * nS);
  const load = Int32Array.from(pb.pinnedLoad);
  for (let m = 0; m < nM; m++) {
    const a = ma[m] * nS;
    const b = mb[m] * nS;
    for (let s = 0; s < nS; s++) {
      if (load[s] >= cap[s] || busy[a + s] || busy[b + s] || blocked[a + s] || blocked[b + s]) continue;
      busy[a + s] = 1;
      busy[b + s] = 1;
      load[s]++;
      slotOf[m] = s;
      break;
    }
  }
  return slotOf;
}

/** Total idle slots of everyone (pinned meetings included) for an indexed assignment. */
export function idleGapsIndexed(pb: IndexedProblem, slotOf: Int32Array): number {
  const mask = Int32Array.from(pb.pinnedMask);
  for (let m = 0; m < slotOf.length; m++) {
    const s = slotOf[m];
    if (s < 0) continue;
    const bit = 1 << pb.bitOf[s];
    mask[pb.ma[m] * pb.nSeg + pb.segOf[s]] |= bit;
    mask[pb.mb[m] * pb.nSeg + pb.segOf[s]] |= bit;
  }
  let total = 0;
  for (let i = 0; i < mask.length; i++) total += gapOf(mask[i]);
  return total;
}

// ----- ids <-> indices ------------------------------------------------------------------------------------------

interface Built {
  pb: IndexedProblem;
  /** Slot index (time order) -> input slot. */
  slotIds: string[];
  meetings: SchedulerMeeting[];
  pinned: SchedulerInput['pinned'][number][];
}

/** The indexed problem of an input (slots renumbered in time order; unknown slots of pins are ignored). */
export function buildProblem(input: SchedulerInput): Built {
  const seg = segmentSlots(input.slots);
  const nS = input.slots.length;
  const slotIds = seg.order.map((i) => input.slots[i].slotId);
  const slotIndex = new Map(slotIds.map((id, s) => [id, s]));
  const segOf = new Int32Array(nS);
  const bitOf = new Int32Array(nS);
  seg.order.forEach((i, s) => {
    segOf[s] = seg.segOf[i];
    bitOf[s] = seg.bitOf[i];
  });
  const pinnedIds = new Set(input.pinned.map((p) => p.meetingId));
  const seenMeeting = new Set<string>();
  const meetings = input.meetings.filter((x) => {
    if (pinnedIds.has(x.meetingId) || seenMeeting.has(x.meetingId)) return false;
    seenMeeting.add(x.meetingId);
    return true;
  });
  const pinned = input.pinned.filter((p) => slotIndex.has(p.slotId));
  const people = new Map<string, number>();
  const person = (id: string) => {
    let i = people.get(id);
    if (i === undefined) people.set(id, (i = people.size));
    return i;
  };
  const nM = meetings.length;
  const ma = new Int32Array(nM);
  const mb = new Int32Array(nM);
  const pref = new Int32Array(nM).fill(-1);
  meetings.forEach((x, m) => {
    ma[m] = person(x.a);
    mb[m] = person(x.b);
    if (x.preferredSlotId) pref[m] = slotIndex.get(x.preferredSlotId) ?? -1;
  });
  for (const p of pinned) {
    person(p.a);
    person(p.b);
  }
  const nP = people.size;
  const nSeg = seg.nSeg;
  const blocked = new Uint8Array(nP * nS);
  for (const [id, list] of Object.entries(input.unavailable)) {
    const p = people.get(id);
    if (p === undefined) continue;
    for (const slotId of list) {
      const s = slotIndex.get(slotId);
      if (s !== undefined) blocked[p * nS + s] = 1;
    }
  }
  const pinnedLoad = new Int32Array(nS);
  const pinnedMask = new Int32Array(nP * nSeg);
  for (const p of pinned) {
    const s = slotIndex.get(p.slotId)!;
    pinnedLoad[s]++;
    for (const who of [people.get(p.a)!, people.get(p.b)!]) {
      blocked[who * nS + s] = 2;
      pinnedMask[who * nSeg + segOf[s]] |= 1 << bitOf[s];
    }
  }
  const unlimited = nM + pinned.length + 1;
  const cap = new Int32Array(nS).fill(input.tables === null ? unlimited : Math.max(0, input.tables));
  return { pb: { nP, nS, segOf, bitOf, nSeg, cap, ma, mb, pref, blocked, pinnedLoad, pinnedMask }, slotIds, meetings, pinned };
}

/** Why a meeting stayed out, given the final assignment. */
function reasonOf(pb: IndexedProblem, occupied: (p: number, s: number) => boolean, load: Int32Array, m: number): UnplacedReason {
  const { nS, ma, mb, blocked, cap } = pb;
  let common = false;
  let bothFree = false;
  for (let s = 0; s < nS; s++) {
    if (blocked[ma[m] * nS + s] === 1 || blocked[mb[m] * nS + s] === 1) continue;
    common = true;
    if (blocked[ma[m] * nS + s] === 0 && blocked[mb[m] * nS + s] === 0 && !occupied(ma[m], s) && !occupied(mb[m], s)) {
      bothFree = true;
      if (load[s] < cap[s]) return 'conflicts';
    }
  }
  if (!common) return 'noCommonSlot';
  return bothFree ? 'noTable' : 'conflicts';
}

/** Tables per slot: pinned tables stay, an offerer keeps their previous slot's table, the rest the lowest free. */
function assignTables(built: Built, slotOf: Int32Array, tables: number | null): (number | null)[] {
  const { pb, pinned, slotIds } = built;
  const nM = slotOf.length;
  const out: (number | null)[] = new Array(nM).fill(null);
  if (tables === null) return out;
  const slotIndex = new Map(slotIds.map((id, s) => [id, s]));
  const bySlot: number[][] = Array.from({ length: pb.nS }, () => []);
  for (let m = 0; m < nM; m++) if (slotOf[m] >= 0) bySlot[slotOf[m]].push(m);
  const taken: Set<number>[] = Array.from({ length: pb.nS }, () => new Set());
  for (const p of pinned) if (p.table !== null) taken[slotIndex.get(p.slotId)!].add(p.table);
  // Person -> [slot, table] of their last seated meeting.
  const lastSeat = new Int32Array(pb.nP * 2).fill(-1);
  for (let s = 0; s < pb.nS; s++) {
    const used = taken[s];
    const rest: number[] = [];
    for (const m of bySlot[s]) {
      const a = pb.ma[m];
      const prevSlot = lastSeat[a * 2];
      const prevTable = lastSeat[a * 2 + 1];
      if (prevSlot === s - 1 && s > 0 && pb.segOf[s - 1] === pb.segOf[s] && prevTable > 0 && !used.has(prevTable)) {
        out[m] = prevTable;
        used.add(prevTable);
      } else rest.push(m);
    }
    let next = 1;
    for (const m of rest) {
      while (used.has(next)) next++;
      out[m] = next;
      used.add(next);
    }
    for (const m of bySlot[s]) {
      for (const p of [pb.ma[m], pb.mb[m]]) {
        lastSeat[p * 2] = s;
        lastSeat[p * 2 + 1] = out[m]!;
      }
    }
  }
  return out;
}

/** Places `input.meetings` around the pinned ones (see the file's comment). */
export function schedule(input: SchedulerInput): SchedulerResult {
  const built = buildProblem(input);
  const slotOf = solveIndexed(built.pb, input.options);
  return toResult(built, slotOf, input.tables);
}

/** First-fit greedy over the same input (the benchmark's baseline). */
export function firstFit(input: SchedulerInput): SchedulerResult {
  const built = buildProblem(input);
  return toResult(built, firstFitIndexed(built.pb), input.tables);
}

function toResult(built: Built, slotOf: Int32Array, tables: number | null): SchedulerResult {
  const { pb, meetings, slotIds } = built;
  const tableOf = assignTables(built, slotOf, tables);
  const occ = new Uint8Array(pb.nP * pb.nS);
  const load = Int32Array.from(pb.pinnedLoad);
  for (let m = 0; m < slotOf.length; m++) {
    const s = slotOf[m];
    if (s < 0) continue;
    occ[pb.ma[m] * pb.nS + s] = 1;
    occ[pb.mb[m] * pb.nS + s] = 1;
    load[s]++;
  }
  const placements: SchedulerResult['placements'] = [];
  const unplaced: SchedulerResult['unplaced'] = [];
  meetings.forEach((x, m) => {
    const s = slotOf[m];
    if (s >= 0) placements.push({ meetingId: x.meetingId, slotId: slotIds[s], table: tableOf[m] });
    else unplaced.push({ meetingId: x.meetingId, reason: reasonOf(pb, (p, t) => occ[p * pb.nS + t] === 1, load, m) });
  });
  return { placements, unplaced };
}

/** Total idle slots of everyone for placements (by meeting id) of an input: the benchmark's and tests' measure. */
export function idleGaps(input: Pick<SchedulerInput, 'slots' | 'meetings' | 'pinned'>, placements: readonly { meetingId: string; slotId: string }[]): number {
  const seg = segmentSlots(input.slots);
  const bySlotId = new Map(input.slots.map((s, i) => [s.slotId, i]));
  const pair = new Map<string, [string, string]>();
  for (const x of input.meetings) pair.set(x.meetingId, [x.a, x.b]);
  const masks = new Map<string, number>();
  const add = (who: string, i: number) => {
    const k = `${who}|${seg.segOf[i]}`;
    masks.set(k, (masks.get(k) ?? 0) | (1 << seg.bitOf[i]));
  };
  for (const p of input.pinned) {
    const i = bySlotId.get(p.slotId);
    if (i === undefined) continue;
    add(p.a, i);
    add(p.b, i);
  }
  for (const p of placements) {
    const i = bySlotId.get(p.slotId);
    const ab = pair.get(p.meetingId);
    if (i === undefined || !ab) continue;
    add(ab[0], i);
    add(ab[1], i);
  }
  let total = 0;
  for (const v of masks.values()) total += gapOf(v);
  return total;
}
