// `npm run bench -- sales`: the ticket rush and the door, each beside a baseline measured in the same run.
//
// Rush: SALES_BENCH_BUYERS (5,000) buyers over HTTP on one event with 1,000 seats, SALES_BENCH_CONCURRENCY (200)
// at a time, each reserving 1-4 tickets (POST reservation) and paying the reservation through the local Culqi
// server (POST reservationCulqi/:id, the real charge path with the fake provider of test/support/fake-culqi.ts);
// once with one ticket type and once with 5 types sharing the event's capacity. Beside it, at the same
// concurrency, the raw SQL baseline: single-row `UPDATE quota SET sold = sold + n WHERE sold + n <= cap`
// transactions (with 5 types: the type's row and the event's row in one transaction).
// Tickets per second are seats sold divided by the time until the last seat was sold (both sides sell out: with
// 5,000 buyers wanting ~12,500 seats, most of them are refused; a refusal is cheap on both sides).
//
// Door: SALES_BENCH_TICKETS (10,000) tickets scanned at SALES_BENCH_SCAN_RATE (200) scans/s from 4 doors
// (POST checkin), 5 % of them scanned at two doors at the same instant; latency per scan, and double admissions
// counted in the event store (more than one TicketAdmitted without an exit between).
//
// The node runs without job workers (see main). Last line: one JSON object with oversold, paidTicketsPerSecond, rawTicketsPerSecond, ratio, reserveP99Ms,
// checkinP99Ms, doubleAdmissions (and the rest of the figures).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { issueGuestOrder } from '../src/commands/sales/guest-order.js';
import { waitForPosition } from '../src/projections/wait.js';
import { signUp } from '../test/support/accounts.js';
import { startTestNode } from '../test/support/context.js';
import { startFakeCulqi } from '../test/support/fake-culqi.js';
import { client, type Client } from '../test/events/helpers.js';

const BUYERS = Number(process.env.SALES_BENCH_BUYERS ?? 5000);
const SEATS = Number(process.env.SALES_BENCH_SEATS ?? 1000);
const CONCURRENCY = Number(process.env.SALES_BENCH_CONCURRENCY ?? 200);
const TICKETS = Number(process.env.SALES_BENCH_TICKETS ?? 10_000);
const SCAN_RATE = Number(process.env.SALES_BENCH_SCAN_RATE ?? 200);
const DOORS = 4;
const DOUBLE_SHARE = 0.05;

const log = (...a: unknown[]) => console.error(...a);

// Statements sent to PostgreSQL by this process (API, projections, raw baseline): counted around each rush to print
// statements per request beside the CPU per request (the fourteenth session found the cost to be per statement).
let statements = 0;
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: unknown, ...a: unknown[]) {
  statements++;
  return query.apply(this, a);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Runs `fn(i)` for i in 0..n-1 with `concurrency` in flight. */
async function pool(n: number, concurrency: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/** 1-4 tickets per buyer, the same sequence for the raw baseline and the product. */
const wanted = (i: number) => 1 + ((i * 7919) % 4);
const typeOf = (i: number, types: number) => (i * 31) % types;

/**
 * The buyers' and doors' HTTP client: node:http on a keep-alive pool. The bench process hosts the API and its
 * clients on the same two cores; fetch (undici with web streams) cost about 10 % of the process's CPU in a profile,
 * work that buyers' own devices do in real life, so the lighter client keeps the figure about the server.
 */
function lightClient(baseUrl: string, token?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  const { hostname, port } = new URL(baseUrl);
  // A keep-alive socket the server closed as idle just as a request reused it fails with ECONNRESET before any
  // answer: sent again once on a fresh socket, as browsers do (every bench request is idempotent: client and scan ids).
  const post = (path: string, body: unknown): Promise<{ status: number; body: any }> =>
    postOnce(path, body).catch((err: NodeJS.ErrnoException & { reused?: boolean }) => {
      if (err.code === 'ECONNRESET' && err.reused) return postOnce(path, body);
      throw err;
    });
  const postOnce = (path: string, body: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path: `/api/v2${path}`,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err) => reject(Object.assign(err, { reused: req.reusedSocket })));
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

// ----- raw SQL baseline ---------------------------------------------------------------------------------------
async function rawRush(databaseUrl: string, types: number, buyers = BUYERS) {
  const p = new pg.Pool({ connectionString: databaseUrl, max: Math.min(CONCURRENCY, 64) });
  try {
    await p.query(`DROP TABLE IF EXISTS bench_quota; CREATE TABLE bench_quota (id text PRIMARY KEY, sold int NOT NULL, cap int NOT NULL)`);
    await p.query(`INSERT INTO bench_quota VALUES ('event', 0, $1)`, [SEATS]);
    for (let t = 0; t < types; t++) await p.query(`INSERT INTO bench_quota VALUES ($1, 0, $2)`, [`t${t}`, types === 1 ? SEATS : Math.ceil((SEATS * 2) / types)]);
    let sold = 0;
    let lastSaleAt = 0;
    const lat: number[] = [];
    const start = performance.now();
    await pool(buyers, CONCURRENCY, async (i) => {
      const n = wanted(i);
      const t0 = performance.now();
      const c = await p.connect();
      try {
        await c.query('BEGIN');
        const a = await c.query(`UPDATE bench_quota SET sold = sold + $1 WHERE id = $2 AND sold + $1 <= cap`, [n, `t${typeOf(i, types)}`]);
        const b = a.rowCount === 1 && types > 1 ? await c.query(`UPDATE bench_quota SET sold = sold + $1 WHERE id = 'event' AND sold + $1 <= cap`, [n]) : a;
        if (a.rowCount === 1 && b.rowCount === 1) {
          await c.query('COMMIT');
          sold += n;
          lastSaleAt = performance.now();
        } else await c.query('ROLLBACK');
      } finally {
        c.release();
      }
      lat.push(performance.now() - t0);
    });
    const elapsed = (performance.now() - start) / 1000;
    const toSellOut = (lastSaleAt - start) / 1000;
    return { sold, ticketsPerSecond: r1(sold / toSellOut), attemptsPerSecond: r1(buyers / elapsed), p50Ms: r1(pct(lat, 50)), p99Ms: r1(pct(lat, 99)) };
  } finally {
    await p.query(`DROP TABLE IF EXISTS bench_quota`).catch(() => undefined);
    await p.end();
  }
}

// ----- the product ------------------------------------------------------------------------------------------
type Node = Awaited<ReturnType<typeof startTestNode>>;

async function publishedEvent(org: Client, types: number, secretKey: string): Promise<{ id: string; ticketIds: string[] }> {
  const code = `rush-${randomUUID().slice(0, 8)}`;
  const ev = await org.post('/event', {
    eventName: 'Concierto de la fila',
    eventCode: code,
    description: 'Venta masiva de entradas',
    venue: 'Estadio Nacional, Lima',
    startDate: '2031-05-01T19:00:00-05:00',
    endDate: '2031-05-01T23:00:00-05:00',
    capacity: SEATS,
  });
  if (ev.status !== 201) throw new Error(`event: ${ev.status} ${JSON.stringify(ev.body)}`);
  const id = ev.body.data._id as string;
  const ticketIds: string[] = [];
  for (let t = 0; t < types; t++) {
    // With several types each may sell up to twice its share: the event's capacity is what binds.
    const quantity = types === 1 ? SEATS : Math.ceil((SEATS * 2) / types);
    const r = await org.post(`/event/${id}/ticket`, { name: `Zona ${t + 1}`, price: 50 + t * 10, quantity, maxPerOrder: 4, clientId: randomUUID() });
    if (r.status !== 201) throw new Error(`ticket: ${r.status} ${JSON.stringify(r.body)}`);
    ticketIds.push(r.body.data._id);
  }
  const pm = await org.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_test_bench', secretKey });
  if (pm.status !== 201) throw new Error(`payment method: ${pm.status} ${JSON.stringify(pm.body)}`);
  const pub = await org.put(`/event/${id}`, { published: true });
  if (pub.status !== 200) throw new Error(`publish: ${pub.status} ${JSON.stringify(pub.body)}`);
  return { id, ticketIds };
}

async function productRush(t: Node, org: Client, buyer: ReturnType<typeof lightClient>, types: number, secretKey: string, buyers = BUYERS) {
  const ev = await publishedEvent(org, types, secretKey);
  let lastPosition: string | null = null;
  const seen = (p: string | null | undefined) => {
    if (p && (!lastPosition || t.ctx.store.comparePositions(p, lastPosition) > 0)) lastPosition = p;
  };
  const reserveLat: number[] = [];
  const payLat: number[] = [];
  let reserved = 0;
  let paid = 0;
  let lastReserveAt = 0;
  let lastPaidAt = 0;
  const refusals = new Map<string, number>();
  const refuse = (why: string) => void refusals.set(why, (refusals.get(why) ?? 0) + 1);
  const cpu0 = process.cpuUsage();
  const statements0 = statements;
  const start = performance.now();
  await pool(buyers, CONCURRENCY, async (i) => {
    const n = wanted(i);
    const t0 = performance.now();
    const r = await buyer.post('/reservation', { eventId: ev.id, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[typeOf(i, types)], quantity: n }] });
    reserveLat.push(performance.now() - t0);
    if (r.status !== 201) return refuse(`reserve ${r.status} ${r.body?.code ?? ''}`);
    seen(r.body.position);
    reserved += n;
    lastReserveAt = performance.now();
    const t1 = performance.now();
    const p = await buyer.post(`/reservationCulqi/${r.body.order._id}`, { token: `tkn_test_ok_${randomUUID().slice(0, 12)}`, email: `comprador${i}@example.test`, clientId: randomUUID() });
    payLat.push(performance.now() - t1);
    if (p.status !== 200 && p.status !== 201) return refuse(`pay ${p.status} ${p.body?.code ?? ''}`);
    seen(p.body?.position);
    paid += n;
    lastPaidAt = performance.now();
  });
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const sent = statements - statements0;
  // Oversold: what the read model holds once the projections caught up, per type and in total.
  if (lastPosition) await waitForPosition(t.ctx.db, t.ctx.store, lastPosition, { timeoutMs: 60_000 });
  const rows = await sql<{ ticket_type_id: string; n: string }>`
    SELECT l.ticket_type_id, SUM(l.quantity)::text AS n FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id
    WHERE o.event_id = ${ev.id} AND o.status IN ('reserved', 'awaiting_payment', 'paid') GROUP BY l.ticket_type_id`.execute(t.ctx.db);
  const held = rows.rows.reduce((s, x) => s + Number(x.n), 0);
  const perTypeCap = types === 1 ? SEATS : Math.ceil((SEATS * 2) / types);
  const oversold = Math.max(0, held - SEATS) + rows.rows.reduce((s, x) => s + Math.max(0, Number(x.n) - perTypeCap), 0);
  return {
    types,
    reserved,
    paid,
    held,
    oversold,
    reservedTicketsPerSecond: r1(reserved / ((lastReserveAt - start) / 1000)),
    paidTicketsPerSecond: r1(paid / ((lastPaidAt - start) / 1000)),
    attemptsPerSecond: r1(buyers / elapsed),
    reserveP50Ms: r1(pct(reserveLat, 50)),
    reserveP99Ms: r1(pct(reserveLat, 99)),
    payP50Ms: r1(pct(payLat, 50)),
    payP99Ms: r1(pct(payLat, 99)),
    refusals: Object.fromEntries(refusals),
    // The bench process is the API, its projections and workers, and the buyers' HTTP clients: its CPU per request.
    cpuMsPerRequest: r1((cpu.user + cpu.system) / 1000 / (buyers + payLat.length)),
    cpuBusy: r1((cpu.user + cpu.system) / 1000 / (elapsed * 1000)),
    // Every statement of the process while the buyers ran (requests and the projections behind them), per request.
    statementsPerRequest: r1(sent / (buyers + payLat.length)),
    // The same over the reservations that got seats (each paid after): refusals are answered from the cached state.
    statementsPerPaidOrder: r1(sent / payLat.length),
  };
}

// ----- the door -----------------------------------------------------------------------------------------------
async function door(t: Node, org: Client, orgId: string, token: string) {
  const doorClient = lightClient(t.node.url, token);
  const code = `door-${randomUUID().slice(0, 8)}`;
  const ev = await org.post('/event', {
    eventName: 'Congreso de la puerta',
    eventCode: code,
    description: 'Ingreso masivo',
    venue: 'Centro de Convenciones, Lima',
    startDate: '2031-06-01T09:00:00-05:00',
    endDate: '2031-06-01T18:00:00-05:00',
    capacity: TICKETS,
  });
  const eventId = ev.body.data._id as string;
  const tt = await org.post(`/event/${eventId}/ticket`, { name: 'General', price: 0, quantity: TICKETS, maxPerOrder: 100, clientId: randomUUID() });
  const ticketTypeId = tt.body.data._id as string;
  await org.put(`/event/${eventId}`, { published: true });
  // Tickets through the real guest-list use case (50 per order), in-process: how they are made is not measured.
  const made = performance.now();
  let last: string | null = null;
  await pool(TICKETS / 50, 8, async (i) => {
    const r = await issueGuestOrder(t.ctx, {
      eventId,
      ticketTypeId,
      attendees: Array.from({ length: 50 }, (_, k) => ({ name: `Asistente ${i * 50 + k}`, email: `asistente${i * 50 + k}@example.test` })),
      by: orgId,
      clientId: randomUUID(),
      method: 'guest',
    });
    last = r.position ?? last;
  });
  if (last) await waitForPosition(t.ctx.db, t.ctx.store, last, { timeoutMs: 120_000 });
  const codes = (await sql<{ code: string }>`SELECT code FROM sales_tickets WHERE event_id = ${eventId}`.execute(t.ctx.db)).rows.map((r) => r.code);
  log(`door: ${codes.length} tickets made in ${r1((performance.now() - made) / 1000)} s`);

  const lat: number[] = [];
  const answers = new Map<string, number>();
  let admittedTwice = 0;
  const doubles = new Set(codes.filter((_, i) => i % Math.round(1 / DOUBLE_SHARE) === 0));
  const scan = async (doorNo: number, ticketCode: string) => {
    const t0 = performance.now();
    const r = await doorClient.post('/checkin', { eventId, code: ticketCode, door: `Puerta ${doorNo + 1}`, direction: 'in', scanId: randomUUID() });
    lat.push(performance.now() - t0);
    const key = `${r.status} ${r.body?.result ?? r.body?.code ?? ''}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
    return r.status === 200 && r.body?.result === 'admitted';
  };
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < codes.length; i++) {
    const due = start + (i * 1000) / SCAN_RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const c = codes[i];
    const doorNo = i % DOORS;
    if (doubles.has(c)) {
      inFlight.push(
        Promise.all([scan(doorNo, c), scan((doorNo + 1) % DOORS, c)]).then(([a, b]) => {
          if (a && b) admittedTwice++;
        }),
      );
    } else inFlight.push(scan(doorNo, c).then(() => undefined));
  }
  await Promise.all(inFlight);
  doorClient.close();
  const elapsed = (performance.now() - start) / 1000;
  // The event store is the judge: a ticket stream with two admissions and no exit between is a double admission.
  const stored = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (
      SELECT stream_id FROM es_events WHERE stream_id LIKE 'sales-checkin-%' AND type = 'sales.TicketAdmitted'
      GROUP BY stream_id HAVING count(*) > 1) x`.execute(t.ctx.db).catch(() => ({ rows: [{ n: 'NaN' }] }));
  return {
    scans: lat.length,
    scansPerSecond: r1(lat.length / elapsed),
    p50Ms: r1(pct(lat, 50)),
    p99Ms: r1(pct(lat, 99)),
    maxMs: r1(Math.max(...lat)),
    doubleAdmissions: Math.max(admittedTwice, Number(stored.rows[0].n)),
    answers: Object.fromEntries(answers),
  };
}

async function main() {
  const fake = await startFakeCulqi();
  // The API process with its projections, as `npm run serve` beside `npm run worker`: the jobs (confirmation mails with
  // their PDFs, expiries) run in the worker process of a deployment and are not what the rush or the door measure.
  const t = await startTestNode({ workers: false }, { CULQI_API_URL: fake.url, CULQI_TOKENS_URL: fake.url, LOG_LEVEL: 'silent' });
  const results: Record<string, unknown> = {};
  try {
    const server = (await sql<{ v: string }>`SHOW server_version`.execute(t.ctx.db)).rows[0].v;
    results.machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, memGiB: r1(os.totalmem() / 2 ** 30), node: process.version, postgres: server };
    const u = await signUp(t.node.url, { displayName: 'Organizadora del bench' });
    const org = client(t.node.url, u);

    // One buyers' connection pool for the warm-up and the measured rushes (its sockets are opened by the warm-up).
    const buyer = lightClient(t.node.url);
    // Warm-up of both sides (JIT, connection pools, caches): a small rush that is not reported.
    await rawRush(t.ctx.config.databaseUrl, 1, 500);
    await productRush(t, org, buyer, 1, fake.secretKey, 500);
    const raw1 = await rawRush(t.ctx.config.databaseUrl, 1);
    log('raw SQL, 1 type:', raw1);
    const rush1 = await productRush(t, org, buyer, 1, fake.secretKey);
    log('rush, 1 type:', rush1);
    const raw5 = await rawRush(t.ctx.config.databaseUrl, 5);
    log('raw SQL, 5 types:', raw5);
    const rush5 = await productRush(t, org, buyer, 5, fake.secretKey);
    log('rush, 5 types:', rush5);
    buyer.close();
    const doorResult = await door(t, org, u.user._id, u.token);
    log('door:', doorResult);

    const paidTicketsPerSecond = Math.min(rush1.paidTicketsPerSecond, rush5.paidTicketsPerSecond);
    const rawTicketsPerSecond = Math.max(raw1.ticketsPerSecond, raw5.ticketsPerSecond);
    Object.assign(results, {
      oversold: rush1.oversold + rush5.oversold,
      reservedTicketsPerSecond: Math.min(rush1.reservedTicketsPerSecond, rush5.reservedTicketsPerSecond),
      paidTicketsPerSecond,
      rawTicketsPerSecond,
      ratio: Math.round((Math.min(rush1.reservedTicketsPerSecond, rush5.reservedTicketsPerSecond) / rawTicketsPerSecond) * 100) / 100,
      paidRatio: Math.round((paidTicketsPerSecond / rawTicketsPerSecond) * 100) / 100,
      reserveP50Ms: Math.max(rush1.reserveP50Ms, rush5.reserveP50Ms),
      reserveP99Ms: Math.max(rush1.reserveP99Ms, rush5.reserveP99Ms),
      checkinP50Ms: doorResult.p50Ms,
      checkinP99Ms: doorResult.p99Ms,
      doubleAdmissions: doorResult.doubleAdmissions,
      rush1,
      rush5,
      raw1,
      raw5,
      door: doorResult,
      settings: { buyers: BUYERS, seats: SEATS, concurrency: CONCURRENCY, tickets: TICKETS, scanRate: SCAN_RATE, doors: DOORS },
    });
  } finally {
    await t.stop();
    await fake.close();
  }
  console.log(JSON.stringify(results));
}

await main();
process.exit(0);
