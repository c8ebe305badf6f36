import { createHash, randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Filter,
  KurrentDBClient,
  NO_STREAM,
  type Position,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
} from '@kurrent/kurrentdb-client';
import {
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type Reservation,
  type StreamReadRequest,
  type SubscribeOptions,
  type Subscription,
  ReservationConflictError,
  WrongExpectedVersionError,
} from './port.js';

/** Reservation streams: one per (scope, value), named with a hash so no personal data reaches a stream name. */
export const RESERVATION_STREAM_PREFIX = '$reservation-';
const RESERVED = 'aforo.ValueReserved';
const RELEASED = 'aforo.ValueReleased';
/** A reservation whose owner never wrote its event (crash between the two appends) may be taken over after this. */
const ORPHAN_AFTER_MS = 60_000;

interface ReservationData {
  scope: string;
  streamId: string;
  /** The first event the owner was about to append; its presence in the owner stream proves the claim. */
  eventId: string;
  commandId: string | null;
  [key: string]: unknown;
}

/**
 * KurrentDB adapter (EVENTSTORE_URL).
 *
 * - Positions are the commit position of $all as a decimal string, compared as BigInt. KurrentDB ≥ 20 writes
 *   every event with its own commit position (implicit transactions), so a position identifies one event.
 * - Idempotency: with a command id, event ids are deterministic (uuid v5 of stream, command id and index), so a
 *   retried append with the same expected version is deduplicated by the server; before appending, the stream
 *   is searched (backwards) for the command id and a hit is answered as a duplicate with the first result, and a
 *   version conflict is checked the same way (a concurrent twin won).
 * - Reservations live in `$reservation-<scope>-<hash>` streams: a ValueReserved appended with no_stream (or at
 *   the revision of the last ValueReleased). This is NOT atomic with the events' append: the reservations are
 *   taken first, then the events appended; if that fails (version conflict) the reservations just taken are
 *   released again (compensation). If the process dies in between, the reservation points at an event that was
 *   never written: a later claimant finds it orphaned (owner stream lacks the claimed event id, older than a
 *   minute) and takes it over.
 * - readAll / subscriptions skip system events and the reservation streams.
 */
export class KurrentEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;
  private readonly listeners = new Set<() => void>();
  private liveSignal: { unsubscribe(): Promise<void> } | null = null;
  private closed = false;

  private constructor(private readonly client: KurrentDBClient) {}

  static async connect(url: string): Promise<EventStore> {
    const client = KurrentDBClient.connectionString(url);
    const store = new KurrentEventStore(client);
    // Fail fast on a wrong URL or an unreachable server instead of at the first command.
    for await (const _ of client.readAll({ maxCount: 1, deadline: 10_000 })) break;
    return store;
  }

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const { commandId, expectedVersion } = options;
    if (commandId) {
      const earlier = await this.commandResult(streamId, commandId);
      if (earlier) return earlier;
    }

    const now = new Date().toISOString();
    const prepared = events.map((event, i) => {
      const eventId = commandId ? uuidV5(`${streamId}\u0000${commandId}\u0000${i}`) : (event.metadata?.eventId ?? randomUUID());
      const metadata: EventMetadata = {
        ...event.metadata,
        eventId,
        occurredAt: event.metadata?.occurredAt ?? now,
        schemaVersion: event.metadata?.schemaVersion ?? 1,
        ...(commandId ? { commandId } : {}),
      };
      return jsonEvent({ id: eventId, type: event.type, data: event.data, metadata });
    });

    const claimed: Array<{ stream: string; revision: bigint }> = [];
    try {
      for (const reservation of options.reserve ?? []) {
        const claim = await this.claim(reservation, streamId, prepared[0].id, commandId ?? null);
        if (claim) claimed.push(claim);
      }
    } catch (err) {
      await this.compensate(claimed, streamId);
      throw err;
    }

    let result;
    try {
      result = await this.client.appendToStream(streamId, prepared, { streamState: toStreamState(expectedVersion) });
    } catch (err) {
      await this.compensate(claimed, streamId);
      if (err instanceof KurrentWrongExpectedVersionError) {
        if (commandId) {
          const twin = await this.commandResult(streamId, commandId);
          if (twin) return twin;
        }
        const actual = err.actualState === NO_STREAM ? null : Number(err.actualState);
        throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
      }
      throw err;
    }

    for (const reservation of options.release ?? []) {
      await this.releaseOwned(reservation, streamId);
    }
    return {
      nextExpectedVersion: Number(result.nextExpectedRevision),
      position: (result.position?.commit ?? (await this.positionOfRevision(streamId, result.nextExpectedRevision))).toString(),
      duplicate: false,
    };
  }

  async readStream(streamId: string, options: { fromVersion?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: options.fromVersion ? BigInt(options.fromVersion) : START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) out.push(recorded);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  /** KurrentDB has no multi-stream read: the stream reads run concurrently on the one gRPC connection. */
  async readStreams(requests: StreamReadRequest[]): Promise<RecordedEvent[][]> {
    return Promise.all(requests.map((r) => this.readStream(r.streamId, { fromVersion: r.fromVersion })));
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const after = options.after ? BigInt(options.after) : null;
    const events: RecordedEvent[] = [];
    let lastCommit: bigint | null = null;
    for await (const resolved of this.client.readAll({
      fromPosition: after === null ? START : { commit: after, prepare: after },
      filter: excludeSystemEvents(),
      maxCount: Number.MAX_SAFE_INTEGER,
    })) {
      const commit = resolved.event?.position.commit ?? resolved.commitPosition;
      if (commit === undefined || (after !== null && commit <= after)) continue;
      // Never split a commit position across pages (see the class comment).
      if (events.length >= options.maxCount && commit !== lastCommit) break;
      lastCommit = commit;
      const recorded = toRecorded(resolved);
      if (recorded && !isHidden(recorded)) events.push(recorded);
    }
    return { events, last: events.length ? events[events.length - 1].position : (options.after ?? null) };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let position = options.after ?? null;
    let stopped = false;
    let current: ReturnType<KurrentDBClient['subscribeToAll']> | null = null;
    // Events and filter checkpoints are queued and applied in order, so `position` never passes an event that
    // has not been handled yet.
    let chain = Promise.resolve();
    const enqueue = (step: () => Promise<void> | void) => {
      chain = chain.then(async () => {
        if (stopped) return;
        try {
          await step();
        } catch (err) {
          options.onError?.(err);
          // Re-subscribe from the last handled position: the failing event is delivered again.
          restart();
        }
      });
    };
    const restart = () => {
      const old = current;
      current = null;
      void old?.unsubscribe().catch(() => undefined);
      if (!stopped) setTimeout(() => !stopped && start(), 1000).unref();
    };
    const start = () => {
      const from = position ? BigInt(position) : null;
      // Steps queued by a subscription that was replaced (after a handler error) must not move the position.
      const checkpointReached = (_s: unknown, p: Position) => enqueue(() => void (current === sub && advance(p.commit)));
      const filter: Filter = options.eventTypes
        ? eventTypeFilter({ regex: `^(?:${options.eventTypes.map(escapeRegex).join('|')})$`, checkpointReached })
        : excludeSystemEvents({ checkpointReached });
      const sub: ReturnType<KurrentDBClient['subscribeToAll']> = this.client.subscribeToAll({
        fromPosition: from === null ? START : { commit: from, prepare: from },
        filter,
      });
      current = sub;
      sub.on('data', (resolved: AllStreamResolvedEvent) =>
        enqueue(async () => {
          if (current !== sub) return;
          const recorded = toRecorded(resolved);
          if (!recorded) return;
          if (position !== null && BigInt(recorded.position) <= BigInt(position)) return;
          if (!isHidden(recorded)) await options.handler(recorded);
          position = recorded.position;
        }),
      );
      sub.on('error', (err) => {
        if (stopped || current !== sub) return;
        options.onError?.(err);
        restart();
      });
    };
    const advance = (commit: bigint) => {
      if (position === null || commit > BigInt(position)) position = commit.toString();
    };
    start();
    return {
      get position() {
        return position;
      },
      async stop() {
        stopped = true;
        const sub = current;
        current = null;
        await sub?.unsubscribe().catch(() => undefined);
        await chain;
      },
    };
  }

  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.liveSignal && !this.closed) {
      // One live subscription from the end of $all fans out to every listener.
      const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      sub.on('data', () => this.listeners.forEach((l) => l()));
      sub.on('error', () => {
        if (this.liveSignal === sub) this.liveSignal = null;
      });
      this.liveSignal = sub;
    }
    return () => this.listeners.delete(listener);
  }

  comparePositions(a: string | null, b: string | null): number {
    const parse = (p: string) => {
      if (!/^\d{1,20}$/.test(p)) throw new Error(`not a KurrentDB position: ${p.slice(0, 40)}`);
      return BigInt(p);
    };
    const x = a === null ? -1n : parse(a);
    const y = b === null ? -1n : parse(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.liveSignal?.unsubscribe().catch(() => undefined);
    this.liveSignal = null;
    await this.client.dispose();
  }

  /** The first result of a command already applied to the stream, searched from the end. */
  private async commandResult(streamId: string, commandId: string): Promise<AppendResult | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END })) {
        const recorded = toRecorded(resolved);
        if (recorded?.metadata.commandId === commandId) {
          return { nextExpectedVersion: recorded.streamVersion, position: recorded.position, duplicate: true };
        }
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return null;
      throw err;
    }
    return null;
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<bigint> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      const p = resolved.event?.position?.commit ?? resolved.commitPosition;
      if (p !== undefined) return p;
    }
    throw new Error(`no position for ${streamId}@${revision}`);
  }

  private async lastReservationEvent(stream: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        return toRecorded(resolved);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return null;
      throw err;
    }
    return null;
  }

  /** Takes a reservation for `owner`; null when the owner already holds it. Throws ReservationConflictError. */
  private async claim(
    reservation: Reservation,
    owner: string,
    eventId: string,
    commandId: string | null,
  ): Promise<{ stream: string; revision: bigint } | null> {
    const stream = reservationStream(reservation);
    const last = await this.lastReservationEvent(stream);
    let streamState: AppendStreamState = NO_STREAM;
    if (last) {
      const held = last.type === RESERVED ? (last.data as ReservationData) : null;
      if (held?.streamId === owner && (await this.streamHasEvent(owner, held.eventId))) return null;
      if (held && held.streamId !== owner && !(await this.isOrphaned(last))) throw new ReservationConflictError(reservation);
      streamState = BigInt(last.streamVersion);
    }
    const data: ReservationData = { scope: reservation.scope, streamId: owner, eventId, commandId };
    try {
      const r = await this.client.appendToStream(stream, jsonEvent({ type: RESERVED, data }), { streamState });
      return { stream, revision: r.nextExpectedRevision };
    } catch (err) {
      // Someone else claimed (or released) it in between: only a fresh look can tell, and it is a conflict now.
      if (err instanceof KurrentWrongExpectedVersionError) throw new ReservationConflictError(reservation);
      throw err;
    }
  }

  /** Orphaned: older than ORPHAN_AFTER_MS and the owner stream never received the claimed event. */
  private async isOrphaned(reserved: RecordedEvent): Promise<boolean> {
    if (Date.now() - reserved.createdAt.getTime() < ORPHAN_AFTER_MS) return false;
    const data = reserved.data as ReservationData;
    return !(await this.streamHasEvent(data.streamId, data.eventId));
  }

  private async streamHasEvent(streamId: string, eventId: string): Promise<boolean> {
    const events = await this.readStream(streamId);
    return events.some((e) => e.eventId === eventId);
  }

  private async releaseOwned(reservation: Reservation, owner: string): Promise<void> {
    const stream = reservationStream(reservation);
    const last = await this.lastReservationEvent(stream);
    if (!last || last.type !== RESERVED || (last.data as ReservationData).streamId !== owner) return;
    await this.client
      .appendToStream(stream, jsonEvent({ type: RELEASED, data: { streamId: owner } }), { streamState: BigInt(last.streamVersion) })
      .catch((err) => {
        if (!(err instanceof KurrentWrongExpectedVersionError)) throw err;
      });
  }

  /** Undo reservations taken for an append that did not happen. Best effort: leftovers become orphans. */
  private async compensate(claimed: Array<{ stream: string; revision: bigint }>, owner: string): Promise<void> {
    for (const c of claimed) {
      await this.client
        .appendToStream(c.stream, jsonEvent({ type: RELEASED, data: { streamId: owner, compensation: true } }), { streamState: c.revision })
        .catch(() => undefined);
    }
  }
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function reservationStream(r: Reservation): string {
  const hash = createHash('sha256').update(`${r.scope}\u0000${r.value}`).digest('hex').slice(0, 40);
  return `${RESERVATION_STREAM_PREFIX}${r.scope}-${hash}`;
}

function isHidden(e: RecordedEvent): boolean {
  return e.streamId.startsWith('$') || e.type.startsWith('$');
}

function toRecorded(resolved: { event?: any; commitPosition?: bigint }): RecordedEvent | null {
  const e = resolved.event;
  if (!e) return null;
  const commit: bigint | undefined = e.position?.commit ?? resolved.commitPosition;
  const metadata = (e.isJson && e.metadata && typeof e.metadata === 'object' ? e.metadata : {}) as EventMetadata;
  return {
    eventId: e.id,
    streamId: e.streamId,
    streamVersion: Number(e.revision),
    type: e.type,
    data: e.isJson ? e.data : {},
    metadata: { ...metadata, eventId: metadata.eventId ?? e.id },
    position: commit === undefined ? '' : commit.toString(),
    createdAt: e.created instanceof Date ? e.created : new Date(e.created),
  };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** RFC 4122 version-5 UUID (SHA-1) of a name; the default namespace is the RFC's URL namespace. */
export function uuidV5(name: string, namespace = '6ba7b811-9dad-11d1-80b4-00c04fd430c8'): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
