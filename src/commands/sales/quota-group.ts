import type { AppContext } from '../../context.js';
import { quotaDecider, quotaStreamId, type HoldSeats, type QuotaEvent, type SeatsHeld } from '../../domain/sales/quota.js';
import { WrongExpectedVersionError } from '../../eventstore/port.js';
import { MAX_ATTEMPTS } from '../handle.js';
import { toNewEvents } from '../new-events.js';
import { loadQuota } from './quota-state.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

export interface HoldResult {
  events: QuotaEvent[];
  duplicate: boolean;
  /** Position of the append that recorded the hold (null: answered from an earlier hold). */
  position: string | null;
}

interface Waiting {
  command: HoldSeats;
  commandId: string;
  userId?: string;
  resolve(result: HoldResult): void;
  reject(err: unknown): void;
}

interface Group {
  waiting: Waiting[];
  running: boolean;
}

/** Holds decided and appended together at most (one INSERT of this many events stays a few milliseconds). */
const MAX_GROUP = 200;
const groups = new WeakMap<object, Map<string, Group>>();

/**
 * Holds seats on the event's quota stream with group commit: the holds of one event that arrive while an append is
 * in flight are decided one after the other on the cached state (each accepted or refused on its own, in arrival
 * order) and appended together in ONE version-checked append. A hot event's stream takes one round trip per group
 * instead of one per reservation; the guard is unchanged — the append carries the exact version the group was
 * decided on, so a writer elsewhere (another process, a release) makes it fail and the whole group is decided
 * again on the new tail.
 *
 * Idempotency: each SeatsHeld carries its own command id in its metadata (the store's single command-id claim
 * cannot name several); a retry finds its hold in the stream's tail (`holdsByCommand`) before anything is decided,
 * and a twin in the same group (a double submit) waits for the first and gets its answer.
 */
export function holdSeatsGrouped(ctx: Ctx, command: HoldSeats, meta: { commandId: string; userId?: string }): Promise<HoldResult> {
  const eventId = command.data.eventId;
  let byEvent = groups.get(ctx.store);
  if (!byEvent) groups.set(ctx.store, (byEvent = new Map()));
  let group = byEvent.get(eventId);
  if (!group) byEvent.set(eventId, (group = { waiting: [], running: false }));
  const g = group;
  return new Promise<HoldResult>((resolve, reject) => {
    g.waiting.push({ command, commandId: meta.commandId, userId: meta.userId, resolve, reject });
    if (!g.running) {
      g.running = true;
      void drain(ctx, eventId, g, byEvent);
    }
  });
}

async function drain(ctx: Ctx, eventId: string, g: Group, byEvent: Map<string, Group>) {
  while (g.waiting.length > 0) {
    const batch = g.waiting.splice(0, MAX_GROUP);
    try {
      await appendGroup(ctx, eventId, batch);
    } catch (err) {
      // appendGroup answers each waiting caller itself; this is a bug's last line of defence.
      for (const w of batch) w.reject(err);
    }
  }
  g.running = false;
  if (byEvent.get(eventId) === g) byEvent.delete(eventId);
}

async function appendGroup(ctx: Ctx, eventId: string, batch: Waiting[]) {
  let pending = batch;
  for (let attempt = 1; ; attempt++) {
    const quota = await loadQuota(ctx, eventId);
    let state = quota.state;
    const now = ctx.clock();
    const accepted: { w: Waiting; events: QuotaEvent[] }[] = [];
    const twins: { w: Waiting; of: string }[] = [];
    const firstOf = new Map<string, Waiting>();
    for (const w of pending) {
      const earlier = quota.holdsByCommand.get(w.commandId);
      if (earlier) {
        w.resolve({ events: [earlier], duplicate: true, position: null });
        continue;
      }
      if (firstOf.has(w.commandId)) {
        twins.push({ w, of: w.commandId });
        continue;
      }
      firstOf.set(w.commandId, w);
      try {
        const events = quotaDecider.decide(w.command, state, { now, newId: ctx.newId });
        state = events.reduce(quotaDecider.evolve, state);
        accepted.push({ w, events });
      } catch (err) {
        // A refusal (sold out, a code used up) is this caller's answer; the others of the group go on.
        w.reject(err);
        for (const t of twins.filter((x) => x.of === w.commandId)) t.w.reject(err);
        firstOf.delete(w.commandId);
      }
    }
    const answerTwins = (resultOf: (commandId: string) => HoldResult | Error | undefined) => {
      for (const t of twins) {
        const r = resultOf(t.of);
        if (r instanceof Error) t.w.reject(r);
        else if (r) t.w.resolve({ ...r, duplicate: true });
      }
    };
    const newEvents = accepted.flatMap(({ w, events }) => toNewEvents(ctx, events, { commandId: w.commandId, userId: w.userId }));
    if (newEvents.length === 0) {
      for (const a of accepted) a.w.resolve({ events: a.events, duplicate: false, position: null });
      answerTwins((id) => {
        const a = accepted.find((x) => x.w.commandId === id);
        return a ? { events: a.events, duplicate: true, position: null } : undefined;
      });
      return;
    }
    try {
      const result = await ctx.store.appendToStream(quotaStreamId(eventId), newEvents, {
        expectedVersion: quota.version === -1 ? 'no_stream' : quota.version,
      });
      for (const a of accepted) a.w.resolve({ events: a.events, duplicate: false, position: result.position });
      answerTwins((id) => {
        const a = accepted.find((x) => x.w.commandId === id);
        return a ? { events: a.events, duplicate: true, position: result.position } : undefined;
      });
      return;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) {
        // Someone appended meanwhile: decide the whole group again on the new tail (refused ones already answered).
        pending = [...accepted.map((a) => a.w), ...twins.map((t) => t.w)];
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(64, 2 ** attempt)));
        continue;
      }
      for (const a of accepted) a.w.reject(err);
      for (const t of twins) t.w.reject(err);
      return;
    }
  }
}

/** The hold a result carries (every accepted or duplicate hold has exactly one SeatsHeld). */
export const heldOf = (r: HoldResult) => r.events.find((e): e is SeatsHeld => e.type === 'sales.SeatsHeld');
