import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roomCreatedEventSchema,
  type ChatGroupEntry,
  type ChatListEntry,
  type ChatMessage,
  type MessagesUpdateEvent,
  type MessageUpdateEvent,
  type PresenceEvent,
  type RoomCreatedEvent,
  type WritingEvent,
} from '../../src/contracts/chat.js';
import type { SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { api, emitAck, nextEvent, shareTeam, signUpMany, sleep, socketFor, until } from './helpers.js';

const TOO_LONG = 'El mensaje debe de tener como máximo 40 000 caracteres.';

describe('chat over HTTP and Socket.IO', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let ana: SignedUpUser, beto: SignedUpUser, carla: SignedUpUser;
  let A: ReturnType<typeof api>, B: ReturnType<typeof api>, C: ReturnType<typeof api>;
  let sa: Socket, sb: Socket;
  let roomId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestNode();
    [ana, beto, carla] = await signUpMany(t.node.url, ['Ana Pérez', 'Beto Ruiz', 'Carla Díaz']);
    await shareTeam(t.ctx, ana, beto); // carla shares no team with them
    A = api(t.node.url, ana.token);
    B = api(t.node.url, beto.token);
    C = api(t.node.url, carla.token);
    sa = await socketFor(t.node.url, ana.token);
    sb = await socketFor(t.node.url, beto.token);
    sockets.push(sa, sb);
    roomId = (await A.room(beto.user._id)).chatRoom._id;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await sleep(300); // let the presence updates of those disconnects finish before the node stops
    await t?.stop();
  });

  it('gets or creates one individual room for the pair, from either side', async () => {
    const fromAna = await A.room(beto.user._id);
    const fromBeto = await B.room(ana.user._id);
    expect(fromBeto.chatRoom._id).toBe(fromAna.chatRoom._id);
    expect(fromAna).toMatchObject({ chatRoom: { type: 'individual' }, sender: { _id: ana.user._id }, receiver: { _id: beto.user._id } });
    expect(fromBeto.sender._participant).toBe(fromAna.receiver._participant);
  });

  it('two users exchange messages: sent -> delivered -> viewed with socket updates', async () => {
    const id = randomUUID();
    const incoming = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === id);
    const echo = nextEvent<ChatMessage>(sa, 'chat-room:message', (m) => m.id === id);
    const sent = await A.send(roomId, '  Hola Beto  ', id);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ id, message: 'Hola Beto', state: 'sent', _room: roomId, chatRoom: roomId, sender: ana.user._id, receiver: beto.user._id, publicUserId: ana.user.publicUserId });
    const got = await incoming;
    expect(got).toMatchObject({ _id: sent.body.data._id, message: 'Hola Beto', state: 'sent' });
    await echo; // the sender's other tabs see it too

    // Beto's app comes online: everything received becomes delivered; Ana hears about it.
    const delivered = nextEvent<MessagesUpdateEvent>(sa, 'chat-room:messages-update', (p) => p.messages.some((m) => m.id === id));
    const d = await B.put('chatMessages', { state: 'delivered' });
    expect(d.status).toBe(200);
    expect(d.body.updated).toBe(1);
    expect(await delivered).toMatchObject({ _room: roomId, state: 'delivered', by: beto.user._id, messages: [{ _id: sent.body.data._id, id }] });

    // Beto opens the room: viewed, Ana hears it.
    const viewed = nextEvent<MessagesUpdateEvent>(sa, 'chat-room:messages-update', (p) => p.state === 'viewed' && p.messages.some((m) => m.id === id));
    const v = await B.put(`chatMessagesByChatRoom/${roomId}?publicUserId=${ana.user.publicUserId}`, { state: 'viewed' });
    expect(v.body.updated).toBe(1);
    await viewed;

    // One message marked by id (the open room while the chat is visible): chat-room:message-update.
    const id2 = randomUUID();
    const incoming2 = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === id2);
    await A.send(roomId, 'segundo', id2);
    const m2 = await incoming2;
    const single = nextEvent<MessageUpdateEvent>(sa, 'chat-room:message-update', (p) => p.id === id2);
    const r2 = await B.put(`chatMessage/${m2._id}`, { state: 'viewed' });
    expect(r2.body.data).toMatchObject({ id: id2, state: 'viewed' });
    expect(await single).toEqual({ _id: m2._id, id: id2, _room: roomId, state: 'viewed' });

    // Never backwards: delivered after viewed changes nothing.
    const back = await B.put(`chatMessage/${sent.body.data._id}`, { state: 'delivered' });
    expect(back.status).toBe(200);
    expect(back.body.data.state).toBe('viewed');
    // The sender cannot mark its own message; invalid states are 400.
    expect((await A.put(`chatMessage/${sent.body.data._id}`, { state: 'viewed' })).body.data.state).toBe('viewed');
    const invalid = await B.put(`chatMessage/${sent.body.data._id}`, { state: 'pending' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.messagePublic).toBe('LOS DATOS ENVIADOS SON INCORRECTOS.');
    // The field error is in plain Spanish too (src/http/zod-es.ts), not zod's English default.
    expect(invalid.body.errors).toEqual([{ path: 'state', message: 'Debe ser uno de estos valores: «delivered», «viewed».' }]);
  });

  it('a bulk view sends chat-room:messages-update; unread counts follow', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await B.send(roomId, `mensaje ${id}`, id)).status).toBe(200);
    const list = await until(async () => {
      const r = await A.get('users');
      const entry = (r.body.data as ChatListEntry[]).find((e) => e._id === beto.user._id);
      // The count and the last message are two read-model writes: wait for both.
      return entry?.unreadMessages === 3 && entry.chatMessage?.id === ids[2] ? entry : null;
    });
    expect(list).toMatchObject({ name: 'Beto Ruiz', chatRoom: roomId, publicUserId: beto.user.publicUserId, writing: false, state: 'online' });
    expect(list.chatMessage?.id).toBe(ids[2]);

    const update = nextEvent<MessagesUpdateEvent>(sb, 'chat-room:messages-update', (p) => p.state === 'viewed' && p.messages.length === 3);
    const r = await A.put(`chatMessagesByChatRoom/${roomId}`, { state: 'viewed' });
    expect(r.body.updated).toBe(3);
    const u = await update;
    expect(u.messages.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(u.by).toBe(ana.user._id);
    const after = await A.get(`users?after=${r.body.position}`);
    expect((after.body.data as ChatListEntry[]).find((e) => e._id === beto.user._id)?.unreadMessages).toBe(0);
  });

  it('relays typing to the other member, throttled, and always relays a stop', async () => {
    expect(await emitAck(sa, 'createRoom', { _room: roomId })).toMatchObject({ ok: true });
    const got: WritingEvent[] = [];
    const onWriting = (p: WritingEvent) => got.push(p);
    sb.on('chat-room:writing', onWriting);
    for (let i = 0; i < 5; i++) await emitAck(sa, 'chat-room:writing', { _room: roomId, writing: true });
    await emitAck(sa, 'chat-room:writing', { _room: roomId, writing: false });
    await until(async () => got.some((p) => !p.writing));
    sb.off('chat-room:writing', onWriting);
    expect(got.filter((p) => p.writing)).toHaveLength(1);
    expect(got[0]).toEqual({ _room: roomId, _id: ana.user._id, publicUserId: ana.user.publicUserId, name: 'Ana Pérez', writing: true });
  });

  it('tells the room when a member opens it (user-chat-room:connected)', async () => {
    await emitAck(sa, 'createRoom', { _room: roomId });
    const inRoom = nextEvent(sa, 'user-chat-room:connected');
    expect(await emitAck(sb, 'createRoom', { _room: roomId })).toMatchObject({ ok: true, type: 'individual' });
    expect(await inRoom).toEqual({ _room: roomId, _id: beto.user._id, publicUserId: beto.user.publicUserId });
    expect(await emitAck(sb, 'disconnetRoom', { _room: roomId })).toEqual({ ok: true });
  });

  it('a non-member gets 403 over HTTP and on socket join; a non-contact cannot open a room', async () => {
    expect((await C.get(`chatMessage?_room=${roomId}`)).status).toBe(403);
    const write = await C.send(roomId, 'intruso');
    expect(write.status).toBe(403);
    expect(write.body.messagePublic).toBe('No perteneces a esta conversación.');
    expect((await C.put(`chatMessagesByChatRoom/${roomId}`, { state: 'viewed' })).status).toBe(403);
    expect((await C.get(`newChatMessage?_room=${roomId}`)).status).toBe(403);
    const sc = await socketFor(t.node.url, carla.token);
    sockets.push(sc);
    expect(await emitAck(sc, 'createRoom', { _room: roomId })).toMatchObject({ ok: false, status: 403 });
    expect(await emitAck(sc, 'chat-room:writing', { _room: roomId, writing: true })).toMatchObject({ ok: false, status: 403 });
    expect(await emitAck(sc, 'chat-room:message', { _room: roomId, id: randomUUID(), message: 'hola' })).toMatchObject({ ok: false, status: 403 });
    expect((await C.get(`chatRoom?_user=${ana.user._id}`)).status).toBe(403);
    expect((await C.get(`chatMessage?_room=${randomUUID()}`)).status).toBe(404);
    // Without a token: 401, and the socket handshake is refused.
    expect((await fetch(`${t.node.url}/api/v2/users`)).status).toBe(401);
    await expect(socketFor(t.node.url, 'not-a-token')).rejects.toThrow();
  });

  it('applies the 40000-character rule to trimmed text; empty messages are rejected', async () => {
    const ok = await A.send(roomId, ` ${'a'.repeat(40000)} `);
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toHaveLength(40000);
    for (const message of ['a'.repeat(40001), '', '    ']) {
      const r = await A.send(roomId, message);
      expect(r.status).toBe(400);
      expect(r.body.messagePublic).toBe(TOO_LONG);
    }
    expect(await emitAck(sa, 'chat-room:message', { _room: roomId, id: randomUUID(), message: 'b'.repeat(40001) })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('a retried send with the same id makes one message (also when the retries race)', async () => {
    const id = randomUUID();
    const results = await Promise.all([A.send(roomId, 'una vez', id), A.send(roomId, 'una vez', id), A.send(roomId, 'una vez', id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    const again = await A.send(roomId, 'una vez', id);
    expect(again.body.data._id).toBe(results[0].body.data._id);
    const viaSocket = await emitAck(sa, 'chat-room:message', { _room: roomId, id, message: 'una vez' });
    expect(viaSocket.data._id).toBe(results[0].body.data._id);
    const count = await t.ctx.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('client_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // Another member using the same client id makes its own message.
    const other = await B.send(roomId, 'mismo id', id);
    expect(other.body.data._id).not.toBe(results[0].body.data._id);
  });

  it('a send goes through handleCommand without reading the room stream: one append at version any, with its command id', async () => {
    await A.send(roomId, 'calienta la caché', randomUUID()); // membership cached by now
    const store = t.ctx.store;
    const reads: string[] = [];
    const appends: { streamId: string; options: unknown }[] = [];
    const { readStream, appendToStream } = store;
    store.readStream = (streamId, ...rest) => (reads.push(streamId), readStream.call(store, streamId, ...rest));
    store.appendToStream = (streamId, events, options) => (appends.push({ streamId, options }), appendToStream.call(store, streamId, events, options));
    try {
      const id = randomUUID();
      const ack = await emitAck(sa, 'chat-room:message', { _room: roomId, id, message: 'sin lecturas' });
      expect(ack).toMatchObject({ ok: true, data: { id } });
      expect(reads.filter((s) => s.startsWith('chat-room'))).toEqual([]);
      expect(appends.filter((a) => a.streamId.startsWith('chat-room'))).toEqual([
        { streamId: `chat-room-${roomId}`, options: expect.objectContaining({ expectedVersion: 'any', commandId: `${ana.user._id}:${id}` }) },
      ]);
    } finally {
      store.readStream = readStream;
      store.appendToStream = appendToStream;
    }
  });

  it('a send over the socket is acked with the message and pushed to every other connection, not back to its own', async () => {
    const secondTab = await socketFor(t.node.url, ana.token);
    try {
      const id = randomUUID();
      const echoed: unknown[] = [];
      const onEcho = (m: { id: string }) => m.id === id && echoed.push(m);
      sa.on('chat-room:message', onEcho);
      const toBeto = nextEvent(sb, 'chat-room:message', (m) => m.id === id);
      const toOtherTab = nextEvent(secondTab, 'chat-room:message', (m) => m.id === id);
      const ack = await emitAck(sa, 'chat-room:message', { _room: roomId, id, message: 'por el socket' });
      expect(ack).toMatchObject({ ok: true, data: { id, message: 'por el socket', state: 'sent' } });
      expect((await toBeto).message).toBe('por el socket');
      expect((await toOtherTab).message).toBe('por el socket');
      await sleep(200);
      sa.off('chat-room:message', onEcho);
      expect(echoed).toHaveLength(0);
    } finally {
      secondTab.disconnect();
    }
  });

  it('keeps message text as plain text (never interpreted)', async () => {
    const html = '<img src=x onerror=alert(1)> <b>hola</b> &amp;';
    const r = await A.send(roomId, html);
    expect(r.body.data.message).toBe(html);
    const page = await B.get(`chatMessage?_room=${roomId}&limit=1&after=${r.body.position}`);
    expect(page.body.data[0].message).toBe(html);
  });

  it('pages history newest first and missed messages oldest first', async () => {
    await sleep(2100); // past the 2 s overlap of newChatMessage, so only this test's messages come back
    const before = new Date().toISOString();
    await sleep(5);
    const ids: string[] = [];
    let last = '';
    for (let i = 0; i < 25; i++) {
      const id = randomUUID();
      ids.push(id);
      const r = await B.send(roomId, `historial ${i}`, id);
      expect(r.status).toBe(200);
      last = r.body.position;
      if (i % 15 === 14) await sleep(1100); // stay under the send rate limit
    }
    const first = await A.get(`chatMessage?_room=${roomId}&limit=10&after=${last}`);
    expect(first.body.data.map((m: ChatMessage) => m.id)).toEqual(ids.slice(15));
    const second = await A.get(`chatMessage?_room=${roomId}&limit=10&skip=10`);
    expect(second.body.data.map((m: ChatMessage) => m.id)).toEqual(ids.slice(5, 15));
    expect(first.body.docs).toBeGreaterThanOrEqual(25);
    const seqs = [...second.body.data, ...first.body.data].map((m: ChatMessage) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);

    const missed1 = await A.get(`newChatMessage?_room=${roomId}&lastDateFront=${encodeURIComponent(before)}`);
    expect(missed1.body.docs).toBe(25);
    expect(missed1.body.data).toHaveLength(20);
    const missed2 = await A.get(`newChatMessage?_room=${roomId}&lastDateFront=${encodeURIComponent(before)}&lastDateBack=${encodeURIComponent(missed1.body.lastDateBack)}&skip=20`);
    expect([...missed1.body.data, ...missed2.body.data].map((m: ChatMessage) => m.id)).toEqual(ids);
  });

  it('limits sends per user (429 with a Spanish message)', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => C.send(randomUUID(), `x${i}`)));
    // Carla is in no room: 404s, never charged. Ana floods her room instead.
    expect(results.every((r) => r.status === 404)).toBe(true);
    await sleep(1100);
    const flood = await Promise.all(Array.from({ length: 30 }, (_, i) => A.send(roomId, `rápido ${i}`)));
    const limited = flood.filter((r) => r.status === 429);
    expect(flood.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(20);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body.messagePublic).toBe('Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.');
    await sleep(1100);
  });

  it('tracks presence across tabs: online until the last socket leaves, times persisted', async () => {
    const second = await socketFor(t.node.url, beto.token);
    await sleep(100);
    const noOffline = nextEvent<PresenceEvent>(sa, 'user:disconnected', (p) => p._id === beto.user._id, 600);
    second.disconnect();
    await expect(noOffline).rejects.toThrow(/timed out/);
    const connected = await B.get('users?state=connected');
    expect((connected.body.data as ChatListEntry[]).map((e) => e._id)).toContain(ana.user._id);

    // A socket id left in Redis by a node that died must not keep Beto online.
    await t.ctx.redis.sadd(`${t.ctx.config.redisPrefix}:chat:presence:${beto.user._id}`, 'socket-of-a-dead-node');
    const offline = nextEvent<PresenceEvent>(sa, 'user:disconnected', (p) => p._id === beto.user._id);
    sb.disconnect();
    const p = await offline;
    expect(p).toMatchObject({ state: 'offline', publicUserId: beto.user.publicUserId });
    expect(p.lastDisconnection).toBeTruthy();
    const disconnected = await A.get('users?state=disconnected');
    const entry = (disconnected.body.data as ChatListEntry[]).find((e) => e._id === beto.user._id);
    expect(entry).toMatchObject({ state: 'offline', lastDisconnection: p.lastDisconnection });
    expect(entry?.lastConnection).toBeTruthy();
    expect(((await A.get('users?state=connected')).body.data as ChatListEntry[]).some((e) => e._id === beto.user._id)).toBe(false);

    const online = nextEvent<PresenceEvent>(sa, 'user:connected', (x) => x._id === beto.user._id);
    sb = await socketFor(t.node.url, beto.token);
    sockets.push(sb);
    expect(await online).toMatchObject({ state: 'online' });
  });

  it('group rooms: created with contacts, messages reach every member, state is the lowest receipt', async () => {
    const dora = (await signUpMany(t.node.url, ['Dora Luna']))[0];
    await shareTeam(t.ctx, ana, beto, dora);
    const D = api(t.node.url, dora.token);
    const sd = await socketFor(t.node.url, dora.token);
    sockets.push(sd);
    const clientId = randomUUID();
    const created = await A.post('chatRoom', { id: clientId, name: 'Equipo', members: [beto.user._id, dora.user._id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'group', name: 'Equipo' });
    expect(created.body.data.members).toHaveLength(3);
    const again = await A.post('chatRoom', { id: clientId, name: 'Equipo', members: [beto.user._id, dora.user._id] });
    expect(again.body.data._id).toBe(created.body.data._id);
    expect((await A.post('chatRoom', { id: randomUUID(), name: 'X', members: [carla.user._id] })).status).toBe(403);

    const gid = created.body.data._id;
    const id = randomUUID();
    const atBeto = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === id);
    const atDora = nextEvent<ChatMessage>(sd, 'chat-room:message', (m) => m.id === id);
    const s = await A.send(gid, 'hola equipo', id);
    expect(s.body.data.receiver).toBeNull();
    await Promise.all([atBeto, atDora]);
    await B.put(`chatMessagesByChatRoom/${gid}`, { state: 'viewed' });
    const half = await A.get(`chatMessage?_room=${gid}`);
    expect(half.body.data[0].state).toBe('sent');
    const full = nextEvent<MessagesUpdateEvent>(sa, 'chat-room:messages-update', (p) => p._room === gid && p.state === 'viewed' && p.messages.length > 0);
    await D.put(`chatMessagesByChatRoom/${gid}`, { state: 'viewed' });
    await full;
    expect((await D.get('chatRooms')).body.data[0]).toMatchObject({ _id: gid, unreadMessages: 0 });
  });

  it('announces a new group to each member live (chat-room:created), not to others, and never an individual room', async () => {
    const [elsa, fito] = await signUpMany(t.node.url, ['Elsa Ramos', 'Fito Paz']);
    await shareTeam(t.ctx, ana, beto, elsa, fito);
    const sockets2 = await Promise.all([elsa, fito].map((u) => socketFor(t.node.url, u.token)));
    sockets.push(...sockets2);
    const [se, sf] = sockets2;
    const sc = await socketFor(t.node.url, carla.token);
    sockets.push(sc);
    const got = new Map<Socket, RoomCreatedEvent[]>([sa, sb, se, sf, sc].map((s) => [s, []]));
    const listeners = [...got].map(([s, list]) => [s, (p: RoomCreatedEvent) => list.push(p)] as const);
    for (const [s, l] of listeners) s.on('chat-room:created', l);

    // An individual room opens silently: it appears with its first message, as before.
    await api(t.node.url, elsa.token).room(fito.user._id);

    const atBeto = nextEvent<RoomCreatedEvent>(sb, 'chat-room:created');
    const atFito = nextEvent<RoomCreatedEvent>(sf, 'chat-room:created');
    const clientId = randomUUID();
    const created = await A.post('chatRoom', { id: clientId, name: 'Logística', members: [beto.user._id, fito.user._id] });
    expect(created.status).toBe(201);
    const gid = created.body.data._id as string;
    const [forBeto, forFito] = await Promise.all([atBeto, atFito]);

    // Each member gets its own GET chatRooms entry (own _participant), valid against the shared schema.
    const byId = (x: { _id: string }, y: { _id: string }) => x._id.localeCompare(y._id);
    for (const [payload, member] of [[forBeto, B], [forFito, api(t.node.url, fito.token)]] as const) {
      expect(roomCreatedEventSchema.parse(payload)).toEqual(payload);
      const listed = ((await member.get('chatRooms')).body.data as ChatGroupEntry[]).find((g) => g._id === gid)!;
      expect({ ...payload, members: [...payload.members].sort(byId) }).toEqual({ ...listed, members: [...listed.members].sort(byId) });
    }
    expect(forBeto).toMatchObject({ _id: gid, type: 'group', name: 'Logística', unreadMessages: 0, chatMessage: null });
    expect(forBeto._participant).not.toBe(forFito._participant);
    expect(forBeto.members.map((m) => m.name).sort()).toEqual(['Ana Pérez', 'Beto Ruiz', 'Fito Paz']);
    // The creator's own sockets (other tabs) learn it too.
    await until(async () => got.get(sa)!.some((p) => p._id === gid));

    // A retried creation (same client id) is the same room and is not announced again. Non-members (a
    // contact left out, a stranger) never hear of the group; a later group of Elsa's marks the end.
    expect((await A.post('chatRoom', { id: clientId, name: 'Logística', members: [beto.user._id, fito.user._id] })).body.data._id).toBe(gid);
    expect((await A.post('chatRoom', { id: randomUUID(), name: 'Otro', members: [elsa.user._id] })).status).toBe(201);
    await until(async () => got.get(se)!.length === 1);
    await sleep(300);
    for (const [s, l] of listeners) s.off('chat-room:created', l);
    expect(got.get(sb)!.map((p) => p._id)).toEqual([gid]);
    expect(got.get(sf)!.map((p) => p._id)).toEqual([gid]);
    expect(got.get(se)!.map((p) => p.name)).toEqual(['Otro']);
    expect(got.get(sc)).toEqual([]);
  });
});
