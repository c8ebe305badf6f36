import type { AppContext } from '../../context.js';
import { quotaDecider, quotaStreamId, type QuotaEvent, type QuotaState, type SeatsHeld } from '../../domain/sales/quota.js';
import type { Recorded } from '../../eventstore/port.js';

/**
 * A hot event's quota stream gets one event per reservation, so folding it for every reservation grows with the
 * sales (a 1,000-seat rush reads thousands of events per request). Each process keeps the folded state per event
 * and reads only the events appended since (`fromVersion`); the append still carries that exact version, so a
 * stale cache is only a retry, never an oversell. Nothing local is ever written into the cache: it is a prefix of
 * the stream as read back from the store.
 */
export interface CachedQuota {
  state: QuotaState;
  /** Revision of the last event folded (-1: none). */
  version: number;
  /** The hold each command id made (`reserve:<clientId>`): a retried reservation finds its first hold here. */
  holdsByCommand: Map<string, SeatsHeld>;
}

/** Events whose quota stays cached per process; the least recently used one is dropped beyond this. */
const MAX_CACHED_EVENTS = 1000;
const caches = new WeakMap<object, Map<string, CachedQuota>>();

export async function loadQuota(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<CachedQuota> {
  let byEvent = caches.get(ctx.store);
  if (!byEvent) caches.set(ctx.store, (byEvent = new Map()));
  const cached = byEvent.get(eventId) ?? { state: quotaDecider.initialState(), version: -1, holdsByCommand: new Map() };
  const tail = (await ctx.store.readStream(quotaStreamId(eventId), { fromVersion: cached.version + 1 })) as Recorded<QuotaEvent>[];
  let next = cached;
  // Another request of this process may have advanced the entry while this read was in flight: keep the newer.
  const current = byEvent.get(eventId);
  if (current && current.version > cached.version) next = current;
  for (const e of tail) {
    if (e.streamVersion <= next.version) continue;
    next = { state: quotaDecider.evolve(next.state, e), version: e.streamVersion, holdsByCommand: next.holdsByCommand };
    if (e.type === 'sales.SeatsHeld' && e.metadata.commandId) next.holdsByCommand.set(e.metadata.commandId, { type: e.type, data: e.data });
  }
  byEvent.delete(eventId); // re-inserted last: Map order is the LRU order
  byEvent.set(eventId, next);
  if (byEvent.size > MAX_CACHED_EVENTS) byEvent.delete(byEvent.keys().next().value!);
  return next;
}
