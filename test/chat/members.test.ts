import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  membersChangedEventSchema,
  roomCreatedEventSchema,
  type ChatGroupEntry,
  type ChatMessage,
  type MembersChangedEvent,
  type RoomCreatedEvent,
} from '../../src/contracts/chat.js';
import type { AppContext } from '../../src/context.js';
import type { RunningNode } from '../../src/server.js';
import type { SignedUpUser } from '../support/accounts.js';
import type { startTestNode } from '../support/context.js';
import { api, emitAck, nextEvent, shareTeam, signUpMany, sleep, socketFor, startTwoNodes, until } from './helpers.js';

const NOT_MEMBER = 'No perteneces a esta conversación.';

/** Collects every `event` a socket receives (to prove that nothing arrived). */
function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

describe('group membership: add contacts, leave (HTTP, Socket.IO, two API nodes)', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let ctx2: AppContext;
  let node2: RunningNode;
  let ana: SignedUpUser, beto: SignedUpUser, carla: SignedUpUser, dora: SignedUpUser, elsa: SignedUpUser;
  let A: ReturnType<typeof api>, B: ReturnType<typeof api>, C: ReturnType<typeof api>, D: ReturnType<typeof api>;
  let sa: Socket, sb: Socket, sc: Socket;
  let gid: string;
  let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
  let sockets: Socket[];

  beforeAll(async () => {
    nodes = await startTwoNodes({ workers: false });
    ({ t, ctx2, node2, sockets } = nodes);
    [ana, beto, carla, dora, elsa] = await signUpMany(t.node.url, ['Ana Grupo', 'Beto Grupo', 'Carla Grupo', 'Dora Grupo', 'Elsa Grupo']);
    await shareTeam(t.ctx, ana, beto, carla, elsa); // dora shares no team with anybody
    A = api(t.node.url, ana.token);
    B = api(t.node.url, beto.token);
    C = api(t.node.url, carla.token);
    D = api(t.node.url, dora.token);
    [sa, sb, sc] = await Promise.all([socketFor(t.node.url, ana.token), socketFor(t.node.url, beto.token), socketFor(t.node.url, carla.token)]);
    sockets.push(sa, sb, sc);
  });
  afterAll(() => nodes?.stop());

  it('a member adds a contact: the newcomer gets chat-room:created, then the group’s messages; the others get the new list', async () => {
    const created = await A.post('chatRoom', { id: randomUUID(), name: 'Acreditación', members: [beto.user._id] });
    expect(created.status).toBe(201);
    gid = (created.body.data as ChatGroupEntry)._id;
    const before = randomUUID();
    expect((await A.send(gid, 'antes de Carla', before)).status).toBe(200);

    const createdAtCarla = nextEvent<RoomCreatedEvent>(sc, 'chat-room:created', (g) => g._id === gid);
    const changedAtAna = nextEvent<MembersChangedEvent>(sa, 'chat-room:members', (e) => e._room === gid);
    const changedAtBeto = nextEvent<MembersChangedEvent>(sb, 'chat-room:members', (e) => e._room === gid);
    // Any member adds (Beto did not create the group); duplicates and members already in are skipped.
    const addedRes = await B.post(`chatRoom/${gid}/members`, { members: [carla.user._id, carla.user._id, ana.user._id] });
    expect(addedRes.status).toBe(200);
    expect((addedRes.body.data as ChatGroupEntry).members.map((m) => m._id).sort()).toEqual([ana, beto, carla].map((u) => u.user._id).sort());

    const entry = roomCreatedEventSchema.parse(await createdAtCarla);
    expect(entry).toMatchObject({ _id: gid, name: 'Acreditación', unreadMessages: 0, chatMessage: { id: before, message: 'antes de Carla' } });
    expect(entry.members).toHaveLength(3);
    expect(entry._participant).toBe(entry.members.find((m) => m._id === carla.user._id)!._participant);
    for (const changed of [await changedAtAna, await changedAtBeto]) {
      expect(membersChangedEventSchema.parse(changed)).toMatchObject({ added: [carla.user._id], left: null });
      expect(changed.members).toHaveLength(3);
    }

    // Carla now reads the group, joins its channel, lists it, and receives its messages live.
    expect((await C.get(`chatMessage?_room=${gid}`)).body.docs).toBe(1);
    expect(await emitAck(sc, 'createRoom', { _room: gid })).toMatchObject({ ok: true, type: 'group' });
    expect(((await C.get('chatRooms')).body.data as ChatGroupEntry[]).map((g) => g._id)).toContain(gid);
    const id = randomUUID();
    const live = nextEvent<ChatMessage>(sc, 'chat-room:message', (m) => m.id === id);
    expect((await A.send(gid, 'bienvenida, Carla', id)).status).toBe(200);
    expect(await live).toMatchObject({ message: 'bienvenida, Carla', receiver: null });
    // Her receipt counts: once she views it, the message is viewed for Ana (both recipients).
    const viewedAtAna = nextEvent<{ state: string; messages: { id: string }[] }>(sa, 'chat-room:messages-update', (p) => p.state === 'viewed' && p.messages.some((m) => m.id === id));
    await B.put(`chatMessagesByChatRoom/${gid}`, { state: 'viewed' });
    await C.put(`chatMessagesByChatRoom/${gid}`, { state: 'viewed' });
    await viewedAtAna;

    // Carla, a member now, can in turn reply.
    expect((await C.send(gid, 'gracias')).status).toBe(200);
  });

  it('adding again is a no-op answering 200; Idempotency-Key replays; strangers and non-contacts are refused', async () => {
    const again = await A.post(`chatRoom/${gid}/members`, { members: [carla.user._id] });
    expect(again.status).toBe(200);
    expect(again.body.position).toBeNull();
    expect(again.body.data.members).toHaveLength(3);

    const key = randomUUID();
    const first = await A.post(`chatRoom/${gid}/members`, { members: [beto.user._id] }, { 'Idempotency-Key': key });
    const replay = await A.post(`chatRoom/${gid}/members`, { members: [beto.user._id] }, { 'Idempotency-Key': key });
    expect(replay).toEqual(first);

    // Dora is nobody's contact: she cannot be added (403), and as a non-member she adds nobody (403).
    const notContact = await A.post(`chatRoom/${gid}/members`, { members: [dora.user._id] });
    expect(notContact.status).toBe(403);
    expect(notContact.body.messagePublic).toBe(
      'Solo puedes conversar con personas que comparten un equipo de evento contigo, o con asistentes de un mismo evento si ambos permiten el chat entre asistentes en su perfil.',
    );
    const stranger = await D.post(`chatRoom/${gid}/members`, { members: [dora.user._id] });
    expect(stranger.status).toBe(403);
    expect(stranger.body.messagePublic).toBe(NOT_MEMBER);
    expect((await D.del(`chatRoom/${gid}/members/me`)).status).toBe(403);
    expect((await A.post(`chatRoom/${randomUUID()}/members`, { members: [beto.user._id] })).status).toBe(404);
    expect((await A.post(`chatRoom/${gid}/members`, { members: [] })).status).toBe(400);

    // Individual rooms: nobody is added, nobody leaves (400, said in Spanish).
    const individual = (await A.room(beto.user._id)).chatRoom._id;
    const add = await A.post(`chatRoom/${individual}/members`, { members: [carla.user._id] });
    expect(add.status).toBe(400);
    expect(add.body.messagePublic).toBe('Solo puedes agregar miembros a un grupo, no a una conversación individual.');
    const leave = await A.del(`chatRoom/${individual}/members/me`);
    expect(leave.status).toBe(400);
    expect(leave.body.messagePublic).toBe('Solo puedes salir de un grupo, no de una conversación individual.');
  });

  it('a member leaves: 403 on sending and reading, no more pushes; the others get the new list; leaving twice is a no-op', async () => {
    // A message Beto has seen but Carla has not: her receipt holds it back until she leaves.
    const pendingId = randomUUID();
    const pendingAtBeto = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === pendingId);
    expect((await A.send(gid, 'Carla aún no lo ve', pendingId)).status).toBe(200);
    await pendingAtBeto;
    await B.put(`chatMessagesByChatRoom/${gid}`, { state: 'viewed' });
    const released = nextEvent<{ state: string; messages: { id: string }[] }>(sa, 'chat-room:messages-update', (p) => p.state === 'viewed' && p.messages.some((m) => m.id === pendingId));

    const carlaMessages = record<ChatMessage>(sc, 'chat-room:message');
    const carlaWriting = record<{ _room: string }>(sc, 'chat-room:writing');
    const toCarla = nextEvent<MembersChangedEvent>(sc, 'chat-room:members', (e) => e._room === gid);
    const toAna = nextEvent<MembersChangedEvent>(sa, 'chat-room:members', (e) => e._room === gid);

    const left = await C.del(`chatRoom/${gid}/members/me`);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ _room: gid, position: expect.any(String) });
    expect(await toCarla).toMatchObject({ left: carla.user._id, added: [] });
    const changed = await toAna;
    expect(changed.left).toBe(carla.user._id);
    expect(changed.members.map((m) => m._id).sort()).toEqual([ana, beto].map((u) => u.user._id).sort());

    // Her missing receipt no longer holds the message back: Ana sees it viewed (by everyone still in the group).
    await released;
    const history = (await A.get(`chatMessage?_room=${gid}`)).body.data as ChatMessage[];
    expect(history.find((m) => m.id === pendingId)?.state).toBe('viewed');

    // The group left Carla's list at once (the answer waited for the read model).
    expect(((await C.get('chatRooms')).body.data as ChatGroupEntry[]).map((g) => g._id)).not.toContain(gid);
    const send = await C.send(gid, 'sigo aquí');
    expect(send.status).toBe(403);
    expect(send.body.messagePublic).toBe(NOT_MEMBER);
    expect((await C.get(`chatMessage?_room=${gid}`)).status).toBe(403);
    expect((await C.get(`newChatMessage?_room=${gid}`)).status).toBe(403);
    expect(await emitAck(sc, 'chat-room:message', { _room: gid, id: randomUUID(), message: 'por socket' })).toMatchObject({ ok: false, status: 403 });
    expect(await emitAck(sc, 'createRoom', { _room: gid })).toMatchObject({ ok: false, status: 403 });
    expect(await emitAck(sc, 'chat-room:writing', { _room: gid, writing: true })).toMatchObject({ ok: false, status: 403 });

    // Ana types and writes: Beto gets it, Carla (whose socket had joined the channel) gets nothing.
    await emitAck(sa, 'chat-room:writing', { _room: gid, writing: true });
    const id = randomUUID();
    const atBeto = nextEvent<ChatMessage>(sb, 'chat-room:message', (m) => m.id === id);
    expect((await A.send(gid, 'ya sin Carla', id)).status).toBe(200);
    await atBeto;
    await sleep(500);
    expect(carlaMessages.filter((m) => m.id === id)).toHaveLength(0);
    expect(carlaWriting.filter((w) => w._room === gid)).toHaveLength(0);
    // Marking everything delivered skips the group she left (no 403 for the whole call).
    expect((await C.put('chatMessages', { state: 'delivered' })).status).toBe(200);

    const twice = await C.del(`chatRoom/${gid}/members/me`);
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual({ _room: gid, position: null });

    // She can be added back, and is a member again.
    expect((await A.post(`chatRoom/${gid}/members`, { members: [carla.user._id] })).status).toBe(200);
    expect((await C.send(gid, 'volví')).status).toBe(200);
  });

  it('the last member leaving empties the group out of the read model (its events stay in the log)', async () => {
    const room = (await A.post('chatRoom', { id: randomUUID(), name: 'Efímero', members: [beto.user._id] })).body.data._id as string;
    expect((await A.send(room, 'hola y adiós')).status).toBe(200);
    expect((await B.del(`chatRoom/${room}/members/me`)).status).toBe(200);
    const toAna = nextEvent<MembersChangedEvent>(sa, 'chat-room:members', (e) => e._room === room);
    expect((await A.del(`chatRoom/${room}/members/me`)).status).toBe(200);
    expect(await toAna).toMatchObject({ left: ana.user._id, members: [] });
    const count = async (table: 'chat_rooms' | 'chat_messages' | 'chat_receipts' | 'chat_room_members') =>
      (await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where(table === 'chat_rooms' ? 'id' : 'room_id', '=', room).executeTakeFirstOrThrow()).n;
    for (const table of ['chat_rooms', 'chat_messages', 'chat_receipts', 'chat_room_members'] as const) expect(Number(await count(table))).toBe(0);
    expect((await t.ctx.store.readStream(`chat-room-${room}`)).length).toBeGreaterThan(0);
    // Nobody can come back to it: adding needs a member.
    expect((await A.post(`chatRoom/${room}/members`, { members: [beto.user._id] })).status).toBe(403);
  });

  it('concurrent changes by different members are all kept (exact expected version, decided again on conflict)', async () => {
    const room = (await A.post('chatRoom', { id: randomUUID(), name: 'A la vez', members: [beto.user._id, carla.user._id] })).body.data._id as string;
    const E = api(t.node.url, elsa.token);
    const [byAna, byBeto, carlaLeaves] = await Promise.all([
      A.post(`chatRoom/${room}/members`, { members: [elsa.user._id] }),
      B.post(`chatRoom/${room}/members`, { members: [elsa.user._id] }),
      C.del(`chatRoom/${room}/members/me`),
    ]);
    expect([byAna.status, byBeto.status, carlaLeaves.status]).toEqual([200, 200, 200]);
    const [entry] = ((await E.get('chatRooms')).body.data as ChatGroupEntry[]).filter((g) => g._id === room);
    expect(entry.members.map((m) => m._id).sort()).toEqual([ana, beto, elsa].map((u) => u.user._id).sort());
    // One MembersAdded (the second adder found Elsa in) and one MemberLeft on the members stream.
    const events = await t.ctx.store.readStream(`chat-room-members-${room}`);
    expect(events.map((e) => e.type).sort()).toEqual(['chat.MemberLeft', 'chat.MembersAdded']);
  });

  it('a change made through one API node invalidates the membership cached by the other', async () => {
    const B2 = api(node2.url, beto.token);
    const C2 = api(node2.url, carla.token);
    const A2 = api(node2.url, ana.token);
    const created = await A.post('chatRoom', { id: randomUUID(), name: 'Dos nodos', members: [beto.user._id] });
    const room = created.body.data._id as string;
    // Node 2 caches the membership (Ana and Beto): sends through it, Carla refused.
    expect((await B2.send(room, 'desde el nodo 2')).status).toBe(200);
    expect((await C2.send(room, 'aún no')).status).toBe(403);

    // Node 1 adds Carla: node 2 lets her in without a restart. Node 2 learns of it through Redis, which is
    // a millisecond or two; the cached entry alone would be trusted for a minute.
    expect((await A.post(`chatRoom/${room}/members`, { members: [carla.user._id] })).status).toBe(200);
    await until(async () => (await C2.send(room, 'ya estoy')).status === 200, 3000, 10);

    // Beto, with a socket on node 2 in the room's channel, leaves through node 1: node 2 refuses his sends and
    // takes his socket out of the channel.
    const sb2 = await socketFor(node2.url, beto.token);
    sockets.push(sb2);
    expect(await emitAck(sb2, 'createRoom', { _room: room })).toMatchObject({ ok: true });
    const betoMessages = record<ChatMessage>(sb2, 'chat-room:message');
    expect((await B.del(`chatRoom/${room}/members/me`)).status).toBe(200);
    await until(async () => (await B2.send(room, 'me fui')).status === 403, 3000, 10);
    const id = randomUUID();
    const atCarla = nextEvent<ChatMessage>(sc, 'chat-room:message', (m) => m.id === id);
    expect((await A2.send(room, 'solo Ana y Carla', id)).status).toBe(200);
    await atCarla;
    await sleep(500);
    // (Pushes of earlier messages, when he was a member, may still reach his user room: only this one counts.)
    expect(betoMessages.filter((m) => m.id === id)).toHaveLength(0);
  });
});
