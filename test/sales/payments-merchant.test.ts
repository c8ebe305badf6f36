import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { NIUBIZ } from '../../src/payments/merchant.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeMerchant, type FakeMerchant } from '../support/fake-merchant.js';
import { client, organizer } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

/** The second card provider (merchant and mode) through the local fake: the same rules as Culqi's. */
describe('merchant provider payments', () => {
  let merchant: FakeMerchant;
  let app: TestApp;
  beforeAll(async () => {
    merchant = await startFakeMerchant();
    app = await startTestApp({
      env: {
        MERCHANT_API_URL: merchant.url,
        MERCHANT_API_USER: merchant.credentials.user,
        MERCHANT_API_PASSWORD: merchant.credentials.password,
        MERCHANT_WEBHOOK_SECRET: merchant.webhookSecret,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await merchant?.close();
  });
  const authorizations = () => merchant.requests.filter((r) => r.method === 'POST' && r.path.includes('/authorization/')).length;

  async function merchantOrder() {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 10, paid: true, tickets: [{ name: 'General', price: 80, quantity: 10 }] });
    expect((await org.post(`/event/${ev.id}/paymentMethod`, { kind: 'merchant', merchantId: merchant.merchantId, mode: 'sandbox' })).status).toBe(201);
    const anon = client(app.url);
    const r = await anon.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    return { org, ev, anon, order: r.body.order as { _id: string; total: number }, position: r.body.position as string };
  }

  it('exposes merchant id and mode, opens a session, authorizes once although submitted twice; a decline is Spanish', async () => {
    const { anon, order, position } = await merchantOrder();
    const info = await anon.get(`/reservation/${order._id}?after=${position}`);
    // The browser's checkout script follows the event's mode (MERCHANT_CHECKOUT_URL is not set here).
    expect(info.body.payment).toMatchObject({ merchantId: merchant.merchantId, merchantMode: 'sandbox', merchantCheckoutUrl: NIUBIZ.checkoutScripts.sandbox });
    const session = await anon.post(`/reservation/${order._id}/merchant/session`, {});
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ sessionKey: expect.any(String), amount: 8000, currency: 'PEN', merchantId: merchant.merchantId });

    const declined = await anon.post(`/reservation/${order._id}/merchant`, { transactionToken: merchant.declineToken('insufficient_funds'), email: 'm@example.com', clientId: randomUUID() });
    expect(declined.status).toBe(402);
    expect(declined.body.messagePublic).toContain('fondos suficientes');

    const before = authorizations();
    const body = { transactionToken: merchant.token(), email: 'm@example.com', clientId: randomUUID() };
    const [a, b] = await Promise.all([anon.post(`/reservation/${order._id}/merchant`, body), anon.post(`/reservation/${order._id}/merchant`, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.order).toMatchObject({ status: 'paid', paymentMethod: 'merchant' });
    // The same attempt resubmitted after the first finished gets the paid order back, with no new charge.
    const again = await anon.post(`/reservation/${order._id}/merchant`, body);
    expect(again.status).toBe(200);
    expect(again.body.order).toMatchObject({ status: 'paid' });
    expect(authorizations() - before).toBe(1);
  });

  it('a session asked with the payment’s client id gives the purchase number its authorization uses; the CSP allows the checkout script', async () => {
    const { anon, order } = await merchantOrder();
    const clientId = randomUUID();
    const session = await anon.post(`/reservation/${order._id}/merchant/session`, { clientId });
    expect(session.status).toBe(200);
    expect(session.body.purchaseNumber).toMatch(/^\d{12}$/);
    const paid = await anon.post(`/reservation/${order._id}/merchant`, { transactionToken: merchant.token(), email: 'm@example.com', clientId });
    expect(paid.status).toBe(200);
    const auth = merchant.requests.filter((r) => r.path.includes('/authorization/')).at(-1)!;
    expect((auth.body?.order as { purchaseNumber: string }).purchaseNumber).toBe(session.body.purchaseNumber);
    // A session for a paid order is refused in Spanish.
    const late = await anon.post(`/reservation/${order._id}/merchant/session`, { clientId: randomUUID() });
    expect(late.status).toBe(409);
    expect(late.body.messagePublic).toEqual(expect.any(String));

    const csp = (await fetch(app.url + '/')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(name + ' ')) ?? '';
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(name)).toContain(new URL(NIUBIZ.checkoutScripts.sandbox).origin);
      expect(directive(name)).toContain(new URL(NIUBIZ.checkoutScripts.production).origin);
    }
  });

  it('its signed webhook, replayed, changes nothing more; a forged signature is refused; the team refunds through it', async () => {
    const { org, ev, anon, order } = await merchantOrder();
    const paid = await anon.post(`/reservation/${order._id}/merchant`, { transactionToken: merchant.token(), email: 'm@example.com', clientId: randomUUID() });
    const tx = [...merchant.transactions.values()].find((t) => t.metadata.orderRef === order._id)!;
    const url = `${app.api}/payments/merchant/webhook/${ev.id}`;
    expect(await merchant.sendWebhook(url, tx.transactionId, 10)).toEqual(Array(10).fill(200));
    expect((await app.ctx.store.readStream(orderStreamId(order._id))).filter((e) => e.type === 'sales.OrderPaid')).toHaveLength(1);
    const { body } = merchant.chargeEvent(tx.transactionId);
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-niubiz-signature': 'ab'.repeat(32) }, body });
    expect(forged.status).toBe(400);

    // The team's routes read the order from the read model: wait for the payment there.
    await org.get(`/reservation/${order._id}?after=${paid.body.position}`);
    const refunded = await org.post(`/order/${order._id}/refund`, {});
    expect(refunded.body.order.status).toBe('refunded');
    expect(merchant.transactions.get(tx.transactionId)).toMatchObject({ refundedAmount: 80 });
  });
});
