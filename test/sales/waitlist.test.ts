import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelOrder } from '../../src/commands/sales/cancel.js';
import { payOrder } from '../../src/commands/sales/pay.js';
import { firstFitting, waitlistDecider, type WaitlistEvent, type JoinWaitlist } from '../../src/domain/sales/waitlist.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { useTestApp } from '../support/app.js';
import { DeciderSpecification, SPEC_NOW } from '../support/decider-spec.js';
import { client, eventually, organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

const spec = DeciderSpecification.for(waitlistDecider);
const at = SPEC_NOW.toISOString();
const EVENT = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222221';
const join = (entryId: string, over: Partial<JoinWaitlist['data']> = {}): JoinWaitlist => ({
  type: 'sales.JoinWaitlist',
  data: { eventId: EVENT, entryId, ticketTypeId: TYPE, ticketTypeName: 'General', quantity: 2, name: 'Ana', email: 'ana@correo.pe', available: 0, minPerOrder: 1, maxPerOrder: 4, ...over },
});
const joined = (entryId: string, quantity: number, email: string): WaitlistEvent => ({
  type: 'sales.WaitlistJoined',
  data: { eventId: EVENT, entryId, ticketTypeId: TYPE, ticketTypeName: 'General', quantity, name: 'Ana', email, at },
});
const byCode = (code: string) => (e: DomainError) => e.code === code;
const E1 = randomUUID();
const E2 = randomUUID();
const E3 = randomUUID();

describe('the waiting list decider', () => {
  it('joins a sold-out type; refuses while seats that fit the group remain, twice the same person, outside the per-order limits', () => {
    spec.when(join(E1)).then([joined(E1, 2, 'ana@correo.pe')]);
    // One seat left is not enough for a group of 2: the group may wait.
    spec.when(join(E1, { available: 1 })).then((events) => expect(events).toHaveLength(1));
    const e = spec.when(join(E1, { available: 2 })).thenThrows(DomainError, byCode('NOT_SOLD_OUT'));
    expect((e as DomainError).messagePublic).toBe('Todavía hay entradas disponibles: puedes comprarlas ahora.');
    spec.given([joined(E1, 2, 'Ana@Correo.pe')]).when(join(E2)).thenThrows(DomainError, byCode('ALREADY_ON_WAITLIST'));
    spec.when(join(E1, { quantity: 5 })).thenThrows(DomainError, byCode('WAITLIST_OVER_MAX'));
    spec.when(join(E1, { quantity: 1, minPerOrder: 2 })).thenThrows(DomainError, byCode('WAITLIST_UNDER_MIN'));
  });

  it('the first entry whose whole group fits gets the seats; a group is never split; an entry is offered once', () => {
    const state = [joined(E1, 3, 'a@x.pe'), joined(E2, 2, 'b@x.pe'), joined(E3, 2, 'c@x.pe')].reduce(waitlistDecider.evolve, waitlistDecider.initialState());
    expect(firstFitting(state, () => 2)?.entryId).toBe(E2);
    expect(firstFitting(state, () => 3)?.entryId).toBe(E1);
    expect(firstFitting(state, () => 1)).toBe(null);
    expect(firstFitting(state, () => 2, new Set([E2]))?.entryId).toBe(E3);
    const order = randomUUID();
    const offered = spec.given([joined(E2, 2, 'b@x.pe')]).when({ type: 'sales.OfferSeats', data: { entryId: E2, orderId: order, until: at } }).then([
      { type: 'sales.WaitlistOffered', data: { eventId: EVENT, entryId: E2, orderId: order, until: at, at } },
    ]);
    const history = [joined(E2, 2, 'b@x.pe'), ...offered];
    spec.given(history).when({ type: 'sales.OfferSeats', data: { entryId: E2, orderId: order, until: at } }).then([]);
    spec.given(history).when({ type: 'sales.OfferSeats', data: { entryId: E2, orderId: randomUUID(), until: at } }).thenThrows(DomainError, byCode('WAITLIST_NOT_WAITING'));
    spec.given(history).when({ type: 'sales.CloseOffer', data: { entryId: E2, outcome: 'expired' } }).thenState((s) => expect(s.entries[E2].state).toBe('expired'));
    spec.given([joined(E2, 2, 'b@x.pe')]).when({ type: 'sales.CloseOffer', data: { entryId: E2, outcome: 'expired' } }).thenThrows(DomainError, byCode('WAITLIST_NOT_OFFERED'));
  });
});

/** Offers hold their seats 2 s here, so an unpaid offer expires and passes on within the test. */
describe('the waiting list over HTTP', () => {
  const app = useTestApp({ smtp: true, env: { SALES_WAITLIST_OFFER_SECONDS: '2' } });

  it('sold out -> join; freed seats go to the first group that fits (by mail); an unpaid offer passes on; a paid one is purchased', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: null, paid: true, tickets: [{ name: 'General', price: 25, quantity: 4, maxPerOrder: 4 }] });
    const general = ev.ticketIds[0];
    const anon = client(app.url);
    const joinList = (body: Record<string, unknown>) => anon.post(`/event/${ev.code}/waitlist`, { clientId: randomUUID(), ticketTypeId: general, quantity: 2, ...body });

    // Seats remain: buy them instead.
    expect((await joinList({ name: 'Temprana', email: 'temprana@correo.pe' })).body).toMatchObject({ status: 409, code: 'NOT_SOLD_OUT' });
    const buy = (quantity: number) => anon.post('/reservation', { clientId: randomUUID(), eventCode: ev.code, lines: [{ ticketTypeId: general, quantity }] });
    const a = await buy(2);
    const b = await buy(2);
    expect([a.status, b.status]).toEqual([201, 201]);

    const group = await joinList({ name: 'Grupo de tres', email: 'grupo@correo.pe', quantity: 3 });
    expect(group.status).toBe(201);
    expect(group.body.data).toMatchObject({ position: 1, quantity: 3, ticketTypeName: 'General' });
    const pair = await joinList({ name: 'Pareja', email: 'pareja@correo.pe' });
    const last = await joinList({ name: 'Última', email: 'ultima@correo.pe' });
    expect([pair.body.data.position, last.body.data.position]).toEqual([2, 3]);
    expect((await joinList({ name: 'Pareja', email: 'PAREJA@correo.pe' })).body.code).toBe('ALREADY_ON_WAITLIST');
    expect((await joinList({ name: 'Muchos', email: 'muchos@correo.pe', quantity: 5 })).body).toMatchObject({ status: 400, code: 'WAITLIST_OVER_MAX', messagePublic: 'Puedes pedir como máximo 4 entradas de este tipo.' });
    expect((await joinList({ name: '', email: 'x' })).status).toBe(400);

    // A cancellation frees 2 seats: the group of 3 is not split; the pair gets them held, with a purchase link.
    await cancelOrder(app.ctx, { orderId: a.body.order._id, reason: null, by: null, byTeam: false });
    const offerMail = await app.smtp.waitForMail((m) => m.to.includes('pareja@correo.pe'), 20_000);
    expect(offerMail.subject).toBe('Se liberaron entradas para Feria de Café');
    expect(offerMail.text).toContain('Se liberaron 2 entradas de «General» para Feria de Café y las reservamos para ti.');
    const link = offerMail.links.find((l) => l.includes('/reservation/'))!;
    const offeredOrder = link.split('/reservation/')[1];
    const offered = await anon.get(`/reservation/${offeredOrder}`);
    expect(offered.body).toMatchObject({ status: 'reserved', total: 5000, lines: [{ ticketTypeId: general, quantity: 2 }] });
    const held = Date.parse(offered.body.holdUntil) - Date.parse(offered.body.createdAt);
    expect(held).toBeGreaterThan(1500);
    expect(held).toBeLessThanOrEqual(2100);
    const list = async () => (await org.get(`/event/${ev.id}/waitlist`)).body.data as { name: string; state: string; waitingRank: number | null; orderId: string | null }[];
    await eventually(async () => (await list()).find((e) => e.name === 'Pareja')?.state === 'offered');
    expect((await list()).map((e) => [e.name, e.state, e.waitingRank])).toEqual([
      ['Grupo de tres', 'waiting', 1],
      ['Pareja', 'offered', null],
      ['Última', 'waiting', 2],
    ]);
    expect(app.smtp.mailsTo('grupo@correo.pe')).toHaveLength(0);

    // Unpaid, the offer expires: its seats pass to the next group that fits (the last pair), never back to the first.
    const next = await app.smtp.waitForMail((m) => m.to.includes('ultima@correo.pe'), 30_000);
    await eventually(async () => (await list()).find((e) => e.name === 'Última')?.state === 'offered');
    const states = await list();
    expect(states.map((e) => [e.name, e.state])).toEqual([
      ['Grupo de tres', 'waiting'],
      ['Pareja', 'expired'],
      ['Última', 'offered'],
    ]);
    expect(app.smtp.mailsTo('pareja@correo.pe')).toHaveLength(1);

    // Paid in time (cash, say), the offer is a purchase.
    const secondOrder = next.links.find((l) => l.includes('/reservation/'))!.split('/reservation/')[1];
    expect(states.find((e) => e.name === 'Última')!.orderId).toBe(secondOrder);
    await payOrder(app.ctx, { orderId: secondOrder, method: 'cash', amount: 5000, by: null });
    await eventually(async () => (await list()).find((e) => e.name === 'Última')?.state === 'purchased');
    // The team without order.read does not see the list.
    expect((await client(app.url).get(`/event/${ev.id}/waitlist`)).status).toBe(401);
  });
});
