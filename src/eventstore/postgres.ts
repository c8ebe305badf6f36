import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type SubscribeOptions,
  ReservationConflictError,
  WrongExpectedVersionError,
} from './port.js';
import { catchUpSubscription } from './subscription.js';

const CHANNEL = 'es_events';

/**
 * PostgreSQL event store (schema in migrations/0001_eventstore.sql).
 *
 * Ordering: a bigserial hands out positions before commit, so "position > last" can skip an event whose
 * transaction commits late. Every event stores pg_current_xact_id(); readers only see transactions older than
 * the snapshot's xmin (all of which have finished) and order by (transaction_id, position). The position
 * exposed to callers is therefore the pair "transactionId:position".
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString?: string,
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      if (options.commandId) {
        const claimed = await client.query(
          `INSERT INTO es_commands (stream_id, command_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
          [streamId, options.commandId],
        );
        if (claimed.rowCount === 0) {
          // Seen before (or committed by a concurrent twin we waited for): answer its first result.
          await client.query('ROLLBACK');
          const { rows } = await this.pool.query(
            `SELECT result FROM es_commands WHERE stream_id = $1 AND command_id = $2`,
            [streamId, options.commandId],
          );
          const first = rows[0]?.result as Omit<AppendResult, 'duplicate'> | undefined;
          if (!first) throw new Error('command result missing');
          return { ...first, duplicate: true };
        }
      }

      const count = events.length;
      const expected = options.expectedVersion;
      let version: number | undefined;
      if (expected === 'no_stream' || expected === -1) {
        const r = await client.query(
          `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING version`,
          [streamId, count - 1],
        );
        version = r.rows[0]?.version;
      } else if (expected === 'any') {
        const r = await client.query(
          `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2)
           ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + $3 RETURNING version`,
          [streamId, count - 1, count],
        );
        version = r.rows[0]?.version;
      } else if (expected === 'stream_exists') {
        const r = await client.query(
          `UPDATE es_streams SET version = version + $2 WHERE stream_id = $1 RETURNING version`,
          [streamId, count],
        );
        version = r.rows[0]?.version;
      } else {
        const r = await client.query(
          `UPDATE es_streams SET version = version + $3 WHERE stream_id = $1 AND version = $2 RETURNING version`,
          [streamId, expected, count],
        );
        version = r.rows[0]?.version;
      }
      if (version === undefined) {
        await client.query('ROLLBACK');
        const { rows } = await this.pool.query(`SELECT version FROM es_streams WHERE stream_id = $1`, [streamId]);
        throw new WrongExpectedVersionError(streamId, expected, rows[0]?.version ?? null);
      }

      for (const reservation of options.reserve ?? []) {
        try {
          await client.query(`INSERT INTO es_reservations (scope, value, stream_id) VALUES ($1, $2, $3)`, [
            reservation.scope,
            reservation.value,
            streamId,
          ]);
        } catch (err) {
          await client.query('ROLLBACK');
          if ((err as { code?: string }).code === '23505') throw new ReservationConflictError(reservation);
          throw err;
        }
      }
      for (const reservation of options.release ?? []) {
        await client.query(`DELETE FROM es_reservations WHERE scope = $1 AND value = $2 AND stream_id = $3`, [
          reservation.scope,
          reservation.value,
          streamId,
        ]);
      }

      const firstVersion = version - count + 1;
      const now = new Date().toISOString();
      const values: unknown[] = [];
      const tuples = events.map((event, i) => {
        const metadata = {
          ...event.metadata,
          eventId: event.metadata?.eventId ?? randomUUID(),
          occurredAt: event.metadata?.occurredAt ?? now,
          schemaVersion: event.metadata?.schemaVersion ?? 1,
          ...(options.commandId && !event.metadata?.commandId ? { commandId: options.commandId } : {}),
        };
        values.push(streamId, firstVersion + i, metadata.eventId, event.type, event.data, metadata);
        const o = i * 6;
        return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`;
      });
      const inserted = await client.query(
        `INSERT INTO es_events (stream_id, stream_version, event_id, type, data, metadata)
         VALUES ${tuples.join(', ')} RETURNING position, transaction_id::text AS tx`,
        values,
      );
      const lastRow = inserted.rows[inserted.rows.length - 1];
      const result = { nextExpectedVersion: version, position: `${lastRow.tx}:${lastRow.position}` };
      if (options.commandId) {
        await client.query(`UPDATE es_commands SET result = $3 WHERE stream_id = $1 AND command_id = $2`, [
          streamId,
          options.commandId,
          result,
        ]);
      }
      await client.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
      await client.query('COMMIT');
      return { ...result, duplicate: false };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) && !(err instanceof ReservationConflictError)) {
        await client.query('ROLLBACK').catch(() => undefined);
      }
      throw err;
    } finally {
      client.release();
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query(
      `SELECT position, transaction_id::text AS tx, stream_id, stream_version, event_id, type, data, metadata, created_at
         FROM es_events WHERE stream_id = $1 AND stream_version >= $2
        ORDER BY stream_version LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? 2_147_483_647],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const [tx, pos] = parsePosition(options.after ?? null);
    const { rows } = await this.pool.query(
      `SELECT position, transaction_id::text AS tx, stream_id, stream_version, event_id, type, data, metadata, created_at
         FROM es_events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, position
        LIMIT $3`,
      [tx.toString(), pos.toString(), options.maxCount],
    );
    const events = rows.map(toRecorded);
    return { events, last: events.length ? events[events.length - 1].position : (options.after ?? null) };
  }

  subscribeToAll(options: SubscribeOptions) {
    return catchUpSubscription(this, options);
  }

  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.ensureListening();
    return () => this.listeners.delete(listener);
  }

  comparePositions(a: string | null, b: string | null): number {
    const [at, ap] = parsePosition(a);
    const [bt, bp] = parsePosition(b);
    if (at !== bt) return at < bt ? -1 : 1;
    if (ap !== bp) return ap < bp ? -1 : 1;
    return 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => undefined);
  }

  /** One LISTEN connection per store, fanned out to every listener; reconnects when it drops. */
  private ensureListening(): Promise<void> {
    if (this.listenClient || this.closed) return Promise.resolve();
    this.listenStarting ??= (async () => {
      try {
        const client = new pg.Client(this.connectionString ? { connectionString: this.connectionString } : (this.pool as any).options);
        client.on('notification', () => this.listeners.forEach((l) => l()));
        client.on('error', () => {
          if (this.listenClient === client) this.listenClient = null;
          setTimeout(() => void this.ensureListening(), 1000).unref();
        });
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        if (this.closed) {
          await client.end();
          return;
        }
        this.listenClient = client;
      } catch {
        // The slow poll of subscribers covers the gap; try again shortly.
        if (!this.closed) setTimeout(() => void this.ensureListening(), 1000).unref();
      } finally {
        this.listenStarting = null;
      }
    })();
    return this.listenStarting;
  }
}

function parsePosition(position: string | null): [bigint, bigint] {
  if (!position) return [0n, 0n];
  const [tx, pos] = position.split(':');
  return [BigInt(tx), BigInt(pos)];
}

function toRecorded(row: any): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: `${row.tx}:${row.position}`,
    createdAt: row.created_at,
  };
}
