/**
 * The payment-port contract: every card adapter (Culqi, the merchant provider) passes it, over real HTTP against
 * its local fake. Adapter-specific wire details (Culqi's céntimos and Bearer key, Niubiz's decimals) are asserted
 * in each adapter's own test file through `lastCharge`.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool } from '../../src/db/database.js';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { toErrorBody } from '../../src/http/errors.js';
import { messages } from '../../src/messages/es.js';
import { withIdempotentCharges } from '../../src/payments/idempotency.js';
import { PaymentError, type ChargeRequest, type PaymentProvider } from '../../src/payments/port.js';
import { createWebhookInbox } from '../../src/payments/webhook-inbox.js';
import { createTestDatabase } from '../support/database.js';
import { TEST_REDIS_URL } from '../support/context.js';

export interface ProviderFixture {
  provider: PaymentProvider;
  /** The same adapter pointed at a port where nothing listens. */
  unreachable: PaymentProvider;
  okToken(): string;
  declineToken(declineCode: string): string;
  failToken(): string;
  /** Charge requests that reached the fake, in order. */
  chargeRequests(): number;
  /** Sends the provider's webhook for a charge to `url`, `times` times (as the provider would: same event id). */
  sendWebhook(url: string, chargeId: string, times: number): Promise<number[]>;
  /** The buyer's text the adapter must surface for an insufficient_funds decline. */
  insufficientFundsMessage: string;
  dispose(): Promise<void>;
}

/** A PostgreSQL database holding only the payments migration (this slice does not depend on other modules'). */
async function paymentsDatabase() {
  const database = await createTestDatabase();
  const pool = createPool(database.url, 4);
  await pool.query(await readFile(path.join(MIGRATIONS_DIR, '0610_payments.sql'), 'utf8'));
  return { db: createDb(pool), async drop() { await pool.end(); await database.drop(); } };
}

export function paymentProviderContract(name: string, factory: () => Promise<ProviderFixture>) {
  describe(`payment provider contract: ${name}`, () => {
    let fx: ProviderFixture;
    let redis: Redis;
    let database: Awaited<ReturnType<typeof paymentsDatabase>>;
    const prefix = `aforo-test-payments-${randomUUID()}`;
    const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
      amountMinor: 12_550,
      currency: 'PEN',
      sourceToken: fx.okToken(),
      email: 'comprador@example.pe',
      description: 'Entradas · Concierto de prueba',
      idempotencyKey: randomUUID(),
      metadata: { orderRef: `ord-${randomUUID().slice(0, 8)}` },
      ...over,
    });
    const caught = async (p: Promise<unknown>) => {
      const err = await p.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentError);
      return err as PaymentError;
    };

    beforeAll(async () => {
      fx = await factory();
      redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      database = await paymentsDatabase();
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await database?.drop();
      await fx?.dispose();
    });

    it('charges a card and reads the charge back (amount in minor units, the order reference kept)', async () => {
      const req = request();
      const result = await fx.provider.charge(req);
      expect(result.status).toBe('paid');
      expect(result.chargeId).toMatch(/\S/);
      const snap = await fx.provider.fetchCharge(result.chargeId);
      expect(snap).toMatchObject({ chargeId: result.chargeId, status: 'paid', amountMinor: 12_550, amountRefundedMinor: 0, currency: 'PEN', orderRef: req.metadata.orderRef });
    });

    it("turns a decline into a PaymentError with the decline code and the buyer's Spanish text (402)", async () => {
      const err = await caught(fx.provider.charge(request({ sourceToken: fx.declineToken('insufficient_funds') })));
      expect(err.code).toBe('insufficient_funds');
      expect(err.status).toBe(402);
      expect(err.messagePublic).toBe(fx.insufficientFundsMessage);
      expect(err.provider).toBe(fx.provider.name);
      // What the API's error handler answers for it.
      expect(toErrorBody(err)).toMatchObject({ status: 402, code: 'insufficient_funds', messagePublic: fx.insufficientFundsMessage });
    });

    it('turns an unreachable provider into a clear Spanish error, never a 500', async () => {
      const err = await caught(fx.unreachable.charge(request()));
      expect(err.code).toBe('PROVIDER_UNAVAILABLE');
      expect(err.status).toBe(502);
      expect(err.messagePublic).toMatch(/No pudimos comunicarnos con la pasarela de pago/);
      expect(toErrorBody(err)).toMatchObject({ status: 502, code: 'PROVIDER_UNAVAILABLE', messagePublic: err.messagePublic });
      // Nothing secret in what may be logged.
      expect(`${err.message} ${err.merchantMessage}`).not.toMatch(/sk_|pw_|Bearer|Basic/);
    });

    it('answers a provider failure after the request was sent as an unknown outcome (do not pay again)', async () => {
      const err = await caught(fx.provider.charge(request({ sourceToken: fx.failToken() })));
      expect(err.code).toBe('PROVIDER_OUTCOME_UNKNOWN');
      expect(err.status).toBe(502);
      expect(err.messagePublic).toMatch(/No vuelvas a pagar/);
    });

    it('charges a double-submitted payment once, also when both submissions race', async () => {
      const once = withIdempotentCharges(fx.provider, redis, { prefix });
      const req = request();
      const before = fx.chargeRequests();
      const results = await Promise.all([once.charge(req), once.charge(req), once.charge({ ...req })]);
      const again = await once.charge(req);
      expect(fx.chargeRequests() - before).toBe(1);
      expect(new Set([...results, again].map((r) => r.chargeId)).size).toBe(1);

      // The same key with another amount is a client bug, refused without charging.
      const err = await caught(once.charge({ ...req, amountMinor: 1 }));
      expect(err.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(fx.chargeRequests() - before).toBe(1);
    });

    it('repeats a decline for a double submission without asking the provider again', async () => {
      const once = withIdempotentCharges(fx.provider, redis, { prefix });
      const req = request({ sourceToken: fx.declineToken('expired_card') });
      const before = fx.chargeRequests();
      const first = await caught(once.charge(req));
      const second = await caught(once.charge(req));
      expect(fx.chargeRequests() - before).toBe(1);
      expect([second.code, second.messagePublic, second.status]).toEqual([first.code, first.messagePublic, first.status]);
      expect(first.code).toBe('expired_card');
    });

    it('keeps the key blocked after an unknown outcome, so a retry never charges a second time', async () => {
      const once = withIdempotentCharges(fx.provider, redis, { prefix });
      const req = request({ sourceToken: fx.failToken() });
      const before = fx.chargeRequests();
      expect((await caught(once.charge(req))).code).toBe('PROVIDER_OUTCOME_UNKNOWN');
      expect((await caught(once.charge(req))).code).toBe('PROVIDER_OUTCOME_UNKNOWN');
      expect(fx.chargeRequests() - before).toBe(1);
    });

    it('lets a retry through when the first attempt never reached the provider', async () => {
      const broken = withIdempotentCharges(fx.unreachable, redis, { prefix });
      const working = withIdempotentCharges(fx.provider, redis, { prefix });
      const req = request();
      expect((await caught(broken.charge(req))).code).toBe('PROVIDER_UNAVAILABLE');
      expect((await working.charge(req)).status).toBe('paid');
    });

    it('refunds part then the rest, once per idempotency key', async () => {
      const once = withIdempotentCharges(fx.provider, redis, { prefix });
      const { chargeId } = await once.charge(request({ amountMinor: 10_000 }));
      const key = randomUUID();
      const r1 = await once.refund({ chargeId, amountMinor: 2_500, reason: 'requested_by_buyer', idempotencyKey: key });
      const r1again = await once.refund({ chargeId, amountMinor: 2_500, reason: 'requested_by_buyer', idempotencyKey: key });
      expect(r1again.refundId).toBe(r1.refundId);
      expect(r1).toMatchObject({ chargeId, amountMinor: 2_500 });
      expect(await fx.provider.fetchCharge(chargeId)).toMatchObject({ status: 'partially_refunded', amountRefundedMinor: 2_500 });
      await once.refund({ chargeId, amountMinor: 7_500, reason: 'requested_by_buyer', idempotencyKey: randomUUID() });
      expect(await fx.provider.fetchCharge(chargeId)).toMatchObject({ status: 'refunded', amountRefundedMinor: 10_000 });
      // More than what is left: the provider refuses, as a PaymentError.
      const err = await caught(fx.provider.refund({ chargeId, amountMinor: 100, reason: 'requested_by_buyer', idempotencyKey: randomUUID() }));
      expect([err.status, err.messagePublic]).toEqual([502, messages.payments.refundFailed]);
    });

    it('answers a charge it does not know as a PaymentError 404', async () => {
      const err = await caught(fx.provider.fetchCharge('chr_does_not_exist'));
      expect([err.code, err.status]).toEqual(['charge_not_found', 404]);
    });

    it('normalises a webhook replayed 10 times to one event id, recorded once by the inbox', async () => {
      const { chargeId } = await fx.provider.charge(request());
      const inbox = createWebhookInbox(database.db);
      const outcomes: { eventId: string; firstTime: boolean }[] = [];
      // A real receiver: the fake POSTs over HTTP, the raw body is verified and parsed as the webhooks route will.
      const receiver = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          try {
            const event = fx.provider.parseWebhook(Buffer.concat(chunks), req.headers);
            expect(event).toMatchObject({ provider: fx.provider.name, chargeId, status: 'paid' });
            const { firstTime } = await inbox.record(event);
            outcomes.push({ eventId: event.eventId, firstTime });
            res.writeHead(200).end();
          } catch {
            res.writeHead(400).end();
          }
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/${fx.provider.name}`;
        expect(await fx.sendWebhook(url, chargeId, 10)).toEqual(Array(10).fill(200));
      } finally {
        await new Promise<void>((r) => receiver.close(() => r()));
      }
      expect(outcomes).toHaveLength(10);
      expect(new Set(outcomes.map((o) => o.eventId)).size).toBe(1);
      expect(outcomes.filter((o) => o.firstTime)).toHaveLength(1);
      const rows = await database.db.selectFrom('payment_webhooks').selectAll().where('provider', '=', fx.provider.name).execute();
      expect(rows.map((r) => r.event_id)).toEqual([outcomes[0].eventId]);

      // The same event delivered concurrently is still recorded once.
      const event = { provider: fx.provider.name, eventId: `evt-race-${randomUUID()}`, type: 'x', status: 'paid' as const };
      const raced = await Promise.all(Array.from({ length: 10 }, () => inbox.record(event)));
      expect(raced.filter((r) => r.firstTime)).toHaveLength(1);
    });

    it('refuses a malformed webhook', () => {
      expect(fx.provider.verifyWebhook('{"object":"nothing"}', {})).toBe(false);
      expect(() => fx.provider.parseWebhook('not json', {})).toThrow(PaymentError);
    });
  });
}
