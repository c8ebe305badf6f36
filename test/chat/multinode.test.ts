import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, PresenceEvent, WritingEvent } from '../../src/contracts/chat.js';
import type { AppContext } from '../../src/context.js';
import type { RunningNode } from '../../src/server.js';
import type { SignedUpUser } from '../support/accounts.js';
import type { startTestNode } from '../support/context.js';
import { api, emitAck, nextEvent, shareTeam, signUpMany, sleep, socketFor, startTwoNodes } from './helpers.js';

/** Two API processes (same database, same Redis prefix) as behind a load balancer. */
describe('chat across two API nodes behind one Redis', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let ctx2: AppContext;
  let node2: RunningNode;
  let ana: SignedUpUser, beto: SignedUpUser;
  let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
  let sockets: Socket[];

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ t, ctx2, node2, sockets } = nodes);
    [ana, beto] = await signUpMany(t.node.url, ['Ana Nodo', 'Beto Nodo']);
    await shareTeam(t.ctx, ana, beto);
  });
  afterAll(() => nodes?.stop());

  it('a user on one node receives messages sent on the other, both ways', async () => {
    const sa = await socketFor(t.node.url, ana.token); // node 1
    const sb = await socketFor(node2.url, beto.token); // node 2
    sockets.push(sa, sb);
    const A1 = api(t.node.url, ana.token);
    const B2 = api(node2.url, beto.token);
    const roomId = (await B2.room(ana.user._id)).chatRoom._id;

    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      const atBeto = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === id);
      expect((await A1.send(roomId, `de nodo 1 #${i}`, id)).status).toBe(200);
      expect((await atBeto).message).toBe(`de nodo 1 #${i}`);
      const back = randomUUID();
      const atAna = nextEvent<ChatMessage>(sa, 'chat-room:message', (m) => m.id === back);
      const viaSocket = await emitAck(sb, 'chat-room:message', { _room: roomId, id: back, message: `de nodo 2 #${i}` });
      expect(viaSocket.ok).toBe(true);
      expect((await atAna).message).toBe(`de nodo 2 #${i}`);
    }

    // Typing and room presence cross nodes too.
    await emitAck(sa, 'createRoom', { _room: roomId });
    const typing = nextEvent<WritingEvent>(sa, 'chat-room:writing');
    await emitAck(sb, 'chat-room:writing', { _room: roomId, writing: true });
    expect(await typing).toMatchObject({ _id: beto.user._id, writing: true });

    // Delivered/viewed updates reach the sender on the other node.
    const viewed = nextEvent(sa, 'chat-room:messages-update', (p: { state: string }) => p.state === 'viewed');
    await B2.put(`chatMessagesByChatRoom/${roomId}`, { state: 'viewed' });
    await viewed;
  });

  it('presence counts sockets on every node: online until the last one, on any node, leaves', async () => {
    const watcher = await socketFor(t.node.url, ana.token);
    const tab1 = await socketFor(t.node.url, beto.token);
    const tab2 = await socketFor(node2.url, beto.token);
    sockets.push(watcher);
    await sleep(200);
    const early = nextEvent<PresenceEvent>(watcher, 'user:disconnected', (p) => p._id === beto.user._id, 800);
    tab1.disconnect();
    await expect(early).rejects.toThrow(/timed out/);
    // Beto's earlier socket from the first test is still connected on node 2; close everything of Beto.
    const offline = nextEvent<PresenceEvent>(watcher, 'user:disconnected', (p) => p._id === beto.user._id);
    tab2.disconnect();
    for (const s of sockets) if ((s.auth as { token: string }).token === beto.token) s.disconnect();
    expect(await offline).toMatchObject({ state: 'offline' });
  });
});
