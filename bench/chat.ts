// `npm run bench -- chat`: 1,000 connected sockets (500 pairs of users, one individual room each), 1:1 messages
// at a steady rate; latency from send to the receiver's `chat-room:message` and messages/s, beside a bare
// Socket.IO relay (no storage, no auth, same machine) measured in the same run. Last line: one JSON object.
//
// Users are SQL fixtures in the accounts read model plus real sessions (createSession): registering 1,000
// people through argon2 would take minutes and measures something else. Rooms are opened through the chat
// command; every message goes through the real send command, event store, projection and Socket.IO push.
//
// Max throughput is a closed loop with CHAT_BENCH_IN_FLIGHT messages outstanding (500 by default, the same for
// both): with 200 the chat path was bound by its latency (CPU partly idle), not by its capacity.
// CHAT_BENCH_TOPOLOGY=api+worker runs the projections in a second process, as `npm run worker` deploys them.
// CHAT_BENCH_TRACE=1 lists the messages slower than 40 ms (when sent, latency, ack latency) to find stalls.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { Socket as Socket_ } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { createSession } from '../src/commands/accounts/service.js';
import { getOrOpenIndividualRoom } from '../src/commands/chat/rooms.js';
import type { ChatMessage } from '../src/contracts/chat.js';
import { projections } from '../src/projections/index.js';
import { startNode } from '../src/server.js';
import { createTestContext } from '../test/support/context.js';

const USERS = Number(process.env.CHAT_BENCH_USERS ?? 1000);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 500); // messages per second, steady phase
const STEADY_S = Number(process.env.CHAT_BENCH_SECONDS ?? 15);
const MAX_S = Number(process.env.CHAT_BENCH_MAX_SECONDS ?? 6); // closed-loop throughput phase
// The closed loop alternates bare, stored relay and chat this many times and reports the round with the median
// ratio: on the 2-vCPU VM single rounds of the same code range from 0.26 to 0.51, so one round proves nothing.
const ROUNDS = Number(process.env.CHAT_BENCH_ROUNDS ?? 5);
const IN_FLIGHT = Number(process.env.CHAT_BENCH_IN_FLIGHT ?? 500);
// 'single': API, projections and jobs in this one process (what `npm start` runs). 'api+worker': the projections
// and jobs run in a second OS process (`npm run worker`, the docker-compose topology) and push through Redis.
const TRACE = process.env.CHAT_BENCH_TRACE === '1';
const slow: Array<[number, number, number]> = [];
const ackedAt = new Map<string, number>();
/** Chat messages acknowledged (saved) whose push has not reached the receiver yet. */
const savedNotDelivered = new Set<string>();
// CHAT_BENCH_PROFILE=FILE writes a V8 CPU profile of each closed-loop phase (FILE-chat.cpuprofile, ...: open
// them in Chrome DevTools); with CHAT_BENCH_HEAP=1 a sampling allocation profile instead (.heapprofile).
const PROFILE = process.env.CHAT_BENCH_PROFILE;
const HEAP = process.env.CHAT_BENCH_HEAP === '1';
const TOPOLOGY = process.env.CHAT_BENCH_TOPOLOGY === 'api+worker' ? 'api+worker' : 'single';

const log = (...a: unknown[]) => console.error(...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (n: number) => Math.round(n * 10) / 10;

/** Runs fn(0..n-1), ten at a time. */
async function inBatches(n: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

function connected(socket: Socket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect in 60 s')), 60_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

interface Peer {
  socket: Socket;
  room: string;
  to: number;
}

/** Offered load: RATE messages/s spread evenly; returns latencies (ms) of the messages that arrived. */
async function steady(name: string, peers: Peer[], send: (from: number, id: string) => void, pending: Map<string, number>, lat: number[]) {
  const total = RATE * STEADY_S;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const from = Math.floor(Math.random() * peers.length);
    const id = randomUUID();
    pending.set(id, performance.now());
    send(from, id);
  }
  const deadline = performance.now() + 10_000;
  while (pending.size > 0 && performance.now() < deadline) await sleep(20);
  const elapsed = (performance.now() - start) / 1000;
  const r = {
    sent: total,
    received: lat.length,
    lost: pending.size,
    p50: round(pct(lat, 50)),
    p99: round(pct(lat, 99)),
    max: round(Math.max(...lat)),
    rate: round(lat.length / elapsed),
  };
  log(`${name} steady ${RATE}/s:`, r);
  pending.clear();
  lat.length = 0;
  return r;
}

/** CPU seconds used so far by processes with the given command name or pid (Linux /proc; 0 elsewhere). */
function cpuSecondsOf(comm: string, onlyPid?: number): number {
  let ticks = 0;
  try {
    for (const pid of onlyPid ? [String(onlyPid)] : readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!onlyPid && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100; // USER_HZ
}

/**
 * Socket writes of this process by peer port (5432 PostgreSQL, 6379 Redis, other = Socket.IO): each is a system
 * call, and system calls are what a sandboxed VM charges most for.
 */
const writes = new Map<string, number>();
for (const method of ['_write', '_writev'] as const) {
  const proto = Socket_.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = proto[method];
  proto[method] = function (this: Socket_, ...args: unknown[]) {
    const port = this.remotePort === 5432 || this.remotePort === 6379 ? String(this.remotePort) : 'socket.io';
    writes.set(port, (writes.get(port) ?? 0) + 1);
    return original.apply(this, args);
  };
}
const portName: Record<string, string> = { '5432': 'postgres', '6379': 'redis', 'socket.io': 'socketIo' };

/** CPU cost per message: this process (server + clients) and the PostgreSQL and Redis servers, in ms. */
let workerPid: number | undefined;
function cpuMeter() {
  const workerCpu = () => (workerPid ? cpuSecondsOf('', workerPid) : 0);
  const start = { self: process.cpuUsage(), pg: cpuSecondsOf('postgres'), redis: cpuSecondsOf('redis-server'), worker: workerCpu() };
  const writesBefore = new Map(writes);
  return (messages: number) => {
    const writesPerMessage = Object.fromEntries(
      [...writes].map(([k, n]) => [portName[k], Math.round(((n - (writesBefore.get(k) ?? 0)) / Math.max(1, messages)) * 100) / 100]),
    );
    const self = process.cpuUsage(start.self);
    const per = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, messages)) / 1000;
    return {
      nodeMsPerMessage: per((self.user + self.system) / 1e6),
      // Kernel share of it: system calls (socket reads and writes), which this VM charges dearly.
      nodeSystemMsPerMessage: per(self.system / 1e6),
      postgresMsPerMessage: per(cpuSecondsOf('postgres') - start.pg),
      redisMsPerMessage: per(cpuSecondsOf('redis-server') - start.redis),
      workerMsPerMessage: per(workerCpu() - start.worker),
      writesPerMessage,
    };
  };
}

/** PostgreSQL's WAL counters (pg_stat_wal): what each message costs the database in records, full-page images and bytes. */
type WalCounters = { records: number; fpi: number; bytes: number };
let readWal: (() => Promise<WalCounters>) | null = null;

/** Closed loop: IN_FLIGHT messages outstanding for MAX_S seconds; messages/s received. */
async function saturate(name: string, peers: Peer[], send: (from: number, id: string) => void, pending: Map<string, number>, onDone: { fn: (() => void) | null }, lat: number[]) {
  let stop = false;
  let received = 0;
  const fire = () => {
    if (stop) return;
    const from = Math.floor(Math.random() * peers.length);
    const id = randomUUID();
    pending.set(id, performance.now());
    send(from, id);
  };
  onDone.fn = () => {
    received++;
    fire();
  };
  const profiler = PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    if (HEAP) {
      await profiler.post('HeapProfiler.enable');
      await profiler.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    } else {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
  }
  // Garbage-collection pauses of this process during the phase (TRACE): count and milliseconds.
  const gc = { count: 0, ms: 0 };
  const gcObserver = TRACE ? new PerformanceObserver((list) => list.getEntries().forEach((e) => ((gc.count += 1), (gc.ms += e.duration)))) : null;
  gcObserver?.observe({ entryTypes: ['gc'] });
  const start = performance.now();
  const cpu = cpuMeter();
  // How busy the main thread is (1 = never waiting for I/O), and where the in-flight messages wait: for their
  // save (sent, not acknowledged) or for their delivery (acknowledged, not pushed yet). Sampled every 20 ms.
  const eluStart = performance.eventLoopUtilization();
  // The closed loop tends to move in waves (projection batches deliver most of the in-flight messages at once):
  // the share of samples where at least 80 % of them, or at most 20 %, wait for their delivery shows it.
  const waiting = { samples: 0, save: 0, delivery: 0, mostForDelivery: 0, fewForDelivery: 0 };
  const sampler = setInterval(() => {
    waiting.samples++;
    waiting.save += pending.size - savedNotDelivered.size;
    waiting.delivery += savedNotDelivered.size;
    if (savedNotDelivered.size >= 0.8 * IN_FLIGHT) waiting.mostForDelivery++;
    if (savedNotDelivered.size <= 0.2 * IN_FLIGHT) waiting.fewForDelivery++;
  }, 20);
  const walBefore = await readWal?.();
  for (let i = 0; i < IN_FLIGHT; i++) fire();
  await sleep(MAX_S * 1000);
  stop = true;
  clearInterval(sampler);
  const mainThreadBusy = Math.round(performance.eventLoopUtilization(eluStart).utilization * 1000) / 1000;
  if (profiler) {
    const { profile } = HEAP ? await profiler.post('HeapProfiler.stopSampling') : await profiler.post('Profiler.stop');
    writeFileSync(`${PROFILE!.replace(/\.(cpu|heap)profile$/, '')}-${name.replace(' ', '-')}.${HEAP ? 'heap' : 'cpu'}profile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  const elapsed = (performance.now() - start) / 1000;
  if (gcObserver) {
    gcObserver.disconnect();
    log(`${name}: ${gc.count} GC pauses, ${Math.round(gc.ms)} ms`);
  }
  const cost = cpu(received);
  const walAfter = await readWal?.();
  const perMessage = (k: keyof WalCounters) => (walBefore && walAfter ? Math.round(((walAfter[k] - walBefore[k]) / Math.max(1, received)) * 100) / 100 : NaN);
  const wal = { records: perMessage('records'), fullPageImages: perMessage('fpi'), bytes: Math.round(perMessage('bytes')) };
  onDone.fn = null;
  await sleep(1500);
  const share = (n: number) => Math.round((n / Math.max(1, waiting.samples)) * 100) / 100;
  const inFlightWaitingFor = {
    save: Math.round(waiting.save / Math.max(1, waiting.samples)),
    delivery: Math.round(waiting.delivery / Math.max(1, waiting.samples)),
    samplesWithMostForDelivery: share(waiting.mostForDelivery),
    samplesWithFewForDelivery: share(waiting.fewForDelivery),
  };
  savedNotDelivered.clear();
  const r = { messagesPerSecond: round(received / elapsed), p50: round(pct(lat, 50)), p99: round(pct(lat, 99)), mainThreadBusy, inFlightWaitingFor, ...cost, walPerMessage: wal };
  log(`${name} max throughput (${IN_FLIGHT} in flight):`, r);
  pending.clear();
  lat.length = 0;
  return r;
}

/** `npm run worker` as its own OS process on the bench's database and Redis prefix; resolves once it projects. */
async function startWorkerProcess(ctx: Awaited<ReturnType<typeof createTestContext>>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv.filter((a) => a.startsWith('--max-semi-space-size')), '--import', 'tsx', 'src/main.ts', '--worker'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: ctx.config.databaseUrl,
      REDIS_URL: ctx.config.redisUrl,
      REDIS_PREFIX: ctx.config.redisPrefix,
      JWT_SECRET: ctx.config.jwtSecret,
      PII_MASTER_KEY: ctx.config.piiMasterKey.toString('base64'),
      DATA_DIR: ctx.config.dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = performance.now() + 60_000;
  for (;;) {
    const rows = await ctx.db.selectFrom('projection_checkpoints').select('status').execute();
    if (rows.length >= projections.length && rows.every((r) => r.status === 'running')) break;
    if (child.exitCode !== null || performance.now() > deadline) throw new Error('the worker process did not start');
    await sleep(200);
  }
  log(`worker process ${child.pid} runs the projections`);
  return child;
}

async function main() {
  const t0 = performance.now();
  const ctx = await createTestContext({ LOG_LEVEL: 'silent' });
  const split = TOPOLOGY === 'api+worker';
  const node = await startNode(ctx, { port: 0, host: '127.0.0.1', workers: false, projections: !split });
  const worker = split ? await startWorkerProcess(ctx) : null;
  workerPid = worker?.pid;
  readWal = async () => {
    const { rows } = await ctx.pool.query('SELECT wal_records::float8 AS records, wal_fpi::float8 AS fpi, wal_bytes::float8 AS bytes FROM pg_stat_wal');
    return rows[0] as WalCounters;
  };
  try {
    // ---- fixtures: users, sessions, teams, rooms
    const ids = Array.from({ length: USERS }, () => randomUUID());
    const now = new Date();
    for (let i = 0; i < USERS; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await sql`INSERT INTO users (id, display_name, email, email_normalized, public_user_id, created_at, updated_at)
                SELECT u, 'Bench ' || u, u || '@bench.test', u || '@bench.test', 'p-' || u, ${now}, ${now}
                  FROM unnest(${chunk}::text[]) AS u`.execute(ctx.db);
    }
    const tokens: string[] = new Array(USERS);
    await inBatches(USERS, async (i) => {
      tokens[i] = (await createSession(ctx, ids[i])).token;
    });
    const eventId = randomUUID();
    for (let i = 0; i < USERS; i += 2) {
      await sql`INSERT INTO event_members (event_id, user_id, module, role, owner, granted_at)
                VALUES (${eventId + ':' + i}, ${ids[i]}, 'event', 'administrator', false, now()),
                       (${eventId + ':' + i}, ${ids[i + 1]}, 'event', 'administrator', false, now())`.execute(ctx.db);
    }
    const rooms: string[] = new Array(USERS / 2);
    await inBatches(USERS / 2, async (k) => {
      rooms[k] = (await getOrOpenIndividualRoom(ctx, ids[2 * k], ids[2 * k + 1])).room.roomId;
    });
    log(`fixtures: ${USERS} users, ${rooms.length} rooms in ${round((performance.now() - t0) / 1000)} s`);

    // ---- chat sockets
    const pending = new Map<string, number>();
    const lat: number[] = [];
    const done: { fn: (() => void) | null } = { fn: null };
    const arrive = (id: string) => {
      const sentAt = pending.get(id);
      if (sentAt === undefined) return;
      pending.delete(id);
      savedNotDelivered.delete(id);
      lat.push(performance.now() - sentAt);
    if (TRACE && performance.now() - sentAt > 40) slow.push([Math.round(sentAt), Math.round(performance.now() - sentAt), Math.round((ackedAt.get(id) ?? NaN) - sentAt)]);
      done.fn?.();
    };
    const chatPeers: Peer[] = [];
    for (let i = 0; i < USERS; i++) {
      const socket = connect(node.url, { auth: { token: tokens[i] }, transports: ['websocket'], forceNew: true, reconnection: false });
      const me = ids[i];
      socket.on('chat-room:message', (m: ChatMessage) => {
        if (m.sender !== me) arrive(m.id);
      });
      chatPeers.push({ socket, room: rooms[i >> 1], to: i ^ 1 });
    }
    await Promise.all(chatPeers.map((p) => connected(p.socket)));
    log(`${USERS} chat sockets connected`);
    await sleep(1000);
    let sendErrors = 0;
    const ackLat: number[] = [];
    const chatSend = (from: number, id: string) => {
      const p = chatPeers[from];
      const t = performance.now();
      p.socket.emit('chat-room:message', { _room: p.room, id, message: `hola ${id.slice(0, 8)}` }, (ack: { ok: boolean }) => {
        ackLat.push(performance.now() - t);
        if (TRACE) ackedAt.set(id, performance.now());
        if (ack.ok && pending.has(id)) savedNotDelivered.add(id);
        if (!ack.ok) sendErrors++;
      });
    };

    // ---- baselines: plain Socket.IO relays with 1,000 sockets each
    type RelayMessage = { to: string; id: string; message: string };
    type RelayAck = ((a: unknown) => void) | undefined;
    /** A plain Socket.IO server whose clients join `user:<id>` and send `relay` messages to `handle`. */
    async function startRelay(handle: (io: Server, from: string, m: RelayMessage, ack: RelayAck) => void) {
      const http = createServer();
      const io = new Server(http, { serveClient: false });
      io.on('connection', (s) => {
        const user = String(s.handshake.auth.user);
        void s.join(`user:${user}`);
        s.on('relay', (m: RelayMessage, ack?: (a: unknown) => void) => handle(io, user, m, ack));
      });
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const peers: Peer[] = [];
      for (let i = 0; i < USERS; i++) {
        const socket = connect(url, { auth: { user: ids[i] }, transports: ['websocket'], forceNew: true, reconnection: false });
        socket.on('relay', (m: { id: string }) => arrive(m.id));
        peers.push({ socket, room: '', to: i ^ 1 });
      }
      await Promise.all(peers.map((p) => connected(p.socket)));
      const send = (from: number, id: string) => {
        const p = peers[from];
        p.socket.emit('relay', { to: ids[p.to], id, message: `hola ${id.slice(0, 8)}` }, () => undefined);
      };
      return { io, peers, send };
    }

    // ---- bare relay: plain Socket.IO, no storage, no auth
    const bare = await startRelay((io, from, m, ack) => {
      io.to(`user:${m.to}`).emit('relay', { id: m.id, message: m.message, from });
      ack?.({ ok: true });
    });
    log(`${USERS} bare relay sockets connected`);

    // ---- stored relay: the bare relay plus the least any durable chat must do, each message INSERTed (group
    // commit: the messages that arrive while up to 3 statements run leave together) and relayed after COMMIT.
    // No auth, no event store, no projection: the ceiling of a chat that stores before it delivers, same harness.
    await sql`CREATE TABLE bench_relay (id text PRIMARY KEY, sender text NOT NULL, receiver text NOT NULL, message text NOT NULL)`.execute(ctx.db);
    const queue: Array<{ io: Server; from: string; m: RelayMessage; ack: RelayAck }> = [];
    let statements = 0;
    const pumpStored = () => {
      while (statements < 3 && queue.length > 0) {
        const batch = queue.splice(0, 500);
        statements++;
        void ctx.pool
          .query({
            name: 'bench_relay_insert',
            text: 'INSERT INTO bench_relay (id, sender, receiver, message) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])',
            values: [batch.map((r) => r.m.id), batch.map((r) => r.from), batch.map((r) => r.m.to), batch.map((r) => r.m.message)],
          })
          .then(
            () => {
              for (const r of batch) {
                r.io.to(`user:${r.m.to}`).emit('relay', { id: r.m.id, message: r.m.message, from: r.from });
                r.ack?.({ ok: true });
              }
            },
            (err) => log('stored relay insert failed', err),
          )
          .finally(() => {
            statements--;
            pumpStored();
          });
      }
    };
    const stored = await startRelay((io, from, m, ack) => {
      queue.push({ io, from, m, ack });
      pumpStored();
    });
    log(`${USERS} stored relay sockets connected`);
    const [barePeers, bareSend, storedPeers, storedSend] = [bare.peers, bare.send, stored.peers, stored.send];

    // ---- measurements
    const bareSteady = await steady('bare relay', barePeers, bareSend, pending, lat);
    const chatSteady = await steady('chat', chatPeers, chatSend, pending, lat);
    const ackSteady = { p50: round(pct(ackLat, 50)), p99: round(pct(ackLat, 99)) };
    log('chat send->ack (saved) latency, steady:', ackSteady);
    ackLat.length = 0;
    type Saturated = Awaited<ReturnType<typeof saturate>>;
    const rounds: Array<{ bare: Saturated; stored: Saturated; chat: Saturated; ack: number[] }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      ackLat.length = 0;
      const bare = await saturate('bare relay', barePeers, bareSend, pending, done, lat);
      const storedR = await saturate('stored relay', storedPeers, storedSend, pending, done, lat);
      const chat = await saturate('chat', chatPeers, chatSend, pending, done, lat);
      rounds.push({ bare, stored: storedR, chat, ack: [...ackLat] });
    }
    const ratioOf = (x: (typeof rounds)[number]) => x.chat.messagesPerSecond / x.bare.messagesPerSecond;
    if (ROUNDS > 1) log('closed-loop ratios:', rounds.map((x) => ratioOf(x).toFixed(3)).join(' '));
    const median = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)];
    const { bare: bareMax, chat: chatMax, stored: storedMax } = median;
    ackLat.splice(0, ackLat.length, ...median.ack);
    const ackMax = { p50: round(pct(ackLat, 50)), p99: round(pct(ackLat, 99)) };
    log('chat send->ack latency, max throughput:', ackMax);
    const storedCount = await ctx.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

    for (const p of [...chatPeers, ...barePeers, ...storedPeers]) p.socket.disconnect();
    for (const relay of [bare, stored]) await new Promise<void>((r) => relay.io.close(() => r()));
    // Let the presence updates of 1,000 disconnects finish before the node stops (they push through Redis).
    const quietBy = performance.now() + 20_000;
    while (performance.now() < quietBy) {
      const on = await ctx.db.selectFrom('chat_presence').select((eb) => eb.fn.countAll<string>().as('n')).where('online', '=', true).executeTakeFirstOrThrow();
      if (Number(on.n) === 0) break;
      await sleep(200);
    }
    await sleep(500);
    const result = {
      bench: 'chat',
      sockets: USERS,
      topology: TOPOLOGY,
      // V8 flags of this process (server, relays and clients alike): `npm run bench` passes the servers' young-generation size.
      nodeFlags: process.execArgv.filter((a) => a.startsWith('--max')),
      inFlight: IN_FLIGHT,
      rate: RATE,
      steadySeconds: STEADY_S,
      chat: { ...chatSteady, sendErrors, ackP50: ackSteady.p50, ackP99: ackSteady.p99 },
      bare: bareSteady,
      maxThroughput: {
        chat: chatMax.messagesPerSecond,
        bare: bareMax.messagesPerSecond,
        ratio: Number((chatMax.messagesPerSecond / bareMax.messagesPerSecond).toFixed(3)),
        // The bare relay plus a group-committed INSERT per message: what storing before delivering costs alone.
        storedRelay: storedMax.messagesPerSecond,
        storedRelayRatio: Number((storedMax.messagesPerSecond / bareMax.messagesPerSecond).toFixed(3)),
        chatP50: chatMax.p50,
        // Main-thread event-loop utilisation over each closed loop: the relays keep it at ~1; the chat's gap is
        // time its in-flight messages all wait on PostgreSQL or Redis (see inFlightWaitingFor).
        mainThreadBusy: { chat: chatMax.mainThreadBusy, bare: bareMax.mainThreadBusy, storedRelay: storedMax.mainThreadBusy },
        chatInFlightWaitingFor: chatMax.inFlightWaitingFor,
        chatAckP50: ackMax.p50,
        ...(ROUNDS > 1 ? { ratios: rounds.map((x) => Number(ratioOf(x).toFixed(3))), storedRatios: rounds.map((x) => Number((x.stored.messagesPerSecond / x.bare.messagesPerSecond).toFixed(3))) } : {}),
      },
      cpuPerMessage: {
        chat: {
          node: chatMax.nodeMsPerMessage,
          nodeSystem: chatMax.nodeSystemMsPerMessage,
          ...(split ? { workerProcess: chatMax.workerMsPerMessage } : {}),
          postgres: chatMax.postgresMsPerMessage,
          redis: chatMax.redisMsPerMessage,
        },
        bare: { node: bareMax.nodeMsPerMessage, nodeSystem: bareMax.nodeSystemMsPerMessage },
        storedRelay: { node: storedMax.nodeMsPerMessage, postgres: storedMax.postgresMsPerMessage },
      },
      walPerMessage: { chat: chatMax.walPerMessage, storedRelay: storedMax.walPerMessage },
      socketWritesPerMessage: { chat: chatMax.writesPerMessage, bare: bareMax.writesPerMessage },
      storedMessages: Number(storedCount.n),
      goals: {
        p99UnderLoadMs: 100,
        p99Met: chatSteady.p99 <= 100 && chatSteady.lost === 0,
        throughputRatio: 0.5,
        throughputMet: chatMax.messagesPerSecond >= 0.5 * bareMax.messagesPerSecond,
      },
      seconds: round((performance.now() - t0) / 1000),
    };
    if (TRACE) log('slow messages [sent at ms, latency ms, ack ms]:', JSON.stringify(slow));
    log(`load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(' ')} (${cpus().length} cores)`);
    console.log(JSON.stringify({ ...result, loadAverage: round(loadavg()[0]) }));
  } finally {
    if (worker) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await node.close();
    await ctx.dispose();
  }
}

await main();
process.exit(0);
