/**
 * The event-store port. Two adapters implement it: PostgreSQL (embedded default) and KurrentDB. Both pass the
 * same contract suite (test/eventstore/contract.ts).
 *
 * Positions are opaque strings owned by the adapter; compare them with `comparePositions`.
 */

export interface EventMetadata {
  eventId: string;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  userId?: string;
  /** The Socket.IO connection a command came through: pushes about it may skip that connection. */
  socketId?: string;
  occurredAt: string;
  schemaVersion: number;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  /** eventId and occurredAt are filled in by appendToStream when missing. */
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<Data = any> {
  eventId: string;
  streamId: string;
  /** 0-based revision of this event inside its stream. */
  streamVersion: number;
  type: string;
  data: Data;
  metadata: EventMetadata;
  /** Global, adapter-specific position, comparable with `comparePositions`. */
  position: string;
  createdAt: Date;
}

/**
 * A stored event seen as one of a module's domain events: the record's fields with `type` and `data` narrowed
 * to the union `E` (distributes over the union, so `switch (e.type)` narrows `e.data`).
 */
export type Recorded<E extends { type: string; data: unknown }> = E extends unknown ? Omit<RecordedEvent, 'type' | 'data'> & E : never;

/** -1 / 'no_stream': the stream must not exist; a number: the revision of its last event. */
export type ExpectedVersion = number | 'no_stream' | 'any' | 'stream_exists';

/** A value reserved across streams (one account per e-mail, one eventCode per event). */
export interface Reservation {
  scope: string;
  value: string;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /** Same command id on the same stream: nothing is appended and the first result is returned. */
  commandId?: string;
  reserve?: Reservation[];
  release?: Reservation[];
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  position: string;
  /** True when the command id had been seen on this stream: nothing new was written. */
  duplicate: boolean;
}

export interface StreamReadRequest {
  streamId: string;
  fromVersion?: number;
}

export interface ReadAllOptions {
  /** Exclusive start; null or undefined reads from the beginning. */
  after?: string | null;
  maxCount: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Position to continue from (last event read), or the `after` given when nothing was read. */
  last: string | null;
  /**
   * Set on an empty read: true when committed events exist that cannot be read yet because an older transaction
   * is still open (PostgreSQL ordering horizon): read again shortly instead of waiting for the next append signal.
   */
  behind?: boolean;
}

export interface SubscribeOptions {
  after?: string | null;
  /** Only these event types reach the handler; the checkpoint still moves over the others. */
  eventTypes?: string[];
  handler: (event: RecordedEvent) => Promise<void> | void;
  onError?: (err: unknown) => void;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Position of the last event handed to the handler (or skipped by the filter). */
  readonly position: string | null;
}

export interface EventStore {
  readonly kind: 'postgres' | 'kurrentdb';
  appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: { fromVersion?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Several streams' tails in one read (one round trip on PostgreSQL): for each request, the events of its stream
   * from `fromVersion` (default 0) in stream order, answered in the requests' order ([] for a missing stream).
   * Each stream's answer is a consistent prefix of that stream, as `readStream` would return it.
   */
  readStreams(requests: StreamReadRequest[]): Promise<RecordedEvent[][]>;
  /** Events of all streams in commit order, never skipping one that commits late. */
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** Catch-up subscription over all events from a checkpoint; keeps following new ones until stopped. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Calls back (without data) whenever new events may be readable. Returns an unsubscribe function. */
  onAppend(listener: () => void): () => void;
  comparePositions(a: string | null, b: string | null): number;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Wrong expected version for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class ReservationConflictError extends Error {
  readonly code = 'RESERVATION_CONFLICT';
  constructor(readonly reservation: Reservation) {
    super(`Value already reserved in scope ${reservation.scope}`);
    this.name = 'ReservationConflictError';
  }
}
