import type { AppContext } from '../context.js';
import type { Command, Decider, Event } from '../domain/shared/types.js';
import { toNewEvents } from './new-events.js';
import { WrongExpectedVersionError, type Reservation, type RecordedEvent } from '../eventstore/port.js';

export interface CommandMeta {
  /** Client-made id of this command: a retry with the same id appends nothing and answers the first result. */
  commandId?: string;
  userId?: string;
  correlationId?: string;
  causationId?: string;
  /** Set when the client states the version it edited: a mismatch is a 409, never retried. */
  expectedVersion?: number;
}

export interface CommandResult<S, E> {
  state: S;
  /** The events this command produced (the first attempt's events when it was a retry). */
  events: E[];
  /** Stream revision after the command (-1: stream still empty). */
  version: number;
  /** Global position written; pass it as `after` to queries for read-your-writes. Null when nothing changed. */
  position: string | null;
  duplicate: boolean;
}

/**
 * Load the stream, fold it, decide, append with the expected version. A concurrent writer makes the append
 * fail; the command is then re-run on the fresh state (a few times) unless the client pinned a version.
 */
export async function handleCommand<C extends Command, E extends Event, S>(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  args: {
    streamId: string;
    decider: Decider<C, E, S>;
    command: C;
    meta?: CommandMeta;
    reserve?: (events: E[], state: S) => Reservation[];
    release?: (events: E[], state: S) => Reservation[];
  },
): Promise<CommandResult<S, E>> {
  const { store } = ctx;
  const { streamId, decider, command, meta = {} } = args;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = recorded.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
    const version = recorded.length ? recorded[recorded.length - 1].streamVersion : -1;

    if (meta.commandId) {
      const earlier = recorded.filter((e) => e.metadata.commandId === meta.commandId);
      if (earlier.length) {
        return { state, events: earlier.map(toDomain) as E[], version, position: earlier[earlier.length - 1].position, duplicate: true };
      }
    }
    if (meta.expectedVersion !== undefined && meta.expectedVersion !== version) {
      throw new WrongExpectedVersionError(streamId, meta.expectedVersion, version);
    }

    const events = decider.decide(command, state, { now: ctx.clock(), userId: meta.userId, newId: ctx.newId });
    if (events.length === 0) return { state, events, version, position: null, duplicate: false };

    try {
      const result = await store.appendToStream(
        streamId,
        toNewEvents(ctx, events, meta),
        {
          expectedVersion: version === -1 ? 'no_stream' : version,
          commandId: meta.commandId,
          reserve: args.reserve?.(events, state),
          release: args.release?.(events, state),
        },
      );
      if (result.duplicate) {
        // A concurrent twin with the same command id won: answer with ITS events and the stream as it is now.
        const now = await store.readStream(streamId);
        const folded = now.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
        const first = now.filter((e) => e.metadata.commandId === meta.commandId).map(toDomain) as E[];
        return { state: folded, events: first, version: result.nextExpectedVersion, position: result.position, duplicate: true };
      }
      const next = events.reduce(decider.evolve, state);
      return { state: next, events, version: result.nextExpectedVersion, position: result.position, duplicate: false };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && meta.expectedVersion === undefined && attempt < 4) {
        // Small random pause so that writers racing on one stream do not collide again in lockstep.
        await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
        continue;
      }
      throw err;
    }
  }
}

function toDomain(e: RecordedEvent): Event {
  return { type: e.type, data: e.data };
}
