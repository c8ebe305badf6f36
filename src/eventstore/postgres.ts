import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type RecordedEvent,
  type StreamReadRequest,
  type SubscribeOptions,
  ReservationConflictError,
  WrongExpectedVersionError,
} from './port.js';
import { catchUpSubscription } from './subscription.js';

const CHANNEL = 'es_events';
/** How long readers may trust their own appends to signal progress before checking the horizon (see readAll). */
const EMPTY_READ_GRACE_MS = 100;
/** Namespace of the per-stream transaction locks (two-key advisory locks, apart from the projections' keys). */
const STREAM_LOCK_CLASS = 0x4553; // 'ES'

/**
 * A transaction that appends no events (a projection batch, a rebuild) runs NOT_APPENDING_SQL as its FIRST
 * statement, before it has a transaction id; readers then leave it out of the ordering horizon (see readAll), so
 * a long read-model transaction does not delay the visibility of new events. Shared lock: never contended.
 */
const NOT_APPENDING_CLASS = 0x4554;
export const NOT_APPENDING_SQL = `SELECT pg_advisory_xact_lock_shared(${NOT_APPENDING_CLASS}, 0)`;

/** A signed 32-bit hash of the stream id, inlined as a literal in the lock statement. Hot streams are cached. */
const lockKeys = new Map<string, number>();
function streamLockKey(streamId: string): number {
  let key = lockKeys.get(streamId);
  if (key === undefined) {
    key = createHash('sha1').update(streamId).digest().readInt32BE(0);
    if (lockKeys.size >= 50_000) lockKeys.clear();
    lockKeys.set(streamId, key);
  }
  return key;
}

/**
 * PostgreSQL event store (schema in migrations/0001_eventstore.sql).
 *
 * Ordering: a bigserial hands out positions before commit, so "position > last" can skip an event whose
 * transaction commits late. Every event stores pg_current_xact_id(); readers only see transactions older than
 * the snapshot's xmin (all of which have finished) and order by (transaction_id, position). The position
 * exposed to callers is therefore the pair "transactionId:position". Appends to one stream are serialised by a
 * transaction-level advisory lock taken before the transaction id is assigned, so that within a stream the
 * transaction ids (hence readAll's order) follow the stream versions.
 *
 * Append signal: local listeners are called right after COMMIT; other processes get a coalesced NOTIFY.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listeners = new Set<() => void>();
  private listenClient: pg.Client | null = null;
  private listenStarting: Promise<void> | null = null;
  private closed = false;
  /** Appends of this store still running: each one signals local listeners when it ends (see readAll). */
  private appending = 0;
  /** When a read of this store last returned events (performance.now()). */
  private lastProgress = 0;
  private notifying = false;
  private notifyAgain = false;
  private readonly batcher = new AppendBatcher(
    (batch) => this.appendBatch(batch),
    (one) => this.appendPrepared(one, { expectedVersion: 'any', commandId: one.commandId }),
  );

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString?: string,
    private readonly hooks: {
      /** Test seam: runs inside the append's transaction just before COMMIT (e.g. to hold it open). */
      beforeCommit?: (client: pg.PoolClient, streamId: string) => Promise<void>;
    } = {},
  ) {}

  async appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedVersion;
    const commandId = options.commandId;
    const now = new Date().toISOString();
    const ids: string[] = [];
    const types: string[] = [];
    const datas: string[] = [];
    const metas: string[] = [];
    for (const event of events) {
      const metadata = {
        ...event.metadata,
        eventId: event.metadata?.eventId ?? randomUUID(),
        occurredAt: event.metadata?.occurredAt ?? now,
        schemaVersion: event.metadata?.schemaVersion ?? 1,
        // The command id in the metadata is what a duplicate is answered from (see duplicateResult).
        ...(commandId ? { commandId } : {}),
      };
      ids.push(metadata.eventId);
      types.push(event.type);
      datas.push(JSON.stringify(event.data));
      metas.push(JSON.stringify(metadata));
    }
    const prepared: PreparedAppend = { streamId, ids, types, datas, metas, commandId };
    this.appending++;
    try {
      // 'any' appends (chat sends, receipts) cannot fail on the version: concurrent ones share one statement.
      // Reservations and the test hook need the explicit transaction of the single path.
      if (expected === 'any' && !options.reserve?.length && !options.release?.length && !this.hooks.beforeCommit) {
        return await this.batcher.append(prepared);
      }
      return await this.appendPrepared(prepared, options);
    } catch (err) {
      // A reader that skipped its horizon checks because of this append (see readAll) must not wait for a
      // signal that will not come.
      this.signalLocal();
      throw err;
    } finally {
      this.appending--;
    }
  }

  /** One append in one statement (or one transaction when it reserves values). */
  private async appendPrepared(prepared: PreparedAppend, options: AppendOptions): Promise<AppendResult> {
    const { streamId, ids, types, datas, metas, commandId } = prepared;
    const count = ids.length;
    const expected = options.expectedVersion;

    // One statement does it all: per-stream lock, version check/bump (v), command-id claim, event rows.
    //  - The lock comes first (every write depends on it) so the transaction id is assigned after it is held:
    //    a later append to the same stream always has a larger id, keeping readAll's (transaction_id, position)
    //    order consistent with stream versions.
    //  - The statement's snapshot predates the lock wait, so every check is one that sees the latest committed
    //    row: UPDATE re-checks its WHERE on the newest row version, INSERT ... ON CONFLICT sees committed keys.
    //  - Version mismatch: v is empty, nothing is written, zero rows. Command id already claimed while v
    //    succeeded: the guard's cast fails on purpose (ES_DUPLICATE_COMMAND) and aborts the whole statement.
    const params: unknown[] = [streamId, count, ids, types, datas, metas, STREAM_LOCK_CLASS, streamLockKey(streamId)];
    let variant: string;
    let versionCte: string;
    if (expected === 'no_stream' || expected === -1) {
      variant = 'new';
      versionCte = `v AS (INSERT INTO es_streams (stream_id, version) SELECT $1, $2::int - 1 FROM lock
                    ON CONFLICT DO NOTHING RETURNING version)`;
    } else if (expected === 'any') {
      variant = 'any';
      // A plain UPDATE when the stream exists (one WAL record); the upsert only for a new stream. ON CONFLICT DO
      // UPDATE on every append also locked the row first (a second record per append). A stream created after
      // this statement's snapshot is invisible to the UPDATE; the upsert then meets it and bumps it.
      versionCte = `u AS (UPDATE es_streams SET version = version + $2 WHERE stream_id = $1 AND EXISTS (SELECT 1 FROM lock)
                          RETURNING version),
                    i AS (INSERT INTO es_streams (stream_id, version) SELECT $1, $2::int - 1 FROM lock
                           WHERE NOT EXISTS (SELECT 1 FROM u)
                          ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + $2 RETURNING version),
                    v AS (SELECT version FROM u UNION ALL SELECT version FROM i)`;
    } else if (expected === 'stream_exists') {
      variant = 'exists';
      versionCte = `v AS (UPDATE es_streams SET version = version + $2 WHERE stream_id = $1 AND EXISTS (SELECT 1 FROM lock)
                    RETURNING version)`;
    } else {
      variant = 'exact';
      params.push(expected);
      versionCte = `v AS (UPDATE es_streams SET version = version + $2
                     WHERE stream_id = $1 AND version = $${params.length}::int AND EXISTS (SELECT 1 FROM lock)
                    RETURNING version)`;
    }
    let claimCte = '';
    let guard = '';
    if (commandId) {
      params.push(commandId);
      claimCte = `, claim AS (INSERT INTO es_commands (stream_id, command_id) SELECT $1, $${params.length} FROM v
                              ON CONFLICT DO NOTHING RETURNING 1)`;
      guard = `WHERE CASE WHEN EXISTS (SELECT 1 FROM claim) THEN true ELSE (e.type || ' ES_DUPLICATE_COMMAND')::int = 0 END`;
    }
    const query = {
      name: `es_append_${variant}${commandId ? '_cmd' : ''}`,
      text: `WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock($7::int, $8::int)),
                  ${versionCte}${claimCte}
             INSERT INTO es_events (stream_id, stream_version, event_id, type, data, metadata)
             SELECT $1, v.version - $2 + e.ord::int, e.event_id, e.type, e.data, e.metadata
               FROM v, unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(event_id, type, data, metadata, ord)
             ${guard}
              ORDER BY e.ord
             RETURNING position, transaction_id::text AS tx, stream_version`,
      values: params,
    };
    // Reservations (and the test hook) need more statements in the same transaction; plain appends are one
    // auto-committed statement, a single round trip.
    const explicit = Boolean(options.reserve?.length || options.release?.length || this.hooks.beforeCommit);

    const client = await this.pool.connect();
    let open = false;
    try {
      if (explicit) {
        await client.query('BEGIN');
        open = true;
      }
      // Only the count and the rows are read: a refused duplicate is an empty answer of that shape.
      let inserted: Pick<pg.QueryResult, 'rowCount' | 'rows'>;
      try {
        inserted = await client.query(query);
      } catch (err) {
        if (!(commandId && isDuplicateGuard(err))) throw err;
        inserted = { rowCount: 0, rows: [] };
      }
      if (inserted.rowCount === 0) {
        if (open) await client.query('ROLLBACK');
        open = false;
        if (commandId) {
          // Answered on the same connection: asking the pool for another while holding this one can deadlock.
          const duplicate = await this.duplicateResult(client, streamId, commandId);
          if (duplicate) return duplicate;
        }
        const { rows } = await client.query(`SELECT version FROM es_streams WHERE stream_id = $1`, [streamId]);
        throw new WrongExpectedVersionError(streamId, expected, rows[0]?.version ?? null);
      }

      if (explicit) {
        for (const reservation of options.release ?? []) {
          await client.query(`DELETE FROM es_reservations WHERE scope = $1 AND value = $2 AND stream_id = $3`, [
            reservation.scope,
            reservation.value,
            streamId,
          ]);
        }
        for (const reservation of options.reserve ?? []) {
          // Re-reserving a value the stream already owns is a no-op; owned by another stream it is a conflict.
          const r = await client.query(
            `INSERT INTO es_reservations (scope, value, stream_id) VALUES ($1, $2, $3)
             ON CONFLICT (scope, value) DO UPDATE SET stream_id = es_reservations.stream_id
             WHERE es_reservations.stream_id = $3 RETURNING 1`,
            [reservation.scope, reservation.value, streamId],
          );
          if (r.rowCount === 0) {
            await client.query('ROLLBACK');
            open = false;
            throw new ReservationConflictError(reservation);
          }
        }
        if (this.hooks.beforeCommit) await this.hooks.beforeCommit(client, streamId);
        await client.query('COMMIT');
        open = false;
      }
      const last = inserted.rows.reduce((a, b) => (a.stream_version > b.stream_version ? a : b));
      this.signalAppend();
      return { nextExpectedVersion: last.stream_version, position: `${last.tx}:${last.position}`, duplicate: false };
    } catch (err) {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * Several 'any' appends in one auto-committed statement (see AppendBatcher): one round trip, one transaction
   * and one WAL flush for the lot. Same rules as the single path: the streams' locks first (in key order, so two
   * batches never wait on each other crosswise), then command-id claims; a request whose claim exists already
   * writes nothing and is answered from its first append. Several requests may target one stream (a busy chat
   * room): they take consecutive versions in batch order, each counting only if its claim went through.
   */
  private async appendBatch(batch: PreparedAppend[]): Promise<AppendResult[]> {
    const keys = [...new Set(batch.map((r) => streamLockKey(r.streamId)))].sort((a, b) => a - b);
    // The events travel as ONE json document assembled from their already-serialised data and metadata:
    // text arrays would have every quote of every document escaped by the driver and parsed twice by the server.
    const documents: string[] = [];
    batch.forEach((r, i) => {
      const stream = JSON.stringify(r.streamId);
      r.ids.forEach((id, k) => {
        documents.push(
          `{"stream_id":${stream},"req":${i + 1},"ord":${k + 1},"event_id":${JSON.stringify(id)},"type":${JSON.stringify(r.types[k])},"data":${r.datas[k]},"metadata":${r.metas[k]}}`,
        );
      });
    });
    // ok.upto: the events of the stream's requests up to and including this one; v.version - total + upto is
    // then this request's last version.
    const result = await this.pool.query({
      name: 'es_append_batch',
      text: `WITH lock AS MATERIALIZED (SELECT count(pg_advisory_xact_lock($1::int, k)) AS n FROM unnest($2::int[]) AS k),
                  req AS MATERIALIZED (
                    SELECT r.req::int AS req, r.stream_id, r.cnt, r.command_id FROM lock,
                           unnest($3::text[], $4::int[], $5::text[]) WITH ORDINALITY AS r(stream_id, cnt, command_id, req)
                     WHERE lock.n >= 0),
                  claim AS (INSERT INTO es_commands (stream_id, command_id)
                            SELECT stream_id, command_id FROM req WHERE command_id IS NOT NULL
                            ON CONFLICT DO NOTHING RETURNING stream_id, command_id),
                  ok AS MATERIALIZED (
                    SELECT req, stream_id, cnt,
                           sum(cnt) OVER (PARTITION BY stream_id ORDER BY req)::int AS upto,
                           sum(cnt) OVER (PARTITION BY stream_id)::int AS total
                      FROM req
                     WHERE command_id IS NULL OR (stream_id, command_id) IN (SELECT stream_id, command_id FROM claim)),
                  t AS MATERIALIZED (SELECT DISTINCT stream_id, total FROM ok),
                  u AS (UPDATE es_streams s SET version = s.version + t.total FROM t WHERE s.stream_id = t.stream_id
                        RETURNING s.stream_id, s.version),
                  i AS (INSERT INTO es_streams (stream_id, version)
                        SELECT stream_id, total - 1 FROM t WHERE stream_id NOT IN (SELECT stream_id FROM u)
                        ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + excluded.version + 1
                        RETURNING stream_id, version),
                  v AS (SELECT stream_id, version FROM u UNION ALL SELECT stream_id, version FROM i)
             INSERT INTO es_events (stream_id, stream_version, event_id, type, data, metadata)
             SELECT e.stream_id, v.version - ok.total + ok.upto - ok.cnt + e.ord, e.event_id, e.type, e.data, e.metadata
               FROM jsonb_to_recordset($6::jsonb)
                    AS e(stream_id text, req int, ord int, event_id uuid, type text, data jsonb, metadata jsonb)
               JOIN ok ON ok.req = e.req
               JOIN v ON v.stream_id = ok.stream_id
              ORDER BY e.req, e.ord
             RETURNING position, transaction_id::text AS tx, event_id::text AS event_id, stream_version`,
      values: [
        STREAM_LOCK_CLASS,
        keys,
        batch.map((r) => r.streamId),
        batch.map((r) => r.ids.length),
        batch.map((r) => r.commandId ?? null),
        `[${documents.join(',')}]`,
      ],
    });
    const byEventId = new Map<string, { stream_version: number; position: string; tx: string }>();
    for (const row of result.rows) byEventId.set(row.event_id, row);
    if (byEventId.size > 0) this.signalAppend();
    return Promise.all(
      batch.map(async (r) => {
        // A request's events are consecutive: its last one carries its result.
        const row = byEventId.get(r.ids[r.ids.length - 1]);
        if (row) return { nextExpectedVersion: row.stream_version, position: `${row.tx}:${row.position}`, duplicate: false };
        // Its claim existed: a retried command, answered from its first append.
        const client = await this.pool.connect();
        try {
          const duplicate = await this.duplicateResult(client, r.streamId, r.commandId!);
          if (!duplicate) throw new Error(`command ${r.commandId} claimed on ${r.streamId} without events`);
          return duplicate;
        } finally {
          client.release();
        }
      }),
    );
  }

  /** The first result of an already-applied command, read back from its events. */
  private async duplicateResult(client: pg.PoolClient, streamId: string, commandId: string): Promise<AppendResult | null> {
    const { rows } = await client.query(
      `SELECT e.stream_version, e.position, e.transaction_id::text AS tx
         FROM es_commands c
         JOIN es_events e ON e.stream_id = c.stream_id AND e.metadata->>'commandId' = c.command_id
        WHERE c.stream_id = $1 AND c.command_id = $2
        ORDER BY e.stream_version DESC LIMIT 1`,
      [streamId, commandId],
    );
    if (!rows[0]) return null;
    return { nextExpectedVersion: rows[0].stream_version, position: `${rows[0].tx}:${rows[0].position}`, duplicate: true };
  }

  /**
   * Wakes local listeners at once and other processes through one coalesced NOTIFY sent after the commit.
   * NOTIFY inside the append's transaction would serialise every commit on PostgreSQL's notify-queue lock.
   */
  private signalAppend() {
    this.signalLocal();
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      try {
        do {
          this.notifyAgain = false;
          await this.pool.query(`NOTIFY ${CHANNEL}`);
        } while (this.notifyAgain && !this.closed);
      } catch {
        // Other processes fall back to their slow poll.
      } finally {
        this.notifying = false;
      }
    })();
  }

  private signalLocal() {
    for (const listener of this.listeners) listener();
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

  async readStreams(requests: StreamReadRequest[]): Promise<RecordedEvent[][]> {
    if (requests.length === 0) return [];
    if (requests.length === 1) return [await this.readStream(requests[0].streamId, { fromVersion: requests[0].fromVersion })];
    // One statement for all the tails (each by the (stream_id, stream_version) key), one round trip.
    const { rows } = await this.pool.query(
      `SELECT r.i::int AS req, e.position, e.transaction_id::text AS tx, e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata, e.created_at
         FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(stream_id, from_version, i)
         JOIN es_events e ON e.stream_id = r.stream_id AND e.stream_version >= r.from_version
        ORDER BY r.i, e.stream_version`,
      [requests.map((r) => r.streamId), requests.map((r) => r.fromVersion ?? 0)],
    );
    const out: RecordedEvent[][] = requests.map(() => []);
    for (const row of rows) out[row.req - 1].push(toRecorded(row));
    return out;
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllResult> {
    const [tx, pos] = parsePosition(options.after ?? null);
    const params = [tx.toString(), pos.toString(), options.maxCount];
    const { rows } = await this.pool.query(
      `SELECT ${EVENT_COLUMNS}
         FROM es_events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, position
        LIMIT $3`,
      params,
    );
    if (rows.length > 0) return this.readResult(rows, options, false);

    // Nothing below the horizon while this store's own appends run and reads made progress a moment ago: most
    // likely one of those appends holds the horizon back, and each signals the local readers when it ends, so
    // they read again then. The checks below cost two more round trips and, with appends in flight, an index walk
    // over their uncommitted rows (5 ms per call under the chat bench's load, 15 % of PostgreSQL's time per
    // message). After EMPTY_READ_GRACE_MS without progress they run anyway: an unrelated transaction holding the
    // horizon must not stall readers for as long as local appends keep coming.
    if (this.appending > 0 && performance.now() - this.lastProgress < EMPTY_READ_GRACE_MS) return this.readResult([], options, false);

    // Nothing below the horizon. Anything committed beyond it (cheap on the (transaction_id, position) index)?
    const r = await this.pool.query(
      `SELECT EXISTS (SELECT 1 FROM es_events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) AS behind`,
    );
    if (!r.rows[0].behind) return this.readResult([], options, false);

    // Something holds the horizon back. Three kinds of open transactions can never write es_events, so they are
    // left out of the horizon: those of ANOTHER database (snapshots are cluster-wide: CREATE DATABASE, jobs
    // elsewhere), those of server processes that are not client sessions (an autovacuum ANALYZE of es_events
    // holds an id for a while), and those that declared themselves read-model writers (NOT_APPENDING lock,
    // taken before their id existed: projection batches, rebuilds). All are recognised from ONE read of the lock
    // table: the holder of the transaction's own lock is connected elsewhere (a backend never changes database),
    // is not a client backend, or holds the marker now (so the transaction it runs now is the declared one).
    // Anything unproven still counts.
    const refined = await this.pool.query(
      `WITH locks AS MATERIALIZED (
              SELECT locktype, pid, transactionid
                FROM pg_locks
               WHERE granted AND pid IS NOT NULL
                 AND ((locktype = 'transactionid' AND mode = 'ExclusiveLock' AND transactionid IS NOT NULL)
                   OR (locktype = 'advisory' AND classid = ${NOT_APPENDING_CLASS} AND objid = 0 AND objsubid = 2))),
            excluded AS (
              SELECT t.transactionid AS xid
                FROM locks t
               WHERE t.locktype = 'transactionid'
                 AND (EXISTS (SELECT 1 FROM locks m WHERE m.locktype = 'advisory' AND m.pid = t.pid)
                   OR EXISTS (SELECT 1 FROM pg_stat_activity a
                               WHERE a.pid = t.pid
                                 AND ((a.datname IS NOT NULL AND a.datname <> current_database())
                                   OR a.backend_type <> 'client backend')))),
            s AS (SELECT pg_current_snapshot() AS snap),
            h AS (SELECT coalesce(
                           (SELECT min(x) FROM pg_snapshot_xip(s.snap) AS x
                             WHERE NOT EXISTS (SELECT 1 FROM excluded e WHERE e.xid = xid(x))),
                           pg_snapshot_xmax(s.snap)) AS horizon
                    FROM s)
       SELECT ${EVENT_COLUMNS}
         FROM es_events, h
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < h.horizon
        ORDER BY transaction_id, position
        LIMIT $3`,
      params,
    );
    return this.readResult(refined.rows, options, true);
  }

  private readResult(rows: any[], options: ReadAllOptions, behind: boolean): ReadAllResult {
    if (rows.length > 0) this.lastProgress = performance.now();
    const events = rows.map(toRecorded);
    return { events, last: events.length ? events[events.length - 1].position : (options.after ?? null), behind };
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

/** The deliberate cast failure that aborts an append whose command id was already claimed. */
function isDuplicateGuard(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '22P02' && Boolean(e.message?.includes('ES_DUPLICATE_COMMAND'));
}

function parsePosition(position: string | null): [bigint, bigint] {
  if (!position) return [0n, 0n];
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(position);
  if (!match) throw new Error(`not a PostgreSQL event-store position: ${position.slice(0, 40)}`);
  return [BigInt(match[1]), BigInt(match[2])];
}

const EVENT_COLUMNS = `position, transaction_id::text AS tx, stream_id, stream_version, event_id, type, data, metadata, created_at`;

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

/** An append with its rows serialised, ready for the single or the batched statement. */
interface PreparedAppend {
  streamId: string;
  ids: string[];
  types: string[];
  datas: string[];
  metas: string[];
  commandId?: string;
}

/**
 * Group commit for 'any' appends. Up to MAX_IN_FLIGHT statements run at once; requests arriving meanwhile
 * queue and leave together in the next statement. An idle store therefore adds no wait, and a busy one pays one
 * round trip and one WAL flush per batch instead of per append. A stream is never in two statements at once, so
 * each stream's appends keep their arrival order (several of them may share one statement). A failing statement
 * is retried append by append, so that one bad request cannot fail the others.
 */
class AppendBatcher {
  private static readonly MAX_IN_FLIGHT = 3;
  private static readonly MAX_BATCH = 400;
  private queue: Array<{ req: PreparedAppend; resolve: (r: AppendResult) => void; reject: (e: unknown) => void }> = [];
  private readonly busyStreams = new Set<string>();
  private inFlight = 0;

  constructor(
    private readonly runBatch: (batch: PreparedAppend[]) => Promise<AppendResult[]>,
    private readonly runOne: (req: PreparedAppend) => Promise<AppendResult>,
  ) {}

  append(req: PreparedAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < AppendBatcher.MAX_IN_FLIGHT && this.queue.length > 0) {
      const taken: typeof this.queue = [];
      // A stream's appends leave in queue order: none joins while an earlier one of its stream is in flight or
      // stays queued. Two requests with one command id (a retry racing its original) never share a batch: the
      // later one must see the first one's claim.
      const blocked = new Set<string>();
      const commands = new Set<string>();
      // One pass that keeps the rest in order: splicing each taken request out cost O(queue) apiece, and under
      // load the queue holds hundreds.
      const rest: typeof this.queue = [];
      for (const item of this.queue) {
        if (taken.length >= AppendBatcher.MAX_BATCH) {
          rest.push(item);
          continue;
        }
        const stream = item.req.streamId;
        const command = item.req.commandId === undefined ? null : `${stream}\n${item.req.commandId}`;
        if (blocked.has(stream) || this.busyStreams.has(stream) || (command !== null && commands.has(command))) {
          blocked.add(stream);
          rest.push(item);
          continue;
        }
        if (command !== null) commands.add(command);
        taken.push(item);
      }
      this.queue = rest;
      if (taken.length === 0) return;
      for (const t of taken) this.busyStreams.add(t.req.streamId);
      this.inFlight++;
      void this.run(taken).finally(() => {
        for (const t of taken) this.busyStreams.delete(t.req.streamId);
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(taken: typeof this.queue) {
    if (taken.length === 1) {
      const [only] = taken;
      await this.runOne(only.req).then(only.resolve, only.reject);
      return;
    }
    let results: AppendResult[];
    try {
      results = await this.runBatch(taken.map((t) => t.req));
    } catch {
      for (const t of taken) await this.runOne(t.req).then(t.resolve, t.reject);
      return;
    }
    taken.forEach((t, i) => t.resolve(results[i]));
  }
}
