import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contracts/notifications.js';
import { nameId } from '../../src/domain/chat/ids.js';
import { eventPublishedNotifications } from '../../src/domain/notifications/notification.js';
import { markNotificationsRead } from '../../src/commands/notifications/inbox.js';
import { inboxStream } from '../../src/domain/notifications/inbox.js';
import { inboxProjection } from '../../src/projections/notifications/inbox.js';
import { notifierProjection } from '../../src/projections/notifications/notifier.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import type { SignedUpUser } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';
import { api, nextEvent, shareTeam, signUpMany, sleep, socketFor, until } from '../chat/helpers.js';
import { client, createEvent, settle, signUpVerified, ticketBody } from '../events/helpers.js';

describe('notifications', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let ana: SignedUpUser, beto: SignedUpUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestNode();
    // Beto is invited to a team below: invitations grant at once only to accounts that proved their e-mail.
    [ana] = await signUpMany(t.node.url, ['Ana Aviso']);
    beto = await signUpVerified(t as never, { displayName: 'Beto Aviso' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await sleep(300);
    await t?.stop();
  });

  /**
   * Waits until `position` went through the notifier, then until what it recorded on these users' inboxes went
   * through the inbox read model (two hops: the notifier's decisions are events of their own).
   */
  const settleInboxes = async (position: string, ...users: SignedUpUser[]) => {
    await settle(t as never, position);
    for (const u of users) {
      const inbox = await t.ctx.store.readStream(inboxStream(u.user._id));
      if (inbox.length) await settle(t as never, inbox[inbox.length - 1].position);
    }
  };
  const count = async (u: SignedUpUser) => (await api(t.node.url, u.token).get(`notification?_notificationUser=${u.user._id}&update=false`)).body;

  it('an event published notifies its owner (pushed on the socket)', async () => {
    const a = client(t.node.url, ana);
    const sa = await socketFor(t.node.url, ana.token);
    sockets.push(sa);
    const ev = await createEvent(a, { eventName: 'Feria del Libro' });
    expect((await a.post(`/event/${ev.data._id}/ticket`, ticketBody())).status).toBe(201);
    const pushed = nextEvent<Notification>(sa, 'notification', (n) => n.typeNotification === 'eventPublished', 15_000);
    const pub = await a.put(`/event/${ev.data._id}`, { published: true });
    expect(pub.status).toBe(200);
    const n = await pushed;
    expect(n).toMatchObject({
      detail: { message: '¡Enhorabuena! Tu evento Feria del Libro se ha publicado.' },
      unread: true,
      url: `/e/${ev.data.eventCode}`,
      model: 'event',
      typeNotification: 'eventPublished',
    });
    expect(new Date(n.saveDate).toISOString()).toBe(n.saveDate);
  });

  it('an event published also notifies its team, once each, and a rebuild notifies the same people again', async () => {
    const [olga, uriel] = await signUpMany(t.node.url, ['Olga Dueña', 'Uriel Ajeno']);
    const carlos = await signUpVerified(t as never, { displayName: 'Carlos Equipo' });
    const o = client(t.node.url, olga);
    const ev = await createEvent(o, { eventName: 'Festival de Cine' });
    expect((await o.post(`/event/${ev.data._id}/ticket`, ticketBody())).status).toBe(201);
    const invited = await o.post(`/event/${ev.data._id}/collaborator`, { email: carlos.email, module: 'store', role: 'poll' });
    expect(invited.status).toBe(201);
    await settle(t as never, invited.body.position);

    // Every `notification` push each of them receives from now on.
    const pushes = new Map<string, Notification[]>();
    for (const u of [olga, carlos, uriel]) {
      const s = await socketFor(t.node.url, u.token);
      sockets.push(s);
      pushes.set(u.user._id, []);
      s.on('notification', (n: Notification) => pushes.get(u.user._id)!.push(n));
    }
    const pub = await o.put(`/event/${ev.data._id}`, { published: true });
    expect(pub.status).toBe(200);
    await settle(t as never, pub.body.position);
    await until(async () => pushes.get(carlos.user._id)!.length > 0 && pushes.get(olga.user._id)!.length > 0);
    await sleep(300); // a second push, if any, would arrive now

    const url = `/e/${ev.data.eventCode}`;
    const teamText = 'Se ha publicado el evento Festival de Cine, en el que colaboras.';
    expect(pushes.get(carlos.user._id)).toEqual([
      expect.objectContaining({ detail: { message: teamText }, url, model: 'event', typeNotification: 'eventPublished', unread: true }),
    ]);
    expect(pushes.get(olga.user._id)).toEqual([
      expect.objectContaining({ detail: { message: '¡Enhorabuena! Tu evento Festival de Cine se ha publicado.' }, url, typeNotification: 'eventPublished' }),
    ]);
    expect(pushes.get(uriel.user._id)).toEqual([]);

    const published = async (u: SignedUpUser) =>
      (await api(t.node.url, u.token).get(`notification?_notificationUser=${u.user._id}&update=false&query=eventPublished`)).body;
    expect(await published(carlos)).toEqual({ notificationCountUnRead: 1 });
    expect(await count(carlos)).toEqual({ notificationCountUnRead: 2 }); // the invitation and the publication
    expect(await published(olga)).toEqual({ notificationCountUnRead: 1 });
    expect(await count(uriel)).toEqual({ notificationCountUnRead: 0 });
    const page = await api(t.node.url, carlos.token).get(`notification?update=true&skip=0&limit=10&query=eventPublished`);
    expect(page.body.docs).toBe(1);
    expect(page.body.data).toEqual([expect.objectContaining({ detail: { message: teamText }, url, model: 'event', unread: true })]);
    const ownerPage = await api(t.node.url, olga.token).get(`notification?update=true&skip=0&limit=10&query=eventPublished`);
    expect(ownerPage.body.data.map((n: Notification) => n.detail.message)).toEqual(['¡Enhorabuena! Tu evento Festival de Cine se ha publicado.']);

    // Replaying the log gives the same notifications (same ids), none doubled, and pushes nothing.
    const rows = () =>
      t.ctx.db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'type', 'message', 'url'])
        .where('user_id', 'in', [olga.user._id, carlos.user._id, uriel.user._id])
        .orderBy('id')
        .execute();
    const before = await rows();
    expect(before.filter((r) => r.type === 'eventPublished').map((r) => r.user_id).sort()).toEqual([olga.user._id, carlos.user._id].sort());
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, inboxProjection);
    expect(await rows()).toEqual(before);
    // The notifier's decisions are recorded once: replaying it records nothing more.
    const recorded = async () => (await t.ctx.store.readStream(inboxStream(carlos.user._id))).length;
    const n = await recorded();
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, notifierProjection);
    expect(await recorded()).toBe(n);
    await sleep(300);
    expect(pushes.get(carlos.user._id)).toHaveLength(1);
    expect(pushes.get(olga.user._id)).toHaveLength(1);
    expect(pushes.get(uriel.user._id)).toEqual([]);
  });

  it('a collaborator who publishes is not told about it; the owner and the rest of the team are', () => {
    const data = { eventId: 'e1', eventCode: 'cine', eventName: 'Cine', ownerId: 'owner', team: ['publisher', 'colleague'] };
    const planned = eventPublishedNotifications(data, 'publisher');
    expect(planned.map((p) => [p.userId, p.message])).toEqual([
      ['owner', '¡Enhorabuena! Tu evento Cine se ha publicado.'],
      ['colleague', 'Se ha publicado el evento Cine, en el que colaboras.'],
    ]);
    // Events recorded before the team was stored on them notify the owner only, on every replay alike.
    expect(eventPublishedNotifications({ ...data, team: undefined }, 'owner').map((p) => p.userId)).toEqual(['owner']);
  });

  it('a collaborator invitation notifies the invitee', async () => {
    const a = client(t.node.url, ana);
    const sb = await socketFor(t.node.url, beto.token);
    sockets.push(sb);
    const ev = await createEvent(a, { eventName: 'Congreso Andino' });
    const pushed = nextEvent<Notification>(sb, 'notification', (n) => n.typeNotification === 'collaboratorInvitation', 15_000);
    const r = await a.post(`/event/${ev.data._id}/collaborator`, { email: beto.email, module: 'store', role: 'poll' });
    expect(r.status).toBe(201);
    expect(await pushed).toMatchObject({
      detail: { message: 'Te invitaron a colaborar en el evento Congreso Andino.' },
      model: 'event',
      url: '/module',
      unread: true,
    });
    await settle(t as never, r.body.position);
    expect(await count(beto)).toEqual({ notificationCountUnRead: 1 });
  });

  it('a chat message notifies the receiver only while offline, one unread per room', async () => {
    const [carla, dani] = await signUpMany(t.node.url, ['Carla Chat', 'Dani Chat']);
    await shareTeam(t.ctx, carla, dani);
    const C = api(t.node.url, carla.token);
    const room = (await C.room(dani.user._id)).chatRoom._id;
    const first = await C.send(room, 'hola, ¿estás?');
    // Sent back to back (one notifier batch, most likely): recorded in order, so the later one's date wins.
    const [second, third] = [await C.send(room, '¿sigues ahí?'), await C.send(room, '¿hola?')];
    await settleInboxes(third.body.position, dani); // all three went through the notifier and the inbox
    expect(second.status).toBe(200);
    expect(await count(dani)).toEqual({ notificationCountUnRead: 1 });
    const inbox = await t.ctx.store.readStream(inboxStream(dani.user._id));
    expect(inbox.map((e) => e.data.saveDate)).toEqual([first.body.data.saveDate, second.body.data.saveDate, third.body.data.saveDate].map((d) => new Date(d).toISOString()));
    const D = api(t.node.url, dani.token);
    const page = await D.get(`notification?update=true&skip=0&limit=10`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({ detail: { message: 'Carla Chat te envió un mensaje.' }, url: '/chat', model: 'chatRoom', typeNotification: 'chatMessage', unread: true });
    expect(page.body.data[0].saveDate).toBe(inbox[2].data.saveDate);
    // Reading changes nothing; the client marks the page it showed.
    expect(page.body.notificationCountUnRead).toBe(1);
    const read = await D.put('notification/read', { ids: [page.body.data[0]._id] });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ data: { marked: [page.body.data[0]._id] }, notificationCountUnRead: 0 });
    expect(first.status).toBe(200);

    // Online now: no new notification, the message arrives on the socket instead.
    const sd = await socketFor(t.node.url, dani.token);
    sockets.push(sd);
    await until(async () => {
      const r = await t.ctx.db.selectFrom('chat_presence').select('online').where('user_id', '=', dani.user._id).executeTakeFirst();
      return r?.online === true;
    });
    const live = nextEvent(sd, 'chat-room:message');
    const s = await C.send(room, 'ya te veo');
    await live;
    await settleInboxes(s.body.position, dani, carla);
    expect(await count(dani)).toEqual({ notificationCountUnRead: 0 });
    // The sender never gets one for its own message.
    expect(await count(carla)).toEqual({ notificationCountUnRead: 0 });
  });

  it('reading is a recorded fact: a rebuild keeps the read flags and the offline-time decisions; nobody marks another user’s', async () => {
    const [erika, fede, gabi] = await signUpMany(t.node.url, ['Erika Lee', 'Fede Lee', 'Gabi Lee']);
    await shareTeam(t.ctx, erika, fede, gabi);
    // Fede is offline: one notification per room (Erika's, then Gabi's).
    const fromErika = await api(t.node.url, erika.token).send((await api(t.node.url, erika.token).room(fede.user._id)).chatRoom._id, 'hola Fede');
    await settleInboxes(fromErika.body.position, fede);
    const G = api(t.node.url, gabi.token);
    const fromGabi = await G.send((await G.room(fede.user._id)).chatRoom._id, 'buenas');
    await settleInboxes(fromGabi.body.position, fede);
    const F = api(t.node.url, fede.token);
    expect(await count(fede)).toEqual({ notificationCountUnRead: 2 });

    // Gabi cannot mark Fede's notifications, neither through the command nor through the route.
    const fedeIds = (await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', fede.user._id).execute()).map((r) => r.id);
    expect(fedeIds).toHaveLength(2);
    expect(await markNotificationsRead(t.ctx, gabi.user._id, fedeIds)).toEqual({ marked: [], position: null });
    expect((await G.put('notification/read', { ids: fedeIds })).body).toMatchObject({ data: { marked: [] }, position: null });
    expect((await G.get(`notification?_notificationUser=${fede.user._id}&update=true`)).status).toBe(403);
    expect(await count(fede)).toEqual({ notificationCountUnRead: 2 });

    // Fede reads the newest one (Gabi's): the read itself records nothing.
    const page = await F.get('notification?update=true&skip=0&limit=1');
    expect(page.body.data).toEqual([expect.objectContaining({ detail: { message: 'Gabi Lee te envió un mensaje.' }, unread: true })]);
    expect(page.body.notificationCountUnRead).toBe(2);
    expect(await t.ctx.store.readStream(inboxStream(fede.user._id))).toHaveLength(2);
    // The web marks what the menu showed: an explicit command, recorded once however often it is repeated.
    const ids = [page.body.data[0]._id];
    expect((await F.put('notification/read', { ids })).body).toMatchObject({ data: { marked: ids }, notificationCountUnRead: 1 });
    expect((await F.put('notification/read', { ids })).body).toMatchObject({ data: { marked: [] }, notificationCountUnRead: 1, position: null });
    const inbox = await t.ctx.store.readStream(inboxStream(fede.user._id));
    expect(inbox.map((e) => e.type)).toEqual(['notifications.NotificationCreated', 'notifications.NotificationCreated', 'notifications.NotificationsRead']);
    expect(inbox[2].data).toMatchObject({ userId: fede.user._id, notificationIds: ids });
    expect((await F.get('notification?update=true&skip=0&limit=1')).body.data[0].unread).toBe(false);
    expect((await F.put('notification/read', { ids: [] })).status).toBe(400);

    // Fede is online now: replaying the log neither forgets the read flag nor re-decides with today's presence.
    const sf = await socketFor(t.node.url, fede.token);
    sockets.push(sf);
    await until(async () => (await t.ctx.db.selectFrom('chat_presence').select('online').where('user_id', '=', fede.user._id).executeTakeFirst())?.online === true);
    const rows = () =>
      t.ctx.db.selectFrom('notifications').select(['id', 'message', 'unread', 'save_date']).where('user_id', '=', fede.user._id).orderBy('id').execute();
    const before = await rows();
    expect(before.map((r) => r.unread).sort()).toEqual([false, true]);
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, notifierProjection);
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, inboxProjection);
    expect(await rows()).toEqual(before);
    expect(await count(fede)).toEqual({ notificationCountUnRead: 1 });
  });

  it('pages 10 at a time, newest first, the client marking each page it showed; only the caller’s own', async () => {
    // 23 notifications for Beto (fixtures of the notifier's table, older than the invitation above).
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 23; i++) {
      await sql`INSERT INTO notifications (id, user_id, type, model, model_id, message, url, unread, save_date, source_event_id)
                VALUES (${nameId('fixture', String(i))}, ${beto.user._id}, 'poll', 'poll', null, ${`Encuesta ${i}`}, '/', true,
                        ${new Date(base + i * 60_000)}, ${randomUUID()})`.execute(t.ctx.db);
    }
    const B = api(t.node.url, beto.token);
    expect(await count(beto)).toEqual({ notificationCountUnRead: 24 });
    const p1 = await B.get(`notification?_notificationUser=${beto.user._id}&update=true&skip=0&limit=10`);
    expect(p1.status).toBe(200);
    expect(p1.body.docs).toBe(24);
    expect(p1.body.data).toHaveLength(10);
    expect(p1.body.data[0].typeNotification).toBe('collaboratorInvitation');
    expect(p1.body.data[1].detail.message).toBe('Encuesta 22');
    expect(p1.body.data.every((n: Notification) => n.unread)).toBe(true);
    expect(p1.body.notificationCountUnRead).toBe(24); // reading marks nothing
    const idsOf = (r: { body: { data: Notification[] } }) => r.body.data.map((n) => n._id);
    expect((await B.put('notification/read', { ids: idsOf(p1) })).body.notificationCountUnRead).toBe(14);
    const again = await B.get(`notification?update=true&skip=0&limit=10`);
    expect(again.body.data.every((n: Notification) => !n.unread)).toBe(true);
    const p3 = await B.get(`notification?update=true&skip=20&limit=10`);
    expect(p3.body.data.map((n: Notification) => n.detail.message)).toEqual(['Encuesta 3', 'Encuesta 2', 'Encuesta 1', 'Encuesta 0']);
    expect(p3.body.notificationCountUnRead).toBe(14);
    expect((await B.put('notification/read', { ids: idsOf(p3) })).body.notificationCountUnRead).toBe(10); // 24 - 10 (page 1) - 4 (page 3)
    expect((await B.get(`notification?update=false&query=chatMessage`)).body).toEqual({ notificationCountUnRead: 0 });
    const polls = await B.get(`notification?update=false&query=poll`);
    expect(polls.body).toEqual({ notificationCountUnRead: 10 }); // the ten of page 2, all polls
    // Limit is 10 per page at most; another user's notifications are forbidden; no token is 401.
    expect((await B.get(`notification?update=true&limit=11`)).status).toBe(400);
    const other = await api(t.node.url, ana.token).get(`notification?_notificationUser=${beto.user._id}&update=true`);
    expect(other.status).toBe(403);
    expect(other.body.messagePublic).toBe('Solo puedes ver tus propias notificaciones.');
    expect((await fetch(`${t.node.url}/api/v2/notification?update=false`)).status).toBe(401);
  });

  it('"mark all as read" is one explicit command over the caller’s unread ones; repeated, it records nothing', async () => {
    // Beto still has the ten polls of page 2 unread (previous test); Ana has her own, untouched by his command.
    const B = api(t.node.url, beto.token);
    const anaBefore = await count(ana);
    expect(await count(beto)).toEqual({ notificationCountUnRead: 10 });
    const unreadIds = (await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', beto.user._id).where('unread', '=', true).execute())
      .map((r) => r.id)
      .sort();
    const streamBefore = (await t.ctx.store.readStream(inboxStream(beto.user._id))).length;

    const all = await B.put('notification/read-all', {});
    expect(all.status).toBe(200);
    expect(all.body.notificationCountUnRead).toBe(0);
    expect([...all.body.data.marked].sort()).toEqual(unreadIds);
    expect(all.body.position).toEqual(expect.any(String));
    const inbox = await t.ctx.store.readStream(inboxStream(beto.user._id));
    expect(inbox.slice(streamBefore).map((e) => e.type)).toEqual(['notifications.NotificationsRead']);
    expect(await count(beto)).toEqual({ notificationCountUnRead: 0 });
    const everything = await B.get('notification?update=true&skip=0&limit=10');
    expect(everything.body.data.every((n: Notification) => !n.unread)).toBe(true);

    // Again: nothing left to mark, nothing recorded.
    const again = await B.put('notification/read-all', {});
    expect(again.body).toEqual({ data: { marked: [] }, notificationCountUnRead: 0, position: null });
    expect(await t.ctx.store.readStream(inboxStream(beto.user._id))).toHaveLength(streamBefore + 1);
    expect(await count(ana)).toEqual(anaBefore);
    expect((await fetch(`${t.node.url}/api/v2/notification/read-all`, { method: 'PUT' })).status).toBe(401);

    // A rebuild keeps the flags (the command is a recorded fact like marking a page).
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, inboxProjection);
    expect(await count(beto)).toEqual({ notificationCountUnRead: 0 });
  });
});
