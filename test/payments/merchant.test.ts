import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages/es.js';
import { NIUBIZ, createMerchantProvider, purchaseNumberOf, type MerchantOptions } from '../../src/payments/merchant.js';
import { PaymentError } from '../../src/payments/port.js';
import { startFakeMerchant, type FakeMerchant } from '../support/fake-merchant.js';
import { paymentProviderContract } from './contract.js';

const options = (fake: FakeMerchant, over: Partial<MerchantOptions> = {}): MerchantOptions => ({
  merchantId: fake.merchantId,
  mode: 'sandbox',
  credentials: fake.credentials,
  webhookSecret: fake.webhookSecret,
  baseUrl: fake.url,
  ...over,
});

paymentProviderContract('merchant (Niubiz)', async () => {
  const fake = await startFakeMerchant();
  const gone = await startFakeMerchant();
  await gone.close();
  return {
    provider: createMerchantProvider(options(fake)),
    unreachable: createMerchantProvider(options(fake, { baseUrl: gone.url })),
    okToken: () => fake.token('ok'),
    declineToken: (code) => fake.declineToken(code),
    failToken: () => fake.token('fail'),
    chargeRequests: () => fake.requests.filter((r) => r.path === NIUBIZ.authorization(fake.merchantId)).length,
    sendWebhook: (url, chargeId, times) => fake.sendWebhook(url, chargeId, times),
    insufficientFundsMessage: messages.payments.declinedBy.insufficient_funds,
    dispose: () => fake.close(),
  };
});

describe('merchant adapter on the wire', () => {
  let fake: FakeMerchant;
  beforeAll(async () => {
    fake = await startFakeMerchant();
  });
  afterAll(() => fake.close());

  it('gets a security token with Basic credentials once, then authorizes in decimal units with the purchase number of the key', async () => {
    const provider = createMerchantProvider(options(fake));
    const token = fake.token();
    await provider.charge({ amountMinor: 10_050, currency: 'PEN', sourceToken: token, email: 'a@b.pe', description: 'Entrada', idempotencyKey: 'k-1', metadata: { orderRef: 'ord-1' } });
    await provider.charge({ amountMinor: 200, currency: 'USD', sourceToken: fake.token(), email: 'a@b.pe', description: 'Entrada', idempotencyKey: 'k-2', metadata: {} });
    expect(fake.requests.filter((r) => r.path === NIUBIZ.security)).toHaveLength(1);
    const auths = fake.requests.filter((r) => r.path === NIUBIZ.authorization(fake.merchantId));
    expect(auths[0].body).toMatchObject({ channel: 'web', order: { tokenId: token, amount: 100.5, currency: 'PEN', purchaseNumber: purchaseNumberOf('k-1') } });
    expect(auths[1].body).toMatchObject({ order: { amount: 2, currency: 'USD' } });
    expect(auths[0].headers.authorization).toMatch(/^eyJ/);
    expect(purchaseNumberOf('k-1')).toMatch(/^\d{12}$/);
  });

  it('gets a new security token when the one it holds has expired, and charges once', async () => {
    const provider = createMerchantProvider(options(fake));
    const charge = () =>
      provider.charge({ amountMinor: 1_000, currency: 'PEN', sourceToken: fake.token(), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} });
    await charge();
    const securityCalls = () => fake.requests.filter((r) => r.path === NIUBIZ.security).length;
    const before = { security: securityCalls(), transactions: fake.transactions.size };
    fake.expireAccessTokens();
    expect((await charge()).status).toBe('paid');
    expect(securityCalls() - before.security).toBe(1);
    expect(fake.transactions.size - before.transactions).toBe(1);
  });

  it('creates the session token the browser checkout needs', async () => {
    const provider = createMerchantProvider(options(fake));
    expect((await provider.createSession(4_500, '127.0.0.1')).sessionKey).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.requests.at(-1)).toMatchObject({ path: NIUBIZ.session(fake.merchantId), body: { channel: 'web', amount: 45, antifraud: { clientIp: '127.0.0.1' } } });
  });

  it('answers wrong credentials as a configuration problem, in Spanish', async () => {
    const provider = createMerchantProvider(options(fake, { credentials: { user: 'x', password: 'pw_wrong' } }));
    const err = await provider.charge({ amountMinor: 1_000, currency: 'PEN', sourceToken: fake.token(), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentError);
    expect(err).toMatchObject({ code: 'authentication_error', status: 502, messagePublic: messages.payments.notConfigured });
  });

  it('refuses a webhook whose signature does not match its body', async () => {
    const provider = createMerchantProvider(options(fake));
    const { chargeId } = await provider.charge({ amountMinor: 1_000, currency: 'PEN', sourceToken: fake.token(), email: 'a@b.pe', description: 'x', idempotencyKey: randomUUID(), metadata: {} });
    const { body, headers } = fake.chargeEvent(chargeId);
    expect(provider.verifyWebhook(body, headers)).toBe(true);
    expect(provider.verifyWebhook(body.replace('Authorized', 'Refunded'), headers)).toBe(false);
    expect(provider.verifyWebhook(body, { ...headers, [NIUBIZ.signatureHeader]: undefined })).toBe(false);
    expect(() => createMerchantProvider(options(fake, { webhookSecret: 'other' })).parseWebhook(body, headers)).toThrow(PaymentError);
  });
});
