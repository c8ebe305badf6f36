import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { EventStore, RecordedEvent } from '../eventstore/port.js';
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

/**
 * A named read-model builder. `handle` receives the batch's events of the listed types, in commit order,
 * inside the transaction that also moves the projection's checkpoint.
 */
export interface Projection {
  name: string;
  eventTypes: readonly string[];
  handle(events: RecordedEvent[], ctx: ProjectionContext): Promise<void>;
  /** Deletes every row the projection owns (for rebuilds). */
  reset(trx: Transaction<DB>): Promise<void>;
}

export function defineProjection(projection: Projection): Projection {
  return projection;
}
