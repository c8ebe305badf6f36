import type { AppContext } from '../context.js';
import type { Command, Decider, Event } from '../domain/shared/types.js';
import { toNewEvents } from './new-events.js';
import { WrongExpectedVersionError, type ExpectedVersion, type Recorded, type Reservation } from '../eventstore/port.js';

export interface CommandMeta {
  /** Client-made id of this command: a retry with the same id appends nothing and answers the first result. */
  commandId?: string;
  userId?: string;
  correlationId?: string;
  causationId?: string;
  /** The Socket.IO connection the command came through (pushes about it may skip that connection). */
  socketId?: string;
  /** Set when the client states the version it edited: a mismatch is a 409, never retried. */
  expectedVersion?: number;
}

/**
 * The state a command is decided on and the version its events are appended at. `version: 'any'` appends
 * without a version check: for streams whose commands hold no invariant across concurrent writes (chat sends,
 * receipts, inboxes), where the state comes from a cache or a read model rather than from the stream.
 */
export interface Loaded<S> {
  state: S;
  /** Revision of the stream's last event the state includes (-1: empty stream), or 'any'. */
  version: number | 'any';
}

export interface CommandResult<S, E> {
  state: S;
  /** The events this command produced (the first attempt's events when it was a retry). */
  events: E[];
  /** Stream revision after the command (-1: stream still empty, or unknown: nothing appended after a load at 'any'). */
  version: number;
  /** Global position written; pass it as `after` to queries for read-your-writes. Null when nothing changed. */
  position: string | null;
  duplicate: boolean;
}

/** Attempts of a command whose append met a concurrent writer (the client did not pin a version). */
export const MAX_ATTEMPTS = 10;

/**
 * The one way to write: load the state, decide, append. By default the state is the stream folded and the
 * append carries its version; `load` replaces that read (a cache, a read model) and may answer version 'any'.
 *
 * A concurrent writer makes a versioned append fail; the command is then loaded and decided again on the new
 * state, up to MAX_ATTEMPTS times with jittered exponential backoff, unless the client pinned a version (then
 * the conflict is its answer: 409). A command id makes a retry answer the first result: the default load
 * spots it in the stream it reads anyway; with `load` nothing is read before the append (the hot paths rely
 * on that) and the store's command-id claim answers the duplicate.
 */
export async function handleCommand<C extends Command, E extends Event, S>(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  args: {
    streamId: string;
    decider: Decider<C, E, S>;
    command: C;
    meta?: CommandMeta;
    load?: () => Promise<Loaded<S>>;
    reserve?: (events: E[], state: S) => Reservation[];
    release?: (events: E[], state: S) => Reservation[];
  },
): Promise<CommandResult<S, E>> {
  // Without `load` the append is versioned: commands of one stream in this process wait for each other, as
  // deciding them in parallel on the same state only makes all but one fail (96 concurrent edits of one event
  // took ~20 ms of wasted round trips per success). Retries remain for writers in other processes.
  if (!args.load) return oneAtATime(ctx.store, args.streamId, () => decideAndAppend(ctx, args));
  return decideAndAppend(ctx, args);
}

async function decideAndAppend<C extends Command, E extends Event, S>(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  args: Parameters<typeof handleCommand<C, E, S>>[1],
): Promise<CommandResult<S, E>> {
  const { store } = ctx;
  const { streamId, decider, command, meta = {} } = args;
  const fold = (recorded: Recorded<E>[]) => recorded.reduce((s, e) => decider.evolve(s, e), decider.initialState());
  for (let attempt = 1; ; attempt++) {
    let state: S;
    let version: number | 'any';
    if (args.load) {
      ({ state, version } = await args.load());
    } else {
      const recorded = (await store.readStream(streamId)) as Recorded<E>[];
      state = fold(recorded);
      version = recorded.length ? recorded[recorded.length - 1].streamVersion : -1;
      if (meta.commandId) {
        const earlier = recorded.filter((e) => e.metadata.commandId === meta.commandId);
        if (earlier.length) {
          return { state, events: earlier.map(toDomain), version, position: earlier[earlier.length - 1].position, duplicate: true };
        }
      }
    }
    if (meta.expectedVersion !== undefined && meta.expectedVersion !== version) {
      throw new WrongExpectedVersionError(streamId, meta.expectedVersion, version === 'any' ? null : version);
    }

    const events = decider.decide(command, state, { now: ctx.clock(), userId: meta.userId, newId: ctx.newId });
    if (events.length === 0) {
      return { state, events, version: version === 'any' ? -1 : version, position: null, duplicate: false };
    }

    const expectedVersion: ExpectedVersion = version === 'any' ? 'any' : version === -1 ? 'no_stream' : version;
    try {
      const result = await store.appendToStream(streamId, toNewEvents(ctx, events, meta), {
        expectedVersion,
        commandId: meta.commandId,
        reserve: args.reserve?.(events, state),
        release: args.release?.(events, state),
      });
      if (result.duplicate) {
        // The command id had been appended before (a retry, or a concurrent twin that won): answer ITS events.
        if (args.load) {
          // The first append's events end at the revision the store answers; read back only that tail.
          const tail = (await store.readStream(streamId, {
            fromVersion: Math.max(0, result.nextExpectedVersion - TAIL + 1),
            maxCount: TAIL,
          })) as Recorded<E>[];
          const first = tail.filter((e) => e.metadata.commandId === meta.commandId).map(toDomain);
          return { state, events: first, version: result.nextExpectedVersion, position: result.position, duplicate: true };
        }
        const now = (await store.readStream(streamId)) as Recorded<E>[];
        const first = now.filter((e) => e.metadata.commandId === meta.commandId).map(toDomain);
        return { state: fold(now), events: first, version: result.nextExpectedVersion, position: result.position, duplicate: true };
      }
      const next = events.reduce(decider.evolve, state);
      return { state: next, events, version: result.nextExpectedVersion, position: result.position, duplicate: false };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && meta.expectedVersion === undefined && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      throw err;
    }
  }
}

const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `fn` after the earlier calls for the same stream of this store have settled. handleCommand queues its
 * default (versioned) load with it; a versioned `load` of a cache (the sales quota) queues itself the same way.
 */
export function oneAtATime<T>(store: object, streamId: string, fn: () => Promise<T>): Promise<T> {
  let byStream = queues.get(store);
  if (!byStream) queues.set(store, (byStream = new Map()));
  const run = (byStream.get(streamId) ?? Promise.resolve()).then(fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  byStream.set(streamId, settled);
  void settled.then(() => {
    if (byStream.get(streamId) === settled) byStream.delete(streamId);
  });
  return run;
}

/** Events read back to find a duplicate's first events (a command appends a handful at most). */
const TAIL = 32;

/**
 * Full jitter over an exponentially growing window (2, 4, 8 ... 256 ms): writers racing on one stream spread
 * out instead of colliding again in lockstep, and a hot stream still drains within about a second.
 */
function backoff(attempt: number): Promise<void> {
  const window = Math.min(256, 2 ** attempt);
  return new Promise((r) => setTimeout(r, Math.random() * window));
}

function toDomain<E extends Event>(e: Recorded<E>): E {
  return { type: e.type, data: e.data } as E;
}
