import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Prefix of every encrypted value, so a reader can tell ciphertext from clear text and the format version. */
const PREFIX = 'pii:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

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

/**
 * Personal data inside events is encrypted with AES-256-GCM under a per-subject key kept in `pii_keys`, outside
 * the append-only log. Keys are not cached: another process may have shredded one a moment ago.
 * Works over a Kysely instance or a transaction (projections decrypt inside their batch transaction).
 */
export function createPiiVault(db: Kysely<DB>): PiiVault {
  async function keyOf(subjectId: string, create: boolean): Promise<Buffer | null> {
    const found = await db.selectFrom('pii_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirst();
    if (found) return found.key;
    if (!create) return null;
    // Two writers may race on the first key of a subject: the loser reads the winner's key.
    await db
      .insertInto('pii_keys')
      .values({ subject_id: subjectId, key: randomBytes(32) })
      .onConflict((oc) => oc.column('subject_id').doNothing())
      .execute();
    const row = await db.selectFrom('pii_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
    return row.key;
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
