import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createSecretsVault } from '../../crypto/secrets-vault.js';
import type { DB } from '../../db/schema.js';
import type { EventStore } from '../../eventstore/port.js';

/**
 * Payment-provider secret keys live in the secrets vault (src/crypto/secrets-vault.ts); the card method's
 * `secretKeyCipher` in the log holds only `vault:<ref>`, the reference of its row. The API never answers a secret.
 *
 * Legacy: events written before the vault hold `sec:v1:<base64>`, AES-256-GCM under a key derived (HKDF) from
 * JWT_SECRET. Such a value is moved into the vault under a reference derived from the ciphertext itself (the event
 * cannot be rewritten), either when first read or by `npm run secrets:rewrap`; from then on it is read from the
 * vault, so JWT_SECRET may change without losing it.
 */
const VAULT_PREFIX = 'vault:';
const LEGACY_PREFIX = 'sec:v1:';

/** Every reference of a payment method starts with its event and id (method ids are unique only inside an event). */
const refPrefix = (eventId: string, paymentMethodId: string) => `events.payment-method/${eventId}/${paymentMethodId}/`;

/** Where a legacy ciphertext is kept once moved: a pure function of the value in the log, so every reader finds it. */
const legacyRef = (eventId: string, paymentMethodId: string, payload: string) =>
  refPrefix(eventId, paymentMethodId) + 'legacy-' + createHash('sha256').update(payload, 'utf8').digest('hex').slice(0, 32);

/**
 * Stores a new secret key of a payment method and answers the value its event carries as `secretKeyCipher`.
 * Every value gets a fresh reference: a row is never overwritten, so an event in the log never changes meaning
 * and a command that fails after this call leaves the secret its method had untouched.
 */
export async function storePaymentSecret(
  ctx: { db: Kysely<DB>; newId: () => string },
  eventId: string,
  paymentMethodId: string,
  secretKey: string,
): Promise<string> {
  const ref = refPrefix(eventId, paymentMethodId) + ctx.newId();
  await createSecretsVault(ctx.db).store(ref, secretKey, { ifAbsent: true });
  return VAULT_PREFIX + ref;
}

/**
 * Awaits the command that was to record `stored` (from storePaymentSecret); when it failed or recorded other
 * events (a retry answered with the first attempt's), the row is deleted instead of lingering unreferenced.
 */
export async function settlePaymentSecret<R extends { events: unknown[] }>(db: Kysely<DB>, stored: string | null, command: Promise<R>): Promise<R> {
  const forget = () => (stored?.startsWith(VAULT_PREFIX) ? createSecretsVault(db).forget(stored.slice(VAULT_PREFIX.length)) : undefined);
  let result: R;
  try {
    result = await command;
  } catch (err) {
    await forget()?.catch(() => undefined);
    throw err;
  }
  if (stored && !JSON.stringify(result.events).includes(JSON.stringify(stored))) await forget()?.catch(() => undefined);
  return result;
}

/** Deletes every secret a payment method ever had (vault and moved legacy values), once it is removed. */
export async function forgetPaymentSecrets(db: Kysely<DB>, eventId: string, paymentMethodId: string): Promise<void> {
  await createSecretsVault(db).forgetAll(refPrefix(eventId, paymentMethodId));
}

/**
 * The clear secret key of a card payment method, from the `secretKeyCipher` of its latest event; null when there
 * is none or it cannot be read (a value of another method, a forgotten row, a legacy value whose JWT_SECRET is
 * gone). Throws when the vault's master keys do not open the row (wrong SECRETS_MASTER_KEY).
 */
export async function revealPaymentSecret(
  ctx: { db: Kysely<DB>; config: { jwtSecret?: string } },
  eventId: string,
  paymentMethodId: string,
  stored: string | null | undefined,
): Promise<string | null> {
  if (!stored) return null;
  const vault = createSecretsVault(ctx.db);
  if (stored.startsWith(VAULT_PREFIX)) {
    const ref = stored.slice(VAULT_PREFIX.length);
    // The reference is bound to the method, as the legacy ciphertext was through its associated data.
    if (!ref.startsWith(refPrefix(eventId, paymentMethodId))) return null;
    return vault.reveal(ref);
  }
  if (!stored.startsWith(LEGACY_PREFIX)) return null;
  const ref = legacyRef(eventId, paymentMethodId, stored);
  const moved = await vault.reveal(ref);
  if (moved !== null) return moved;
  const clear = ctx.config.jwtSecret ? decryptLegacySecret(ctx.config.jwtSecret, paymentMethodId, stored) : null;
  if (clear !== null) await vault.store(ref, clear, { ifAbsent: true });
  return clear;
}

export interface LegacyMigrationReport {
  /** Distinct legacy values found in the log. */
  found: number;
  /** Moved into the vault by this run. */
  moved: number;
  /** Already in the vault (an earlier run or read). */
  alreadyMoved: number;
  /** `<eventId>/<paymentMethodId>` of values the current JWT_SECRET does not open: not moved. */
  unreadable: string[];
}

/**
 * Moves every legacy (JWT_SECRET-derived) payment secret of the log into the vault: one paged pass over the whole
 * log, the only place those values are. Idempotent and safe while the app runs (rows are only added, if absent).
 */
export async function moveLegacyPaymentSecrets(
  ctx: { db: Kysely<DB>; store: EventStore; config: { jwtSecret?: string } },
  pageSize = 1000,
): Promise<LegacyMigrationReport> {
  const report: LegacyMigrationReport = { found: 0, moved: 0, alreadyMoved: 0, unreadable: [] };
  const vault = createSecretsVault(ctx.db);
  const seen = new Set<string>();
  let after: string | null = null;
  for (let waits = 0; ; ) {
    const page = await ctx.store.readAll({ after, maxCount: pageSize });
    if (page.events.length === 0) {
      // Committed events held back by an open transaction: they may be legacy ones too; wait a little for them.
      if (page.behind && waits++ < 100) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      return report;
    }
    after = page.last;
    for (const e of page.events) {
      if (e.type !== 'events.PaymentMethodAdded' && e.type !== 'events.PaymentMethodChanged') continue;
      const { eventId, paymentMethodId, method } = e.data as { eventId: string; paymentMethodId: string; method: { kind: string; secretKeyCipher?: unknown } };
      const payload = method?.kind === 'card' ? method.secretKeyCipher : undefined;
      if (typeof payload !== 'string' || !payload.startsWith(LEGACY_PREFIX)) continue;
      const ref = legacyRef(eventId, paymentMethodId, payload);
      // A change of another field copies the method, legacy value included, into the next event.
      if (seen.has(ref)) continue;
      seen.add(ref);
      report.found++;
      if ((await ctx.db.selectFrom('secrets').select('ref').where('ref', '=', ref).executeTakeFirst()) !== undefined) {
        report.alreadyMoved++;
        continue;
      }
      const clear = ctx.config.jwtSecret ? decryptLegacySecret(ctx.config.jwtSecret, paymentMethodId, payload) : null;
      if (clear === null) {
        report.unreadable.push(`${eventId}/${paymentMethodId}`);
        continue;
      }
      if (await vault.store(ref, clear, { ifAbsent: true })) report.moved++;
      else report.alreadyMoved++;
    }
  }
}

/** The pre-vault format, read only to move values into the vault: AES-256-GCM, payment method id as associated data. */
function decryptLegacySecret(jwtSecret: string, paymentMethodId: string, payload: string): string | null {
  try {
    const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'aforo', 'events.payment-secrets', 32));
    const raw = Buffer.from(payload.slice(LEGACY_PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(paymentMethodId, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
