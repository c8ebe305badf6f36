import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Prefix of every encrypted value, so a reader can tell ciphertext from clear text and the format version. */
const PREFIX = 'pii:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/**
 * A stored key is [version 0x01][IV][GCM tag][wrapped key], AES-256-GCM under the master key. The old code
 * stored the 32 clear bytes: a row of exactly that length is a legacy key, re-wrapped the first time it is read.
 */
const WRAP_V1 = 0x01;
const WRAPPED_BYTES = 1 + IV_BYTES + TAG_BYTES + KEY_BYTES;

/** The process's master keys: `current` wraps every key stored; `previous` (during a rotation) only unwraps. */
export interface PiiMasterKeys {
  current: Buffer;
  previous?: Buffer;
}

let processKeys: PiiMasterKeys | null = null;

/** Called once per process by createContext: callers of createPiiVault only hold a db or a transaction. */
export function setPiiMasterKeys(keys: PiiMasterKeys): void {
  for (const k of [keys.current, keys.previous]) {
    if (k !== undefined && k.length !== KEY_BYTES) throw new Error('A PII master key must be 32 bytes');
  }
  processKeys = keys;
}

export interface PiiVault {
  /** Encrypts `value` with the subject's key (created on first use). */
  encrypt(subjectId: string, value: string): Promise<string>;
  /** The clear value, or null once the subject's key was forgotten (crypto-shredding) or the payload is foreign. */
  decrypt(subjectId: string, payload: string): Promise<string | null>;
  /** Deletes the subject's key: every value ever encrypted for it becomes unreadable, in the log too. */
  forget(subjectId: string): Promise<void>;
}

export function isEncrypted(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The subject id is bound to its wrapped key: a wrapped key copied onto another subject's row does not open. */
const wrapAad = (subjectId: string) => Buffer.from(`pii-key:v1:${subjectId}`, 'utf8');

function wrap(master: Buffer, subjectId: string, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(wrapAad(subjectId));
  const wrapped = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([Buffer.of(WRAP_V1), iv, cipher.getAuthTag(), wrapped]);
}

/** The clear key, or null when `master` is not the key that wrapped it (or the row was tampered with or moved). */
function unwrap(master: Buffer, subjectId: string, stored: Buffer): Buffer | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', master, stored.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(wrapAad(subjectId));
    decipher.setAuthTag(stored.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

/**
 * Personal data inside events is encrypted with AES-256-GCM under a per-subject key kept in `pii_keys`, outside
 * the append-only log; each key is stored wrapped under the master key (PII_MASTER_KEY), so a database dump
 * alone reads nothing. Keys are not cached: another process may have shredded one a moment ago.
 * Works over a Kysely instance or a transaction (projections decrypt inside their batch transaction).
 * A key that none of the master keys opens throws rather than reading as shredded: a wrong PII_MASTER_KEY must
 * stop the process, not make projections drop everyone's personal data.
 */
export function createPiiVault(db: Kysely<DB>, keys: PiiMasterKeys | null = processKeys): PiiVault {
  if (!keys) throw new Error('PII vault used before a master key was configured: createContext must run first (PII_MASTER_KEY)');
  const master = keys;

  /** Replaces `stored` with the key wrapped under the current master key; a no-op if another reader did it first. */
  async function rewrap(subjectId: string, stored: Buffer, key: Buffer): Promise<void> {
    await db
      .updateTable('pii_keys')
      .set({ key: wrap(master.current, subjectId, key) })
      .where('subject_id', '=', subjectId)
      .where('key', '=', stored)
      .execute();
  }

  async function open(subjectId: string, stored: Buffer): Promise<Buffer> {
    if (stored.length === KEY_BYTES) {
      await rewrap(subjectId, stored, stored);
      return stored;
    }
    if (stored.length !== WRAPPED_BYTES || stored[0] !== WRAP_V1) {
      throw new Error(`PII key of subject ${subjectId} has an unknown format (${stored.length} bytes)`);
    }
    const key = unwrap(master.current, subjectId, stored);
    if (key) return key;
    const old = master.previous && unwrap(master.previous, subjectId, stored);
    if (old) {
      await rewrap(subjectId, stored, old);
      return old;
    }
    throw new Error(
      `PII key of subject ${subjectId} cannot be unwrapped: PII_MASTER_KEY${master.previous ? ' and PII_MASTER_KEY_PREVIOUS are not' : ' is not'} ` +
        'the master key it was stored under (or the row was altered)',
    );
  }

  async function keyOf(subjectId: string, create: boolean): Promise<Buffer | null> {
    const found = await db.selectFrom('pii_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirst();
    if (found) return open(subjectId, found.key);
    if (!create) return null;
    // Two writers may race on the first key of a subject: the loser reads the winner's key.
    await db
      .insertInto('pii_keys')
      .values({ subject_id: subjectId, key: wrap(master.current, subjectId, randomBytes(KEY_BYTES)) })
      .onConflict((oc) => oc.column('subject_id').doNothing())
      .execute();
    const row = await db.selectFrom('pii_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
    return open(subjectId, row.key);
  }

  return {
    async encrypt(subjectId, value) {
      const key = (await keyOf(subjectId, true))!;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      // The subject id is bound as associated data: a payload copied into another subject's event fails.
      cipher.setAAD(Buffer.from(subjectId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    async decrypt(subjectId, payload) {
      if (!isEncrypted(payload)) return null;
      const key = await keyOf(subjectId, false);
      if (!key) return null;
      const raw = Buffer.from(payload.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(subjectId, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    async forget(subjectId) {
      await db.deleteFrom('pii_keys').where('subject_id', '=', subjectId).execute();
    },
  };
}

export interface RewrapReport {
  /** Rows looked at. */
  checked: number;
  /** Rows now wrapped under the current master key that were not before (previous key, or legacy clear keys). */
  rewrapped: number;
  /** Subjects whose key neither master key opens: left untouched, to be looked into. */
  unreadable: string[];
}

/**
 * After a rotation (`PII_MASTER_KEY` new, `PII_MASTER_KEY_PREVIOUS` the old one), re-wraps every stored key under
 * the current master key instead of waiting for each subject to be read, so that the previous key can be retired
 * as soon as this reports no unreadable row. Pages through `pii_keys` by subject id; each row is replaced by a
 * conditional update (a concurrent reader re-wrapping or a shredding wins), so it is safe while the app runs.
 */
export async function rewrapAll(db: Kysely<DB>, keys: PiiMasterKeys | null = processKeys, pageSize = 500): Promise<RewrapReport> {
  if (!keys) throw new Error('PII re-wrap needs the master keys (PII_MASTER_KEY, and PII_MASTER_KEY_PREVIOUS during a rotation)');
  const report: RewrapReport = { checked: 0, rewrapped: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('pii_keys')
      .select(['subject_id', 'key'])
      .where('subject_id', '>', after)
      .orderBy('subject_id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return report;
    for (const { subject_id: subjectId, key: stored } of rows) {
      report.checked++;
      let clear: Buffer | null = null;
      if (stored.length === KEY_BYTES) clear = stored;
      else if (stored.length === WRAPPED_BYTES && stored[0] === WRAP_V1) {
        if (unwrap(keys.current, subjectId, stored)) continue;
        clear = keys.previous ? unwrap(keys.previous, subjectId, stored) : null;
      }
      if (!clear) {
        report.unreadable.push(subjectId);
        continue;
      }
      const r = await db
        .updateTable('pii_keys')
        .set({ key: wrap(keys.current, subjectId, clear) })
        .where('subject_id', '=', subjectId)
        .where('key', '=', stored)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) report.rewrapped++;
    }
    after = rows[rows.length - 1].subject_id;
  }
}
