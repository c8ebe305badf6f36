import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { messages } from '../messages/es.js';
import { PROVIDER_OUTCOME_UNKNOWN, PROVIDER_UNAVAILABLE } from './http.js';
import { PaymentError, type ChargeRequest, type PaymentProvider, type RefundRequest } from './port.js';

/**
 * Charges and refunds that happen once per idempotency key, whatever the provider: providers.md names no
 * idempotency header for Culqi (nor for the merchant provider), so the key is claimed in Redis (SET NX) before the
 * call and the outcome stored under it. A second submission with the same key gets the first one's result or
 * error; one arriving while the first is still at the provider waits for it.
 *
 * Outcomes kept: a payment, a decline (the same card token is single-use anyway), an unknown outcome (a time-out
 * after sending: the key stays blocked until someone checks the charge, so the buyer is never charged twice).
 * Released: only PROVIDER_UNAVAILABLE, where the request surely never reached the provider.
 */
export interface IdempotencyOptions {
  /** Key prefix (config.redisPrefix), so test runs and environments share one Redis apart. */
  prefix: string;
  ttlSeconds?: number;
  /** How long a second submission waits for the first before answering "in progress". */
  waitMs?: number;
}

type Stored =
  | { state: 'pending'; fp: string }
  | { state: 'done'; fp: string; result: unknown }
  | { state: 'failed'; fp: string; error: { code: string; messagePublic: string; status: number; merchantMessage?: string; chargeId?: string } };

export function withIdempotentCharges(provider: PaymentProvider, redis: Redis, options: IdempotencyOptions): PaymentProvider {
  const ttl = options.ttlSeconds ?? 24 * 3600;
  const waitMs = options.waitMs ?? 15_000;

  /** What a failed first attempt leaves under its key (see the header comment). */
  async function remember(key: string, fp: string, err: unknown): Promise<void> {
    if (err instanceof PaymentError && err.code === PROVIDER_UNAVAILABLE) {
      await redis.del(key);
    } else if (err instanceof PaymentError) {
      const { code, messagePublic, status, merchantMessage, chargeId } = err;
      await redis.set(key, JSON.stringify({ state: 'failed', fp, error: { code, messagePublic, status, merchantMessage, chargeId } } satisfies Stored), 'EX', ttl);
    } else {
      // A bug or an unparsable answer after the call: the outcome is unknown, keep the key blocked.
      const error = { code: PROVIDER_OUTCOME_UNKNOWN, messagePublic: messages.payments.outcomeUnknown, status: 502 };
      await redis.set(key, JSON.stringify({ state: 'failed', fp, error } satisfies Stored), 'EX', ttl);
    }
  }

  async function once<T>(kind: string, idempotencyKey: string, fingerprint: string, run: () => Promise<T>): Promise<T> {
    const key = `${options.prefix}:payments:${kind}:${provider.name}:${idempotencyKey}`;
    // The key's fingerprint (amount, currency, token...), hashed: a token never lands in Redis in clear.
    const fp = createHash('sha256').update(fingerprint).digest('hex');
    let claimed: string | null;
    try {
      claimed = await redis.set(key, JSON.stringify({ state: 'pending', fp } satisfies Stored), 'EX', ttl, 'NX');
    } catch {
      // No claim, no call: nothing was charged, and the buyer gets a clear answer rather than a 500.
      throw new PaymentError(PROVIDER_UNAVAILABLE, messages.payments.unavailable, 503, provider.name, 'idempotency store unavailable');
    }
    if (claimed === 'OK') {
      let result: T;
      try {
        result = await run();
      } catch (err) {
        await remember(key, fp, err).catch(() => undefined);
        throw err;
      }
      // The money moved: a Redis hiccup now must not turn it into an error. The claim then stays "pending" until
      // its TTL, so a retry waits and answers "in progress" instead of charging again.
      await redis.set(key, JSON.stringify({ state: 'done', fp, result } satisfies Stored), 'EX', ttl).catch(() => undefined);
      return result;
    }
    for (const deadline = Date.now() + waitMs; ; ) {
      const raw = await redis.get(key).catch(() => {
        throw new PaymentError('PAYMENT_IN_PROGRESS', messages.payments.inProgress, 409, provider.name, 'idempotency store unavailable');
      });
      if (raw === null) {
        // Released by a first attempt that never reached the provider: this one may try.
        return once(kind, idempotencyKey, fingerprint, run);
      }
      const stored = JSON.parse(raw) as Stored;
      if (stored.fp !== fp) throw new PaymentError('IDEMPOTENCY_KEY_REUSED', messages.validation.idempotencyKeyReused, 409, provider.name);
      if (stored.state === 'done') return stored.result as T;
      if (stored.state === 'failed') {
        const e = stored.error;
        throw new PaymentError(e.code, e.messagePublic, e.status, provider.name, e.merchantMessage, e.chargeId);
      }
      if (Date.now() > deadline) throw new PaymentError('PAYMENT_IN_PROGRESS', messages.payments.inProgress, 409, provider.name);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const chargeFingerprint = (r: ChargeRequest) => JSON.stringify([r.amountMinor, r.currency, r.sourceToken, r.email]);
  const refundFingerprint = (r: RefundRequest) => JSON.stringify([r.chargeId, r.amountMinor]);

  return {
    name: provider.name,
    charge: (req) => once('charge', req.idempotencyKey, chargeFingerprint(req), () => provider.charge(req)),
    refund: (req) => once('refund', req.idempotencyKey, refundFingerprint(req), () => provider.refund(req)),
    fetchCharge: (chargeId) => provider.fetchCharge(chargeId),
    verifyWebhook: (rawBody, headers) => provider.verifyWebhook(rawBody, headers),
    parseWebhook: (rawBody, headers) => provider.parseWebhook(rawBody, headers),
  };
}
