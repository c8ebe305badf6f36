import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payOrder } from '../../src/commands/sales/pay.js';
import { userDecider, type UserCommand, type UserEvent } from '../../src/domain/accounts/user.js';
import { NotFoundError } from '../../src/domain/shared/errors.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { useTestApp } from '../support/app.js';
import { DeciderSpecification, SPEC_NOW } from '../support/decider-spec.js';
import { client, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

const REFUSED =
  'Solo puedes conversar con personas que comparten un equipo de evento contigo, o con asistentes de un mismo evento si ambos permiten el chat entre asistentes en su perfil.';

/**
 * The attendee chat rule (issue 20): people holding tickets of one event may chat when both allow it in their
 * profile; the event's team can always reach its attendees.
 */
describe('chat between attendees of an event', () => {
  const app = useTestApp({ parts: { workers: false } });

  /** A signed-in buyer holding a paid ticket of the event. */
  async function attendee(ev: { id: string; ticketIds: string[] }, name: string): Promise<Client> {
    const c = await organizer(app.url, name);
    const r = await c.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(r.status).toBe(201);
    const paid = await payOrder(app.ctx, { orderId: r.body.order._id, method: 'cash', amount: r.body.order.total, by: null });
    await waitForPosition(app.ctx.db, app.ctx.store, paid.position!, { timeoutMs: 20_000 });
    return c;
  }
  const allow = async (c: Client, allowAttendeeChat: boolean) => {
    const r = await c.put('/profile/preferences', { allowAttendeeChat });
    expect(r.status).toBe(200);
    expect(r.body.data.allowAttendeeChat).toBe(allowAttendeeChat);
  };
  const open = (from: Client, to: Client) => from.get(`/chatRoom?_user=${to.user!.user._id}`);
  const contacts = async (c: Client) => ((await c.get('/users')).body.data as { _id: string }[]).map((u) => u._id);

  it('two ticket holders chat only when both allow it; another event does not count', async () => {
    const org = await organizer(app.url, 'Organizadora');
    const ev = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 10, quantity: 20 }] });
    const other = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 10, quantity: 20 }] });
    const [ana, beto, eva] = [await attendee(ev, 'Ana'), await attendee(ev, 'Beto'), await attendee(other, 'Eva')];

    expect((await ana.get('/session')).body.user.allowAttendeeChat).toBe(false); // off unless chosen
    const neither = await open(ana, beto);
    expect(neither.body).toMatchObject({ status: 403, code: 'CHAT_NOT_CONTACT', messagePublic: REFUSED });

    await allow(ana, true);
    expect((await open(ana, beto)).status).toBe(403); // Beto has not allowed it
    expect((await open(beto, ana)).status).toBe(403);
    expect(await contacts(ana)).not.toContain(beto.user!.user._id);

    await allow(beto, true);
    await allow(eva, true);
    expect(await contacts(ana)).toContain(beto.user!.user._id);
    expect(await contacts(ana)).not.toContain(eva.user!.user._id);
    expect((await open(ana, eva)).body.code).toBe('CHAT_NOT_CONTACT'); // both allow, but no event in common
    const room = await open(ana, beto);
    expect(room.status).toBe(200);
    expect(room.body.receiver._id).toBe(beto.user!.user._id);
    const sent = await ana.post(`/chatMessage?_room=${room.body.chatRoom._id}&id=${randomUUID()}`, { message: 'Hola, ¿vas a la charla de las 8?' });
    expect(sent.status).toBeLessThan(300);

    // Turning it off again: no new conversations (the one they have stays theirs).
    await allow(beto, false);
    const carla = await attendee(ev, 'Carla');
    await allow(carla, true);
    expect((await open(carla, beto)).status).toBe(403);
  });

  it("the event's team always reaches its attendees; an attendee does not start a chat with the team", async () => {
    const org = await organizer(app.url, 'Organizador');
    const ev = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 10, quantity: 20 }] });
    const dora = await attendee(ev, 'Dora');
    const fer = await attendee(ev, 'Fernando');
    const stranger = await organizer(app.url, 'Otra organizadora');
    await publishedEvent(stranger, { capacity: 5, tickets: [{ name: 'General' }] });

    expect((await open(dora, org)).body.code).toBe('CHAT_NOT_CONTACT');
    expect((await open(stranger, dora)).body.code).toBe('CHAT_NOT_CONTACT'); // another organizer's attendee
    const reached = await open(org, dora); // Dora never allowed attendee chats
    expect(reached.status).toBe(200);
    expect(await contacts(dora)).toContain(org.user!.user._id); // now a conversation they share

    const cashier = await signUpVerified(app, { displayName: 'Cajero' });
    expect((await org.post(`/event/${ev.id}/collaborator`, { email: cashier.email, module: 'store', role: 'cash_register' })).body.data.status).toBe('granted');
    expect((await open(client(app.url, cashier), fer)).status).toBe(200);
  });
});

describe('the profile preference (accounts decider)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const userId = '00000000-0000-4000-8000-0000000000u1';
  const registered: UserEvent = { type: 'accounts.UserRegistered', data: { userId, publicUserId: 'p1', email: 'pii:e', displayName: 'pii:n', registeredAt: SPEC_NOW.toISOString() } };
  const changed = (allowAttendeeChat: boolean): UserEvent => ({ type: 'accounts.AttendeeChatPreferenceChanged', data: { userId, allowAttendeeChat, changedAt: SPEC_NOW.toISOString() } });
  const set = (allowAttendeeChat: boolean): UserCommand => ({ type: 'SetAttendeeChatPreference', data: { allowAttendeeChat } });

  it('is off by default; turning it on and off records the change once', () => {
    spec.given([registered]).when(set(false)).then([]);
    spec.given([registered]).when(set(true)).then([changed(true)]);
    spec.given([registered, changed(true)]).when(set(true)).then([]);
    spec.given([registered, changed(true)]).when(set(false)).then([changed(false)]);
    spec.given([]).when(set(true)).thenThrows(NotFoundError);
  });
});
