import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { EventStore, Recorded, RecordedEvent } from '../eventstore/port.js';
import type { Realtime } from '../realtime/realtime.js';
import type { Jobs } from '../workers/jobs.js';

export interface ProjectionContext {
  trx: Transaction<DB>;
  /** True while rebuilding from zero: effects are not run, and reactors record nothing. */
  replaying: boolean;
  /**
   * The event store, for reactors that record their decisions as events (the notifier): they append inside
   * the batch, before its checkpoint commits, with command ids that make a retried batch record nothing twice.
   */
  store: EventStore;
  /** Runs after the batch's transaction commits (socket pushes, job enqueues); skipped while replaying. */
  afterCommit(effect: (fx: ProjectionEffects) => Promise<void> | void): void;
}

export interface ProjectionEffects {
  realtime: Realtime;
  jobs: Jobs;
}

/** Any domain event: a type and its data (src/domain/shared/types.ts). */
export type DomainEvent = { type: string; data: unknown };

/**
 * A named read-model builder, as the runner and rebuild see it: `handle` receives the batch's stored events of
 * the listed types, in commit order, inside the transaction that also moves the projection's checkpoint.
 * Declare one with `defineProjection`, which types the events.
 */
export interface Projection {
  name: string;
  eventTypes: readonly string[];
  handle(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /** Deletes every row the projection owns (for rebuilds). */
  reset(trx: Transaction<DB>): Promise<void>;
}

/** What a module writes: the union `E` of the events it handles, and a handler that receives them typed. */
export interface ProjectionDefinition<E extends DomainEvent> {
  name: string;
  /** The types handed to `handle`: each one a member of `E`. */
  eventTypes: readonly E['type'][];
  /** The batch's events of `eventTypes`, typed: `switch (e.type)` narrows `e.data`. */
  handle(events: Recorded<E>[], ctx: ProjectionContext): Promise<void>;
  reset(trx: Transaction<DB>): Promise<void>;
}

/**
 * Declares a projection over the event union `E`, e.g. `defineProjection<ChatRoomEvent>({ ... })`.
 *
 * The one trust boundary between stored JSON and the domain's types: an event whose type is one of
 * `eventTypes` is taken to carry that type's data (what the deciders appended under it; the log is only
 * written by them). Events of other types never reach `handle`, whatever the caller passes.
 */
export function defineProjection<E extends DomainEvent>(definition: ProjectionDefinition<E>): Projection {
  const types = new Set<string>(definition.eventTypes);
  const declared = (e: RecordedEvent): e is Recorded<E> => types.has(e.type);
  return {
    name: definition.name,
    eventTypes: definition.eventTypes,
    handle: (events, ctx) => definition.handle(events.filter(declared), ctx),
    reset: (trx) => definition.reset(trx),
  };
}
