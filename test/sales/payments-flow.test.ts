import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { quotaStreamId } from '../../src/domain/sales/quota.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeCulqi, type FakeCulqi } from '../support/fake-culqi.js';
import { client, eventually, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/**
 * Card payments through the local Culqi (test/support/fake-culqi.ts, the event's keys `pk_test_123` / `sk_test_123`
 * as publishedEvent stores them), with a 2-second hold so that late payments can be made.
 */
describe('card payments, webhooks, late payments, refunds', () => {
  let culqi: FakeCulqi;
  let app: TestApp;
  beforeAll(async () => {
    culqi = await startFakeCulqi({ secretKey: 'sk_test_123' });
    app = await startTestApp({ env: { SALES_HOLD_SECONDS: '2', CULQI_API_URL: culqi.url, CULQI_TOKENS_URL: culqi.url } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await culqi?.close();
  });

  const charges = () => culqi.requests.filter((r) => r.method === 'POST' && r.path === '/v2/charges').length;
  const refunds = () => culqi.requests.filter((r) => r.method === 'POST' && r.path === '/v2/refunds');
  const orderEvents = async (id: string) => (await app.ctx.store.readStream(orderStreamId(id))).map((e) => e.type);
  async function reserved(quantity = 2, capacity = 10) {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity, paid: true, tickets: [{ name: 'General', price: 45.5, quantity: 10 }] });
    const buyer = await organizer(app.url, 'Carla Compradora');
    const r = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity }] });
    expect(r.status).toBe(201);
    return { org, ev, buyer, order: r.body.order as { _id: string; total: number }, position: r.body.position as string };
  }
  /** A charge made at "Culqi" for the order without Aforo's answer (the response was lost): only the webhook tells. */
  async function chargeBehindOurBack(orderId: string, amount: number) {
    const res = await fetch(`${culqi.url}/v2/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${culqi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount, currency_code: 'PEN', email: 'carla@example.com', source_id: culqi.token(), metadata: { orderRef: orderId } }),
    });
    return ((await res.json()) as { id: string }).id;
  }

  it('exposes the public key and the token endpoint; pays by card once although submitted twice at once', async () => {
    const { buyer, order, position } = await reserved();
    const detail = await buyer.get(`/reservation/${order._id}?after=${position}`);
    expect(detail.body.payment).toMatchObject({ culqiPublicKey: 'pk_test_123', culqiTokensUrl: culqi.url, merchantId: null });
    const before = charges();
    const body = { token: culqi.token(), email: 'carla@example.com', clientId: randomUUID() };
    const [a, b] = await Promise.all([buyer.post(`/reservationCulqi/${order._id}`, body), buyer.post(`/reservationCulqi/${order._id}`, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.order).toMatchObject({ status: 'paid', paymentMethod: 'card', total: 9100 });
    // The same attempt resubmitted once the first finished: the paid order back, no second charge.
    const resubmitted = await buyer.post(`/reservationCulqi/${order._id}`, body);
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.order).toMatchObject({ status: 'paid' });
    expect(charges() - before).toBe(1);
    const charge = [...culqi.charges.values()].find((c) => c.metadata.orderRef === order._id)!;
    expect(charge).toMatchObject({ amount: 9100, currency_code: 'PEN' });
    expect(await orderEvents(order._id)).toEqual(['sales.OrderReserved', 'sales.OrderPaid', 'sales.TicketsIssued']);
    const read = await buyer.get(`/reservation/${order._id}?after=${a.body.position}`);
    expect(read.body.tickets).toHaveLength(2);
    // Paying again with another attempt is refused before any charge.
    const again = await buyer.post(`/reservationCulqi/${order._id}`, { ...body, clientId: randomUUID(), token: culqi.token() });
    expect(again.body).toMatchObject({ status: 409, code: 'ORDER_ALREADY_PAID' });
    expect(charges() - before).toBe(1);
  });

  it('two different attempts racing (two tabs, two cards): one pays the order, the other charge is refunded and recorded', async () => {
    const { buyer, order } = await reserved(1);
    const pay = () => buyer.post(`/reservationCulqi/${order._id}`, { token: culqi.token(), email: 'carla@example.com', clientId: randomUUID() });
    const results = await Promise.all([pay(), pay()]);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    // The second either never charged (the order was paid when it arrived) or charged and was given back.
    for (const r of refused) expect(['ORDER_ALREADY_PAID', 'PAYMENT_REFUNDED']).toContain(r.body.code);
    const mine = [...culqi.charges.values()].filter((c) => c.metadata.orderRef === order._id);
    const kept = mine.filter((c) => c.amount_refunded === 0);
    expect(kept).toHaveLength(1);
    const events = (await app.ctx.store.readStream(orderStreamId(order._id))).map((e) => e.type);
    expect(events.filter((t) => t === 'sales.OrderPaid')).toHaveLength(1);
    expect(events.filter((t) => t === 'sales.LatePaymentRefunded')).toHaveLength(mine.length - 1);
  });

  it("a declined card answers Culqi's user_message in Spanish and the order stays reserved; then another card pays", async () => {
    const { buyer, order } = await reserved(1);
    const declined = await buyer.post(`/reservationCulqi/${order._id}`, { token: culqi.declineToken('insufficient_funds'), email: 'carla@example.com', clientId: randomUUID() });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'insufficient_funds', messagePublic: expect.stringContaining('fondos suficientes') });
    const ok = await buyer.post(`/reservationCulqi/${order._id}`, { token: culqi.token(), email: 'carla@example.com', clientId: randomUUID() });
    expect(ok.body.order.status).toBe('paid');
    // Another buyer cannot pay (or see) a signed-in buyer's order.
    const other = await organizer(app.url, 'Otro');
    expect((await other.post(`/reservationCulqi/${order._id}`, { token: culqi.token(), email: 'x@example.com', clientId: randomUUID() })).body.code).toBe('ORDER_NOT_FOUND');
  });

  it('a webhook replayed 10 times (also at once) pays the order once, after reading the charge back', async () => {
    const { order } = await reserved(1);
    const chargeId = await chargeBehindOurBack(order._id, order.total);
    const url = `${app.api}/payments/culqi/webhook`;
    const fetchesBefore = culqi.requests.filter((r) => r.method === 'GET').length;
    const statuses = (await Promise.all([culqi.sendWebhook(url, chargeId, 5), culqi.sendWebhook(url, chargeId, 5)])).flat();
    expect(statuses).toEqual(Array(10).fill(200));
    expect((await orderEvents(order._id)).filter((t) => t === 'sales.OrderPaid')).toHaveLength(1);
    expect(culqi.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(fetchesBefore);
    const rows = await app.ctx.db.selectFrom('payment_webhooks').selectAll().where('provider', '=', 'culqi').execute();
    expect(rows.filter((r) => (r.payload as { chargeId?: string }).chargeId === chargeId)).toHaveLength(1);
    // A malformed webhook is a 400, never a 500.
    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'world' }) });
    expect(bad.status).toBe(400);
  });

  it('late payment: honoured after expiry while the seats are free (held again); refunded and recorded when they are gone', async () => {
    const { ev, order } = await reserved(2, 2);
    await eventually(async () => (await orderEvents(order._id)).includes('sales.OrderExpired'), 20_000);
    const chargeId = await chargeBehindOurBack(order._id, order.total);
    await culqi.sendWebhook(`${app.api}/payments/culqi/webhook`, chargeId);
    const events = await app.ctx.store.readStream(orderStreamId(order._id));
    const paid = events.find((e) => e.type === 'sales.OrderPaid');
    expect(paid?.data).toMatchObject({ late: true, chargeId });
    const quota = (await app.ctx.store.readStream(quotaStreamId(ev.id))).map((e) => e.type);
    expect(quota).toEqual(['sales.SeatsHeld', 'sales.SeatsReleased', 'sales.SeatsHeld']);

    // A second order of the same event expires, its seats are sold to someone else, then its payment arrives.
    const org2 = await organizer(app.url);
    const ev2 = await publishedEvent(org2, { capacity: 2, paid: true, tickets: [{ name: 'General', price: 10, quantity: 10 }] });
    const late = await client(app.url).post('/reservation', { clientId: randomUUID(), eventId: ev2.id, lines: [{ ticketTypeId: ev2.ticketIds[0], quantity: 2 }] });
    await eventually(async () => (await orderEvents(late.body.order._id)).includes('sales.OrderExpired'), 20_000);
    const winner = await client(app.url).post('/reservation', { clientId: randomUUID(), eventId: ev2.id, lines: [{ ticketTypeId: ev2.ticketIds[0], quantity: 2 }] });
    expect(winner.status).toBe(201);
    const lateCharge = await chargeBehindOurBack(late.body.order._id, 2000);
    expect(await culqi.sendWebhook(`${app.api}/payments/culqi/webhook`, lateCharge, 3)).toEqual([200, 200, 200]);
    const lateEvents = await app.ctx.store.readStream(orderStreamId(late.body.order._id));
    expect(lateEvents.map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.OrderExpired', 'sales.LatePaymentRefunded']);
    expect(culqi.charges.get(lateCharge)).toMatchObject({ amount_refunded: 2000 });
    expect(refunds().filter((r) => r.body?.charge_id === lateCharge)).toHaveLength(1);
    const history = await client(app.url).get(`/reservation/${late.body.order._id}?after=${lateEvents.at(-1)!.position}`);
    expect(history.body).toMatchObject({ status: 'expired' });
    expect(history.body.history.map((h: { type: string }) => h.type)).toContain('LatePaymentRefunded');
  }, 60_000);

  it('the team refunds a card order through the provider; the tickets are void and the seats free; cash orders are refunded as recorded', async () => {
    const { org, ev, buyer, order } = await reserved(2, 2);
    const paid = await buyer.post(`/reservationCulqi/${order._id}`, { token: culqi.token(), email: 'carla@example.com', clientId: randomUUID() });
    expect(paid.body.order.status).toBe('paid');
    await eventually(async () => (await buyer.get(`/reservation/${order._id}`)).body.tickets?.length === 2);
    // A cashier (order.read) may not refund; the buyer neither.
    const cashier = await signUpVerified(app, { displayName: 'Cajero' });
    await org.post(`/event/${ev.id}/collaborator`, { email: cashier.email, module: 'store', role: 'cash_register' });
    expect((await client(app.url, cashier).post(`/order/${order._id}/refund`, {})).status).toBe(404);
    expect((await buyer.post(`/order/${order._id}/refund`, {})).body.code).toBe('ORDER_NOT_FOUND');
    const refunded = await org.post(`/order/${order._id}/refund`, { reason: 'Evento pospuesto' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.order.status).toBe('refunded');
    const charge = [...culqi.charges.values()].find((c) => c.metadata.orderRef === order._id)!;
    expect(charge.amount_refunded).toBe(order.total);
    expect((await org.post(`/order/${order._id}/refund`, {})).body.order.status).toBe('refunded');
    expect(refunds().filter((r) => r.body?.charge_id === charge.id)).toHaveLength(1);
    const read = await buyer.get(`/reservation/${order._id}?after=${refunded.body.position}`);
    expect(read.body.tickets.map((t: { status: string }) => t.status)).toEqual(['refunded', 'refunded']);
    // The two seats are free again.
    const next = await client(app.url).post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    expect(next.status).toBe(201);
  });

  it('the buyer cancels an unpaid reservation (seats freed); the team cancels a paid one; a paid order is not the buyer\'s to cancel', async () => {
    const { org, ev, buyer, order } = await reserved(2, 2);
    const c = await buyer.post(`/reservation/${order._id}/cancel`, { clientId: randomUUID() });
    expect(c.body.order.status).toBe('cancelled');
    expect((await app.ctx.store.readStream(quotaStreamId(ev.id))).map((e) => e.type)).toEqual(['sales.SeatsHeld', 'sales.SeatsReleased']);
    const anon = client(app.url) as Client;
    const second = await anon.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    await anon.post(`/reservationCulqi/${second.body.order._id}`, { token: culqi.token(), email: 'anon@example.com', clientId: randomUUID() });
    expect((await anon.post(`/reservation/${second.body.order._id}/cancel`, {})).body.code).toBe('ORDER_NOT_CANCELLABLE');
    await eventually(async () => (await anon.get(`/reservation/${second.body.order._id}`)).body.status === 'paid');
    const team = await org.post(`/order/${second.body.order._id}/cancel`, { reason: 'Duplicado' });
    expect(team.body.order.status).toBe('cancelled');
  });
  it('a new secret key of the card method is used by the next payment (the provider kept per process follows its vault reference)', async () => {
    const { org, ev, buyer, order } = await reserved(1);
    const pay = (orderId: string) => buyer.post(`/reservationCulqi/${orderId}`, { token: culqi.token(), email: 'carla@example.com', clientId: randomUUID() });
    expect((await pay(order._id)).status).toBe(200);
    const methods = await org.get(`/event/${ev.id}/paymentMethods`);
    const pmId = methods.body.data.find((p: { kind: string }) => p.kind === 'card')._id as string;
    expect((await org.put(`/event/${ev.id}/paymentMethod/${pmId}`, { secretKey: 'sk_test_revocada' })).status).toBe(200);
    const next = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    const before = charges();
    const refused = await pay(next.body.order._id);
    // Culqi refused the revoked key: nothing charged, the order still reserved.
    expect(refused.status).not.toBe(200);
    expect(refused.body.messagePublic).toBeTruthy();
    expect([...culqi.charges.values()].filter((c) => c.metadata.orderRef === next.body.order._id)).toHaveLength(0);
    expect((await org.put(`/event/${ev.id}/paymentMethod/${pmId}`, { secretKey: 'sk_test_123' })).status).toBe(200);
    const paid = await pay(next.body.order._id);
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({ status: 'paid' });
    expect(charges() - before).toBeGreaterThanOrEqual(1);
  });
});
