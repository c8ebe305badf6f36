import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCulqiProvider } from '../../src/payments/culqi.js';
import { PaymentError } from '../../src/payments/port.js';
import { CULQI_USER_MESSAGES, startFakeCulqi, type FakeCulqi } from '../support/fake-culqi.js';
import { paymentProviderContract } from './contract.js';

/** A port where nothing listens: bound then closed. */
async function closedPortUrl() {
  const fake = await startFakeCulqi();
  await fake.close();
  return fake.url;
}

paymentProviderContract('culqi', async () => {
  const fake = await startFakeCulqi();
  return {
    provider: createCulqiProvider({ secretKey: fake.secretKey, baseUrl: fake.url }),
    unreachable: createCulqiProvider({ secretKey: fake.secretKey, baseUrl: await closedPortUrl() }),
    okToken: () => fake.token('ok'),
    declineToken: (code) => fake.declineToken(code),
    failToken: () => fake.token('fail'),
    chargeRequests: () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/charges').length,
    sendWebhook: (url, chargeId, times) => fake.sendWebhook(url, chargeId, times),
    insufficientFundsMessage: CULQI_USER_MESSAGES.insufficient_funds,
    dispose: () => fake.close(),
  };
});

describe('Culqi adapter on the wire', () => {
  let fake: FakeCulqi;
  beforeAll(async () => {
    fake = await startFakeCulqi();
  });
  afterAll(() => fake.close());

  it('POSTs /v2/charges with the secret key as Bearer, the amount in céntimos, source_id, email, currency_code and metadata', async () => {
    const culqi = createCulqiProvider({ secretKey: fake.secretKey, baseUrl: fake.url + '/' });
    const token = fake.token();
    const { chargeId } = await culqi.charge({
      amountMinor: 10_000,
      currency: 'PEN',
      sourceToken: token,
      email: 'ana@example.pe',
      description: 'Entrada general',
      idempotencyKey: 'attempt-1',
      metadata: { orderRef: 'ord-42' },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v2/charges');
    expect(sent.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toMatchObject({ amount: 10_000, currency_code: 'PEN', source_id: token, email: 'ana@example.pe', metadata: { orderRef: 'ord-42', idempotencyKey: 'attempt-1' } });
    expect(fake.charges.get(chargeId)?.amount).toBe(10_000);

    await culqi.fetchCharge(chargeId);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/charges/${chargeId}` });
    await culqi.refund({ chargeId, amountMinor: 1_000, reason: 'requested_by_buyer', idempotencyKey: 'r-1' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/refunds', body: { amount: 1_000, charge_id: chargeId, reason: 'solicitud_comprador' } });
  });

  it("shows Culqi's own user_message for a decline, keeps merchant_message and the declined charge's id apart", async () => {
    const culqi = createCulqiProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
    const err = await culqi
      .charge({ amountMinor: 5_000, currency: 'USD', sourceToken: fake.declineToken('stolen_card'), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} })
      .then(() => null, (e: unknown) => e as PaymentError);
    expect(err).toBeInstanceOf(PaymentError);
    if (!err) return;
    expect(err).toMatchObject({ code: 'stolen_card', status: 402, messagePublic: CULQI_USER_MESSAGES.stolen_card, merchantMessage: 'La tarjeta fue rechazada (stolen_card).' });
    expect(err.chargeId).toMatch(/^chr_test_/);
  });

  it('answers a wrong secret key as the organizer’s configuration problem, in Spanish, without the key', async () => {
    const culqi = createCulqiProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.url });
    const err = await culqi
      .charge({ amountMinor: 5_000, currency: 'PEN', sourceToken: fake.token(), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} })
      .then(() => null, (e: unknown) => e as PaymentError);
    if (!err) throw new Error('a charge with a wrong key went through');
    expect(err).toMatchObject({ code: 'authentication_error', status: 502 });
    // Culqi's user_message wins over ours when it gives one.
    expect(err.messagePublic).toBe('Error de autenticación.');
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('sk_test_wrong');
  });

  it('parses order.status.changed webhooks (data is a JSON string) to the order number and its state', () => {
    const culqi = createCulqiProvider({ secretKey: fake.secretKey, baseUrl: fake.url });
    const body = JSON.stringify({
      object: 'event',
      id: 'evt_live_1',
      type: 'order.status.changed',
      creation_date: Date.now(),
      data: JSON.stringify({ object: 'order', id: 'ord_live_1', order_number: 'A-1001', state: 'paid', amount: 3_000 }),
    });
    expect(culqi.parseWebhook(body, {})).toEqual({ provider: 'culqi', eventId: 'evt_live_1', type: 'order.status.changed', orderRef: 'A-1001', status: 'paid' });
    const expired = body.replace('\\"paid\\"', '\\"expired\\"');
    expect(culqi.parseWebhook(expired, {}).status).toBe('expired');
  });

  it('answers a provider that takes the request and never replies: charge outcome unknown, reads unavailable', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = http.createServer(() => undefined); // Holds every request open, as a hung upstream would.
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const culqi = createCulqiProvider({ secretKey: fake.secretKey, baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      const charge = await culqi
        .charge({ amountMinor: 5_000, currency: 'PEN', sourceToken: fake.token(), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} })
        .then(() => null, (e: unknown) => e);
      expect(charge).toBeInstanceOf(PaymentError);
      expect(charge).toMatchObject({ code: 'PROVIDER_OUTCOME_UNKNOWN', status: 502 });
      const read = await culqi.fetchCharge('chr_x').then(() => null, (e: unknown) => e);
      expect(read).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', status: 502 });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
