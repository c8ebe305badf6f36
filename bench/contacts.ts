// `npm run bench -- contacts`: the CRM's "as of" read of one contact (its stream folded up to a moment, erased
// values masked) with BENCH_CONTACTS_EVENTS (default 1,000,000) events of other streams in the store, beside a raw
// baseline: the plain indexed read of the same stream's rows. Goal: asOfP99Ms <= 50. Throwaway database, dropped
// at the end. Last line: one JSON object.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { recordAsOf } from '../src/commands/contacts/history.js';
import { changeContact, createContact } from '../src/commands/contacts/records.js';
import { createDb, createPool } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { PostgresEventStore } from '../src/eventstore/postgres.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILL = Number(process.env.BENCH_CONTACTS_EVENTS ?? 1_000_000);
const HISTORY = Number(process.env.BENCH_CONTACTS_HISTORY ?? 100);
const READS = Number(process.env.BENCH_CONTACTS_READS ?? 500);
const name = `aforo_bench_${randomBytes(5).toString('hex')}`;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const r2 = (n: number) => Math.round(n * 100) / 100;

async function timed(n: number, op: () => Promise<unknown>) {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await op();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return { p50: r2(pct(t, 50)), p99: r2(pct(t, 99)), max: r2(t[t.length - 1]) };
}

async function main() {
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = createPool(url, 4);
  const db = createDb(pool);
  const store = new PostgresEventStore(pool, url);
  const ctx = { store, db, clock: () => new Date(), newId: randomUUID };
  try {
    await migrate(pool);
    const server = (await pool.query(`SHOW server_version`)).rows[0].server_version;
    const load = os.loadavg().map(r2);
    console.log(`Contacts bench on ${os.cpus().length} CPUs, node ${process.version}, PostgreSQL ${server}, load ${load.join(' ')}`);

    // Other streams first: FILL events in 2,000-event contact streams (raw SQL, server-side).
    const t0 = performance.now();
    for (let done = 0; done < FILL; done += 100_000) {
      const n = Math.min(100_000, FILL - done);
      await pool.query(
        `INSERT INTO es_events (stream_id, stream_version, event_id, type, data, metadata)
         SELECT 'contacts-contact-fill-' || ((${done} + g) / 2000), (${done} + g) % 2000, gen_random_uuid(), 'contacts.ContactChanged',
                jsonb_build_object('contactId', 'fill', 'clientId', 'bench-other', 'changes', jsonb_build_object('name', jsonb_build_object('before', 'a', 'after', 'b' || g)), 'by', null, 'at', now()),
                '{"schemaVersion":1}'::jsonb
           FROM generate_series(0, ${n - 1}) AS g`,
      );
    }
    await pool.query('ANALYZE es_events');
    const fillSeconds = r2((performance.now() - t0) / 1000);
    const total = Number((await pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    console.log(`filled ${total.toLocaleString('en')} events in ${fillSeconds} s`);

    // The contact: created and changed HISTORY times through the real commands.
    const clientId = randomUUID();
    const contactId = randomUUID();
    await createContact(ctx, { clientId, userId: clientId, contactId, body: { name: 'Ana', email: 'ana@bench.pe', consent: {}, fields: {} } });
    for (let i = 0; i < HISTORY; i++) {
      await changeContact(ctx, { clientId, userId: clientId, contactId, body: { name: `Ana ${i}`, email: 'ana@bench.pe', phone: `+5198765${String(i).padStart(4, '0')}`, consent: {}, fields: {} } });
    }
    const at = new Date();
    const asOf = await recordAsOf(ctx, clientId, 'contact', contactId, at);
    if (asOf.version !== HISTORY) throw new Error(`as of folded ${asOf.version} events, expected ${HISTORY}`);

    // Interleaved: raw indexed read of the stream's rows, then the "as of" read, twice each.
    const raw = () => pool.query('SELECT * FROM es_events WHERE stream_id = $1 ORDER BY stream_version', [`contacts-contact-${contactId}`]);
    await timed(20, raw);
    await timed(20, () => recordAsOf(ctx, clientId, 'contact', contactId, at));
    const rawA = await timed(READS / 2, raw);
    const asOfA = await timed(READS / 2, () => recordAsOf(ctx, clientId, 'contact', contactId, at));
    const rawB = await timed(READS / 2, raw);
    const asOfB = await timed(READS / 2, () => recordAsOf(ctx, clientId, 'contact', contactId, at));
    const rawP99 = Math.max(rawA.p99, rawB.p99);
    const asOfP99Ms = Math.max(asOfA.p99, asOfB.p99);
    console.log(`raw indexed read of the stream (${HISTORY + 1} rows): p50 ${rawA.p50}/${rawB.p50} ms, p99 ${rawA.p99}/${rawB.p99} ms`);
    console.log(`"as of" read (fold + checks):            p50 ${asOfA.p50}/${asOfB.p50} ms, p99 ${asOfA.p99}/${asOfB.p99} ms  (goal p99 <= 50 ms)`);
    console.log(
      JSON.stringify({
        bench: 'contacts',
        events: total,
        streamEvents: HISTORY + 1,
        reads: READS,
        asOfP99Ms,
        asOfP50Ms: Math.max(asOfA.p50, asOfB.p50),
        rawP99Ms: rawP99,
        rawP50Ms: Math.max(rawA.p50, rawB.p50),
        fillSeconds,
        load,
        cpus: os.cpus().length,
        ok: asOfP99Ms <= 50,
      }),
    );
  } finally {
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

await main();
