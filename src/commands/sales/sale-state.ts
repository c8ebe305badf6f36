import type { AppContext } from '../../context.js';
import { eventDecider, eventStreamId, type CreatedEvent, type EventState, type EventsEvent } from '../../domain/events/event.js';
import { settingsDecider, settingsStreamId, type SettingsEvent, type SettingsState } from '../../domain/sales/settings.js';
import type { Recorded } from '../../eventstore/port.js';
import { findEvent } from '../../projections/events/queries.js';
import type { StoreSettings } from '../../projections/sales/settings.js';

/**
 * What a reservation needs to know about its event before a seat is touched: the event's folded state (ticket
 * types, prices, windows, capacity, published / cancelled) and the store settings' folded state (hold time, order
 * limits). Both come from their streams (the command side, never a lagging read model). Each process keeps them
 * folded per event and reads only the events appended since, both tails in ONE multi-stream read
 * (`store.readStreams`): a reservation used to read the whole event stream and the settings row, two statements.
 *
 * Reads are batched (a read group): a request that arrives while a read is in flight waits for the next read, which
 * starts after it arrived and serves every request waiting then, all events of the group in one statement. So every
 * request still sees every event committed before it arrived (a fresh read, never an older one shared), and a rush
 * of one event costs one read per group instead of one per request. Nothing local is ever written into the cache:
 * it is a prefix of each stream as read back from the store. The seats themselves are guarded by the quota's
 * version-checked append (./quota-group.ts); this state only prices and checks the order as loadEvent did.
 */
export interface SaleState {
  eventId: string;
  /** null: no such event, or deleted (loadEvent's answer). */
  event: CreatedEvent | null;
  eventVersion: number;
  settings: StoreSettings;
  settingsVersion: number;
}

interface Entry {
  event: EventState;
  eventVersion: number;
  settings: SettingsState;
  settingsVersion: number;
}

interface Waiter {
  eventId: string;
  resolve(entry: Entry): void;
  reject(err: unknown): void;
}

interface ProcessCache {
  entries: Map<string, Entry>;
  /** event code (lower case) -> event id: checked against the loaded state on every use. */
  codes: Map<string, string>;
  waiting: Waiter[];
  reading: boolean;
}

/** Events kept per process; the least recently used is dropped beyond this. */
const MAX_CACHED_EVENTS = 1000;
/** Events read in one statement at most (two streams each). */
const MAX_READ_GROUP = 100;
const caches = new WeakMap<object, ProcessCache>();

type Ctx = Pick<AppContext, 'store' | 'db' | 'config'>;

function cacheOf(ctx: Pick<AppContext, 'store'>): ProcessCache {
  let c = caches.get(ctx.store);
  if (!c) caches.set(ctx.store, (c = { entries: new Map(), codes: new Map(), waiting: [], reading: false }));
  return c;
}

const emptyEntry = (): Entry => ({ event: eventDecider.initialState(), eventVersion: -1, settings: settingsDecider.initialState(), settingsVersion: -1 });

/** The event's and its store settings' state as of now (see the module comment). */
export async function loadSaleState(ctx: Ctx, eventId: string): Promise<SaleState> {
  const c = cacheOf(ctx);
  const entry = await new Promise<Entry>((resolve, reject) => {
    c.waiting.push({ eventId, resolve, reject });
    if (!c.reading) {
      c.reading = true;
      void drain(ctx, c);
    }
  });
  return toSaleState(ctx, eventId, entry);
}

/**
 * The event id of a code (a public page's address), from the events read model the first time and cached; a
 * cached id is used only while that event still carries the code (a deleted draft frees its code, an edit may
 * change it), else the read model is asked again. Returns the state with it (undefined: no such event).
 */
export async function loadSaleStateByCode(ctx: Ctx, code: string): Promise<SaleState | undefined> {
  const c = cacheOf(ctx);
  const key = code.toLowerCase();
  const cached = c.codes.get(key);
  if (cached) {
    const state = await loadSaleState(ctx, cached);
    if (state.event && state.event.eventCode.toLowerCase() === key) return state;
    c.codes.delete(key);
  }
  const id = (await findEvent(ctx.db, code))?.id;
  if (!id) return undefined;
  const state = await loadSaleState(ctx, id);
  if (state.event && state.event.eventCode.toLowerCase() === key) {
    c.codes.set(key, id);
    if (c.codes.size > MAX_CACHED_EVENTS) c.codes.delete(c.codes.keys().next().value!);
  }
  return state;
}

async function drain(ctx: Ctx, c: ProcessCache) {
  while (c.waiting.length > 0) {
    const batch: Waiter[] = [];
    const ids: string[] = [];
    // Up to MAX_READ_GROUP distinct events per read; the rest waits for the next one.
    const rest: Waiter[] = [];
    for (const w of c.waiting) {
      if (ids.includes(w.eventId)) batch.push(w);
      else if (ids.length < MAX_READ_GROUP) {
        ids.push(w.eventId);
        batch.push(w);
      } else rest.push(w);
    }
    c.waiting = rest;
    try {
      const before = ids.map((id) => c.entries.get(id) ?? emptyEntry());
      const tails = await ctx.store.readStreams(
        ids.flatMap((id, i) => [
          { streamId: eventStreamId(id), fromVersion: before[i].eventVersion + 1 },
          { streamId: settingsStreamId(id), fromVersion: before[i].settingsVersion + 1 },
        ]),
      );
      const fresh = new Map<string, Entry>();
      ids.forEach((id, i) => {
        // Only this loop writes entries and reads run one at a time, so `before` is still the entry here.
        let next = before[i];
        const eventTail = tails[2 * i] as Recorded<EventsEvent>[];
        const settingsTail = tails[2 * i + 1] as Recorded<SettingsEvent>[];
        if (eventTail.length > 0 || settingsTail.length > 0) {
          next = { ...next };
          for (const e of eventTail) if (e.streamVersion > next.eventVersion) (next.event = eventDecider.evolve(next.event, e)), (next.eventVersion = e.streamVersion);
          for (const e of settingsTail)
            if (e.streamVersion > next.settingsVersion) (next.settings = settingsDecider.evolve(next.settings, e)), (next.settingsVersion = e.streamVersion);
        }
        c.entries.delete(id); // re-inserted last: Map order is the LRU order
        // A stream that does not exist is not cached (an id that is no event would fill the cache).
        if (next.eventVersion >= 0) c.entries.set(id, next);
        fresh.set(id, next);
      });
      while (c.entries.size > MAX_CACHED_EVENTS) c.entries.delete(c.entries.keys().next().value!);
      for (const w of batch) w.resolve(fresh.get(w.eventId)!);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
  c.reading = false;
}

function toSaleState(ctx: Pick<AppContext, 'config'>, eventId: string, entry: Entry): SaleState {
  const defaultHoldSeconds = ctx.config.salesHoldSeconds ?? 15 * 60;
  const s = entry.settings;
  const settings: StoreSettings =
    s.settingsVersion === 0
      ? { ...s.settings, eventId, holdSeconds: defaultHoldSeconds, version: 0, updatedAt: null }
      : {
          ...s.settings,
          eventId,
          holdSeconds: s.settings.holdMinutes !== null ? s.settings.holdMinutes * 60 : defaultHoldSeconds,
          version: s.settingsVersion,
          updatedAt: s.settingsUpdatedAt,
        };
  const event = entry.event.status === 'created' && !entry.event.deletedAt ? entry.event : null;
  return { eventId, event, eventVersion: entry.eventVersion, settings, settingsVersion: entry.settingsVersion };
}
