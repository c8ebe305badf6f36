import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/context.js';
import { chatRoomStream } from '../../src/domain/chat/room.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { signIn, signUp, type SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { startTestSmtp, tokenFromMail, type TestSmtp } from '../support/smtp.js';
import { api, emitAck, shareTeam, sleep, socketFor } from './helpers.js';

/** Resolves when the socket is disconnected (at once if it already is), or rejects after `ms`. */
function disconnected(socket: Socket, ms = 5_000): Promise<void> {
  if (socket.disconnected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still connected')), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function connectFails(url: string, token: string) {
  await expect(socketFor(url, token)).rejects.toThrow();
}

/**
 * Ending a session (logout, password change, account deletion) disconnects that session's sockets on every
 * API node, and an event a socket sends after its session ended is refused even before the disconnect lands.
 * Two API nodes share the database and Redis, as behind a load balancer.
 */
describe('sockets of an ended session', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let ctx2: AppContext;
  let node2: RunningNode;
  let smtp: TestSmtp;
  let url1: string, url2: string;
  let beto: SignedUpUser;
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  /** A user who shares a team (and a chat room) with Beto. */
  async function contactOfBeto(name: string) {
    const u = await signUp(url1, { displayName: name });
    await shareTeam(t.ctx, u, beto);
    const roomId = (await api(url1, u.token).room(beto.user._id)).chatRoom._id;
    return { u, roomId };
  }

  const send = (s: Socket, roomId: string, id = randomUUID()) => emitAck(s, 'chat-room:message', { _room: roomId, id, message: `hola ${id}` }, 5_000);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestNode({}, { SMTP_URL: smtp.url, APP_URL: 'http://aforo.test' });
    ctx2 = await createContext(t.ctx.config, { logger: pino({ level: 'silent' }) });
    node2 = await startNode(ctx2, { port: 0, host: '127.0.0.1' });
    url1 = t.node.url;
    url2 = node2.url;
    beto = await signUp(url1, { displayName: 'Beto Sesiones' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await sleep(300);
    await node2?.close();
    await ctx2?.close();
    await t?.stop();
    await smtp?.close();
  });

  it('logout disconnects the sockets of that session on every node; the other sessions of the user keep theirs', async () => {
    const { u: ana, roomId } = await contactOfBeto('Ana Sesiones');
    const other = await signIn(url1, ana.email, ana.password); // a second session of Ana
    const onNode2 = track(await socketFor(url2, ana.token)); // auth: { token }
    const byCookie = track(await socketFor(url1, '', { auth: {}, extraHeaders: { cookie: ana.cookie } })); // the cookie
    const otherSession = track(await socketFor(url2, other.token));
    const beto2 = track(await socketFor(url2, beto.token));
    expect((await send(onNode2, roomId)).ok).toBe(true);
    expect((await send(byCookie, roomId)).ok).toBe(true);

    // Logout on node 1 with the session's token.
    const out = await fetch(`${url1}/api/v2/logout`, { method: 'POST', headers: { authorization: `Bearer ${ana.token}` } });
    expect(out.status).toBe(200);
    expect((await api(url1, ana.token).get('validate')).status).toBe(401);
    await Promise.all([disconnected(onNode2), disconnected(byCookie)]);
    await connectFails(url2, ana.token);

    // The same user's other session, and other users, are untouched.
    await sleep(200);
    expect(otherSession.connected).toBe(true);
    expect(beto2.connected).toBe(true);
    expect((await send(otherSession, roomId)).ok).toBe(true);
  });

  it('an event sent after the session ended is not processed, even before the disconnect arrives', async () => {
    const { u: carla, roomId } = await contactOfBeto('Carla Sesiones');
    const socket = track(await socketFor(url2, carla.token));
    const joiner = track(await socketFor(url2, carla.token));
    expect((await send(socket, roomId)).ok).toBe(true);

    // The moment between the session's end (its row deleted) and its disconnect reaching this node.
    await t.ctx.db.deleteFrom('account_sessions').where('user_id', '=', carla.user._id).execute();
    expect(socket.connected).toBe(true);
    const id = randomUUID();
    // A send (the handler checks the session itself) and any other event (checked before its handler).
    const [refused, notJoined] = await Promise.all([send(socket, roomId, id), emitAck(joiner, 'createRoom', { _room: roomId }, 5_000)]);
    expect(refused).toMatchObject({ ok: false, status: 401 });
    expect(notJoined).toMatchObject({ ok: false, status: 401 });
    await Promise.all([disconnected(socket), disconnected(joiner)]);

    await sleep(300);
    const events = await t.ctx.store.readStream(chatRoomStream(roomId));
    expect(events.some((e) => (e.data as { clientId?: string }).clientId === id)).toBe(false);
  });

  it('a password change ends every session of the user, with their sockets, on every node', async () => {
    const { u: dani, roomId } = await contactOfBeto('Dani Sesiones');
    const second = await signIn(url1, dani.email, dani.password);
    const s1 = track(await socketFor(url1, dani.token));
    const s2 = track(await socketFor(url2, second.token));
    const beto1 = track(await socketFor(url1, beto.token));

    const changed = await api(url1, dani.token).post('changePasword', { password: dani.password, newPassword: 'Otra-Clave-123' });
    expect(changed.status).toBe(200);
    await Promise.all([disconnected(s1), disconnected(s2)]);
    expect(beto1.connected).toBe(true);

    // The fresh session of the change connects and sends.
    const fresh = track(await socketFor(url2, changed.body.token as string));
    expect((await send(fresh, roomId)).ok).toBe(true);
  });

  it('deleting the account disconnects its sockets on every node', async () => {
    const { u: eva } = await contactOfBeto('Eva Sesiones');
    const s1 = track(await socketFor(url1, eva.token));
    const s2 = track(await socketFor(url2, eva.token));
    expect((await fetch(`${url1}/api/v2/requestAccountDelete`, { method: 'POST', headers: { cookie: eva.cookie } })).status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(eva.email) && m.subject === 'Confirma la eliminación de tu cuenta de Aforo');
    const token = tokenFromMail(mail, '/appControl/deleteAccount/');
    expect((await fetch(`${url1}/api/v2/deleteAccount/${token}`, { method: 'POST' })).status).toBe(200);
    await Promise.all([disconnected(s1), disconnected(s2)]);
  });
});
