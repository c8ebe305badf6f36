import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import pino from 'pino';
import { createContext, type AppContext } from '../../src/context.js';
import { startNode } from '../../src/server.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';

/** Puts users on one event team (the organizer workspace's read model), which makes them chat contacts. */
export async function shareTeam(ctx: AppContext, ...users: { user: { _id: string } }[]) {
  const eventId = randomUUID();
  for (const u of users) {
    await sql`INSERT INTO event_members (event_id, user_id, module, role, owner, granted_at)
              VALUES (${eventId}, ${u.user._id}, 'event', 'administrator', false, now())`.execute(ctx.db);
  }
  return eventId;
}

export async function signUpMany(baseUrl: string, names: string[]): Promise<SignedUpUser[]> {
  const out: SignedUpUser[] = [];
  for (const displayName of names) out.push(await signUp(baseUrl, { displayName }));
  return out;
}

export function api(baseUrl: string, token: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}/api/v2/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    put: (path: string, body: unknown) => call('PUT', path, body),
    del: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
    room: async (otherUserId: string) => {
      const r = await call('GET', `chatRoom?_user=${otherUserId}`);
      if (r.status !== 200) throw new Error(`chatRoom ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as { chatRoom: { _id: string }; sender: { _participant: string }; receiver: { _participant: string } };
    },
    send: (roomId: string, message: string, id = randomUUID()) => call('POST', `chatMessage?_room=${roomId}&id=${id}`, { message }),
  };
}

/** A socket.io client authenticated with `auth: { token }`, connected. */
export async function socketFor(baseUrl: string, token: string, opts: Partial<Parameters<typeof connect>[1]> = {}): Promise<Socket> {
  const socket = connect(baseUrl, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, ...opts });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the first `event` payload that passes `match`, or rejects after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, match: (p: T) => boolean = () => true, ms = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`timed out waiting for ${event}`));
    }, ms);
    const handler = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(p);
    };
    socket.on(event, handler);
  });
}

export function emitAck<T = any>(socket: Socket, event: string, payload: unknown, ms = 15_000): Promise<T> {
  return socket.timeout(ms).emitWithAck(event, payload) as Promise<T>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000, every = 25): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(every);
  }
}

/**
 * Two API nodes on one database and one Redis prefix, as behind a load balancer: the test node and a second one
 * (`parts` as for startNode). `stop` disconnects the sockets the test collected, then closes both.
 */
export async function startTwoNodes(parts: Parameters<typeof startNode>[1] = {}) {
  const t = await startTestNode();
  const ctx2 = await createContext(t.ctx.config, { logger: pino({ level: 'silent' }) });
  const node2 = await startNode(ctx2, { port: 0, host: '127.0.0.1', ...parts });
  const sockets: Socket[] = [];
  return {
    t,
    ctx2,
    node2,
    sockets,
    async stop() {
      sockets.forEach((s) => s.disconnect());
      await sleep(300);
      await node2.close();
      await ctx2.close();
      await t.stop();
    },
  };
}
