import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/context.js';
import { userRoom } from '../../src/realtime/realtime.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import './test-events.js'; // the test:* events pushed below

/** Two API nodes over ONE database and ONE Redis prefix, as behind a load balancer. */
describe('Socket.IO across two API nodes', () => {
  let a: Awaited<ReturnType<typeof startTestNode>>;
  let ctxB: AppContext;
  let nodeB: RunningNode;
  let user: SignedUpUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    a = await startTestNode({ workers: false });
    // Node B: its own context (pool, Redis connections, store) on the same configuration, without migrating again.
    ctxB = await createContext(a.ctx.config, { logger: a.ctx.logger, migrate: false });
    nodeB = await startNode(ctxB, { port: 0, host: '127.0.0.1', workers: false });
    user = await signUp(a.node.url);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await nodeB?.close();
    await ctxB?.close();
    await a?.stop();
  });

  function client(url: string, token: string): Promise<Socket> {
    const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function next(socket: Socket, event: string, timeoutMs = 5000): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  }

  it('delivers to a client on node A what node B emits to the user room, and the other way round', async () => {
    const onA = await client(a.node.url, user.token);
    const onB = await client(nodeB.url, user.token);
    // The socket joins its user room right after connecting; give the Redis adapter a moment to subscribe.
    await new Promise((r) => setTimeout(r, 200));

    const gotOnA = next(onA, 'test:ping');
    const gotOnBToo = next(onB, 'test:ping');
    ctxB.realtime.emit(userRoom(user.user._id), 'test:ping', { from: 'B', n: 1 });
    expect(await gotOnA).toEqual({ from: 'B', n: 1 });
    expect(await gotOnBToo).toEqual({ from: 'B', n: 1 });

    const gotOnB = next(onB, 'test:pong');
    a.ctx.realtime.emit(userRoom(user.user._id), 'test:pong', { from: 'A' });
    expect(await gotOnB).toEqual({ from: 'A' });
  });

  it('keeps rooms apart: another user on node A does not receive it', async () => {
    const other = await signUp(a.node.url);
    const otherSocket = await client(a.node.url, other.token);
    const mine = await client(a.node.url, user.token);
    await new Promise((r) => setTimeout(r, 200));
    let leaked = false;
    otherSocket.on('test:private', () => (leaked = true));
    const got = next(mine, 'test:private');
    ctxB.realtime.emit(userRoom(user.user._id), 'test:private', { secret: true });
    expect(await got).toEqual({ secret: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('moves a burst of pushes as one batch: order kept on every node, each push once, the excepted socket left out', async () => {
    const onA = await client(a.node.url, user.token);
    const excepted = await client(a.node.url, user.token);
    const onB = await client(nodeB.url, user.token);
    await new Promise((r) => setTimeout(r, 200));
    const seen = new Map<Socket, number[]>([
      [onA, []],
      [excepted, []],
      [onB, []],
    ]);
    for (const [s, list] of seen) s.on('test:burst', (p: { n: number }) => list.push(p.n));
    // One turn of B's event loop: B's own socket gets them at once, node A through one Redis publish.
    for (let n = 0; n < 50; n++) ctxB.realtime.emit(userRoom(user.user._id), 'test:burst', { n }, excepted.id);
    const all = Array.from({ length: 50 }, (_, n) => n);
    await expect.poll(() => seen.get(onA)!.length, { timeout: 5000 }).toBe(50);
    await expect.poll(() => seen.get(onB)!.length, { timeout: 5000 }).toBe(50);
    await new Promise((r) => setTimeout(r, 200)); // a doubled delivery (own echo applied again) would show by now
    expect(seen.get(onA)).toEqual(all);
    expect(seen.get(onB)).toEqual(all);
    expect(seen.get(excepted)).toEqual([]);
  });

  it('refuses a socket without a valid token on either node', async () => {
    await expect(client(nodeB.url, 'not-a-token')).rejects.toThrow();
  });
});
