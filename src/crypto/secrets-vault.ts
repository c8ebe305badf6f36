import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * The one place secrets of any module live (payment-provider keys, WhatsApp tokens, SMTP passwords, API keys).
 *
 * Envelope encryption, AES-256-GCM: each secret has its own random data key; the secret is encrypted under it and
 * the data key is stored wrapped under SECRETS_MASTER_KEY, both in one row of `secrets` keyed by a reference the
 * caller chooses. Events carry the reference, never the secret nor its ciphertext: the log is immutable and
 * copied around (KurrentDB, backups), while a secret must be erasable and its key rotatable. A rotation rewrites
 * the wrapped data keys only (`rewrapAllSecrets`, `npm run secrets:rewrap`); nothing in the log changes.
 * The master key is dedicated to secrets: never derived from JWT_SECRET, never the PII master key.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** A stored data key is [0x01][IV][GCM tag][wrapped key]; a stored secret is [0x01][IV][GCM tag][ciphertext]. */
const V1 = 0x01;
const WRAPPED_BYTES = 1 + IV_BYTES + TAG_BYTES + KEY_BYTES;
const MAX_REF_LENGTH = 400;

/** The process's master keys: `current` wraps every data key stored; `previous` (during a rotation) only unwraps. */
export interface SecretsMasterKeys {
  current: Buffer;
  previous?: Buffer;
}

let processKeys: SecretsMasterKeys | null = null;

/** Called once per process by createContext: callers of createSecretsVault only hold a db or a transaction. */
export function setSecretsMasterKeys(keys: SecretsMasterKeys): void {
  for (const k of [keys.current, keys.previous]) {
    if (k !== undefined && k.length !== KEY_BYTES) throw new Error('A secrets master key must be 32 bytes');
  }
  processKeys = keys;
}

export interface SecretsVault {
  /**
   * Encrypts and keeps `plaintext` under `ref` (`<module>.<what>/<ids...>`, e.g. `events.payment-method/<event>/<id>/<n>`).
   * Replaces a secret already stored under `ref`, unless `ifAbsent`; answers whether it wrote.
   */
  store(ref: string, plaintext: string, options?: { ifAbsent?: boolean }): Promise<boolean>;
  /** The clear secret, or null when nothing is stored under `ref` (never stored, or forgotten). */
  reveal(ref: string): Promise<string | null>;
  /** Deletes the secret: it cannot be read again by anyone. */
  forget(ref: string): Promise<void>;
  /** Deletes every secret whose reference starts with `prefix` (all of one entity's, e.g. a removed payment method). */
  forgetAll(prefix: string): Promise<number>;
}

/** What a screen may show of a secret: its last characters, and none of a short one (a masked PIN reveals too much). */
export function maskSecret(plaintext: string, visible = 4): string {
  const chars = [...plaintext];
  return '••••' + (chars.length >= visible * 3 ? chars.slice(-visible).join('') : '');
}

/** The reference is bound to both halves of its row: a row copied under another reference does not open. */
const keyAad = (ref: string) => Buffer.from(`secret-key:v1:${ref}`, 'utf8');
const secretAad = (ref: string) => Buffer.from(`secret:v1:${ref}`, 'utf8');

function seal(key: Buffer, aad: Buffer, clear: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(clear), cipher.final()]);
  return Buffer.concat([Buffer.of(V1), iv, cipher.getAuthTag(), body]);
}

/** The clear bytes, or null when `key` is not the key that sealed them (or they were altered or moved). */
function open(key: Buffer, aad: Buffer, sealed: Buffer): Buffer | null {
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== V1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

function checkRef(ref: string): void {
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > MAX_REF_LENGTH) {
    throw new Error(`A secret reference must be 1 to ${MAX_REF_LENGTH} characters`);
  }
}

function unwrapWith(keys: SecretsMasterKeys, ref: string, stored: Buffer): { key: Buffer; underPrevious: boolean } | null {
  if (stored.length !== WRAPPED_BYTES) return null;
  const key = open(keys.current, keyAad(ref), stored);
  if (key) return { key, underPrevious: false };
  const old = keys.previous ? open(keys.previous, keyAad(ref), stored) : null;
  return old ? { key: old, underPrevious: true } : null;
}

/**
 * The vault over a Kysely instance or a transaction. Nothing is cached: another process may have replaced,
 * forgotten or re-wrapped a secret a moment ago. A row neither master key opens throws (a wrong
 * SECRETS_MASTER_KEY must be loud, not read as "no secret").
 */
export function createSecretsVault(db: Kysely<DB>, keys: SecretsMasterKeys | null = processKeys): SecretsVault {
  if (!keys) throw new Error('Secrets vault used before a master key was configured: createContext must run first (SECRETS_MASTER_KEY)');
  const master = keys;

  return {
    async store(ref, plaintext, options = {}) {
      checkRef(ref);
      const dataKey = randomBytes(KEY_BYTES);
      const row = {
        ref,
        data_key: seal(master.current, keyAad(ref), dataKey),
        cipher: seal(dataKey, secretAad(ref), Buffer.from(plaintext, 'utf8')),
      };
      const insert = db.insertInto('secrets').values(row);
      const r = await (options.ifAbsent
        ? insert.onConflict((oc) => oc.column('ref').doNothing())
        : insert.onConflict((oc) => oc.column('ref').doUpdateSet({ data_key: row.data_key, cipher: row.cipher, updated_at: new Date() }))
      ).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async reveal(ref) {
      checkRef(ref);
      const row = await db.selectFrom('secrets').select(['data_key', 'cipher']).where('ref', '=', ref).executeTakeFirst();
      if (!row) return null;
      const opened = unwrapWith(master, ref, row.data_key);
      if (!opened) {
        throw new Error(
          `Secret "${ref}" cannot be unwrapped: SECRETS_MASTER_KEY${master.previous ? ' and SECRETS_MASTER_KEY_PREVIOUS are not' : ' is not'} ` +
            'the master key it was stored under (or the row was altered)',
        );
      }
      const clear = open(opened.key, secretAad(ref), row.cipher);
      if (!clear) throw new Error(`Secret "${ref}" does not decrypt under its own data key: the row was altered`);
      if (opened.underPrevious) {
        // Re-wrapped under the current key on the way; conditional, so a concurrent replace or forget wins.
        await db
          .updateTable('secrets')
          .set({ data_key: seal(master.current, keyAad(ref), opened.key) })
          .where('ref', '=', ref)
          .where('data_key', '=', row.data_key)
          .execute();
      }
      return clear.toString('utf8');
    },

    async forget(ref) {
      checkRef(ref);
      await db.deleteFrom('secrets').where('ref', '=', ref).execute();
    },

    async forgetAll(prefix) {
      // An empty prefix would erase every module's secrets.
      checkRef(prefix);
      const r = await db.deleteFrom('secrets').where(sql<boolean>`starts_with(ref, ${prefix})`).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export interface SecretsRewrapReport {
  /** Rows looked at. */
  checked: number;
  /** Rows whose data key was under the previous master key and now is under the current one. */
  rewrapped: number;
  /** References whose data key neither master key opens: left untouched, to be looked into. */
  unreadable: string[];
}

/**
 * After a rotation (`SECRETS_MASTER_KEY` new, `SECRETS_MASTER_KEY_PREVIOUS` the old one), re-wraps every data key
 * under the current master key instead of waiting for each secret to be read, so that the previous key can be
 * retired as soon as this reports no unreadable row. The secrets themselves are not re-encrypted (their data keys
 * do not change). Pages by reference; each row is replaced by a conditional update (a concurrent reader
 * re-wrapping, a replace or a forget wins), so it is safe while the app runs.
 */
export async function rewrapAllSecrets(
  db: Kysely<DB>,
  keys: SecretsMasterKeys | null = processKeys,
  pageSize = 500,
): Promise<SecretsRewrapReport> {
  if (!keys) throw new Error('Secrets re-wrap needs the master keys (SECRETS_MASTER_KEY, and SECRETS_MASTER_KEY_PREVIOUS during a rotation)');
  const report: SecretsRewrapReport = { checked: 0, rewrapped: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('secrets')
      .select(['ref', 'data_key'])
      .where('ref', '>', after)
      .orderBy('ref')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return report;
    for (const { ref, data_key: stored } of rows) {
      report.checked++;
      const opened = unwrapWith(keys, ref, stored);
      if (!opened) {
        report.unreadable.push(ref);
        continue;
      }
      if (!opened.underPrevious) continue;
      const r = await db
        .updateTable('secrets')
        .set({ data_key: seal(keys.current, keyAad(ref), opened.key) })
        .where('ref', '=', ref)
        .where('data_key', '=', stored)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) report.rewrapped++;
    }
    after = rows[rows.length - 1].ref;
  }
}
