import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createPiiVault, rewrapAll } from '../../src/crypto/pii-vault.js';
import { ensureInfrastructure } from '../../src/infra/embedded.js';
import { createTestContext, type TestContext } from '../support/context.js';

const PREFIX = 'pii:v1:';

/** The payload format, written here by hand: the legacy rows predate the wrapping, and the tests check the row. */
function sealWith(key: Buffer, subjectId: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subjectId, 'utf8'));
  const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
}

function openWith(key: Buffer, subjectId: string, payload: string): string | null {
  const raw = Buffer.from(payload.slice(PREFIX.length), 'base64url');
  try {
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAAD(Buffer.from(subjectId, 'utf8'));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A stored v1 row: [0x01][IV 12][tag 16][wrapped key 32], the subject bound as associated data. */
function unwrapRow(master: Buffer, subjectId: string, row: Buffer): Buffer {
  const d = createDecipheriv('aes-256-gcm', master, row.subarray(1, 13));
  d.setAAD(Buffer.from(`pii-key:v1:${subjectId}`, 'utf8'));
  d.setAuthTag(row.subarray(13, 29));
  return Buffer.concat([d.update(row.subarray(29)), d.final()]);
}

describe('PII vault', () => {
  let ctx: TestContext;
  const storedKey = async (subjectId: string) =>
    (await ctx.db.selectFrom('pii_keys').select('key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow()).key;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.dispose();
  });

  it('encrypts per subject, decrypts, and returns null after the key is forgotten', async () => {
    const vault = createPiiVault(ctx.db);
    const a = await vault.encrypt('subject-a', 'ana@example.test');
    const again = await vault.encrypt('subject-a', 'ana@example.test');
    expect(a.startsWith('pii:v1:')).toBe(true);
    expect(a).not.toContain('ana@');
    expect(again).not.toBe(a); // fresh IV every time
    expect(await vault.decrypt('subject-a', a)).toBe('ana@example.test');
    // Bound to its subject: another subject's key (or a tampered payload) does not open it.
    await vault.encrypt('subject-b', 'x');
    expect(await vault.decrypt('subject-b', a)).toBeNull();
    expect(await vault.decrypt('subject-a', a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA'))).toBeNull();
    expect(await vault.decrypt('subject-a', 'clear text')).toBeNull();

    await vault.forget('subject-a');
    expect(await vault.decrypt('subject-a', a)).toBeNull();
    expect(await vault.decrypt('subject-b', await vault.encrypt('subject-b', 'y'))).toBe('y');
  });

  it('gives two concurrent first writers of a subject the same key', async () => {
    const vault = createPiiVault(ctx.db);
    const [x, y] = await Promise.all([vault.encrypt('subject-c', 'uno'), vault.encrypt('subject-c', 'dos')]);
    expect(await vault.decrypt('subject-c', x)).toBe('uno');
    expect(await vault.decrypt('subject-c', y)).toBe('dos');
  });

  it('never stores the clear key: the row is the key wrapped under the master key', async () => {
    const vault = createPiiVault(ctx.db);
    const payload = await vault.encrypt('subject-w', 'wanda@example.test');
    const row = await storedKey('subject-w');
    expect(row.length).toBe(61);
    expect(row[0]).toBe(1);
    const clearKey = unwrapRow(ctx.config.piiMasterKey, 'subject-w', row);
    // The row alone (a database dump) opens nothing; the key it wraps does.
    expect(openWith(row.subarray(0, 32), 'subject-w', payload)).toBeNull();
    expect(row.includes(clearKey)).toBe(false);
    expect(openWith(clearKey, 'subject-w', payload)).toBe('wanda@example.test');
    expect(await vault.decrypt('subject-w', payload)).toBe('wanda@example.test');
  });

  it('throws, rather than reading as shredded, under a wrong master key or a wrapped key moved to another subject', async () => {
    const vault = createPiiVault(ctx.db);
    const payload = await vault.encrypt('subject-m', 'mara@example.test');
    const wrong = createPiiVault(ctx.db, { current: randomBytes(32) });
    await expect(wrong.decrypt('subject-m', payload)).rejects.toThrow(/cannot be unwrapped: PII_MASTER_KEY is not the master key/);
    await expect(wrong.encrypt('subject-m', 'otra')).rejects.toThrow(/cannot be unwrapped/);

    const other = await vault.encrypt('subject-n', 'nico@example.test');
    await ctx.db.updateTable('pii_keys').set({ key: await storedKey('subject-m') }).where('subject_id', '=', 'subject-n').execute();
    await expect(vault.decrypt('subject-n', other)).rejects.toThrow(/subject subject-n cannot be unwrapped/);
    expect(await vault.decrypt('subject-m', payload)).toBe('mara@example.test');
  });

  it('reads a legacy clear key, and re-wraps it once even with concurrent readers', async () => {
    const legacy = randomBytes(32);
    await ctx.db.insertInto('pii_keys').values({ subject_id: 'subject-l', key: legacy }).execute();
    const payload = sealWith(legacy, 'subject-l', 'lola@example.test');
    const vault = createPiiVault(ctx.db);
    const read = await Promise.all([1, 2, 3].map(() => vault.decrypt('subject-l', payload)));
    expect(read).toEqual(['lola@example.test', 'lola@example.test', 'lola@example.test']);
    const row = await storedKey('subject-l');
    expect(row.length).toBe(61);
    expect(unwrapRow(ctx.config.piiMasterKey, 'subject-l', row).equals(legacy)).toBe(true);
    expect(await vault.decrypt('subject-l', payload)).toBe('lola@example.test');
    expect((await storedKey('subject-l')).equals(row)).toBe(true); // a wrapped row is not rewritten on read
    expect(await vault.decrypt('subject-l', await vault.encrypt('subject-l', 'nuevo'))).toBe('nuevo');
    // Inside a transaction too (projections decrypt in theirs).
    const legacy2 = randomBytes(32);
    await ctx.db.insertInto('pii_keys').values({ subject_id: 'subject-l2', key: legacy2 }).execute();
    const inTrx = await ctx.db.transaction().execute((trx) => createPiiVault(trx).decrypt('subject-l2', sealWith(legacy2, 'subject-l2', 'v')));
    expect(inTrx).toBe('v');
    expect((await storedKey('subject-l2')).length).toBe(61);
  });

  it('rotates: the previous master key still unwraps, and what it opens is re-wrapped under the current one', async () => {
    const oldMaster = randomBytes(32);
    const newMaster = randomBytes(32);
    const before = createPiiVault(ctx.db, { current: oldMaster });
    const payload = await before.encrypt('subject-r', 'rita@example.test');
    const rotating = createPiiVault(ctx.db, { current: newMaster, previous: oldMaster });
    expect(await rotating.decrypt('subject-r', payload)).toBe('rita@example.test');
    const after = createPiiVault(ctx.db, { current: newMaster });
    expect(await after.decrypt('subject-r', payload)).toBe('rita@example.test');
    await expect(before.decrypt('subject-r', payload)).rejects.toThrow(/cannot be unwrapped/);
    await expect(createPiiVault(ctx.db, { current: randomBytes(32), previous: randomBytes(32) }).decrypt('subject-r', payload)).rejects.toThrow(
      /PII_MASTER_KEY and PII_MASTER_KEY_PREVIOUS are not/,
    );
  });

  it('re-wraps every key in bulk after a rotation, so the previous master key can be retired', async () => {
    const [oldMaster, newMaster, foreign] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const subjects = Array.from({ length: 7 }, (_, i) => `bulk-${i}`);
    // Given keys under the old master, a legacy clear key, one already under the new master, one under neither.
    const oldVault = createPiiVault(ctx.db, { current: oldMaster });
    const sealed = new Map<string, string>();
    for (const s of subjects.slice(0, 5)) sealed.set(s, await oldVault.encrypt(s, `${s}@example.test`));
    const legacyKey = randomBytes(32);
    await ctx.db.insertInto('pii_keys').values({ subject_id: 'bulk-legacy', key: legacyKey }).execute();
    sealed.set('bulk-legacy', sealWith(legacyKey, 'bulk-legacy', 'legacy@example.test'));
    sealed.set(subjects[5], await createPiiVault(ctx.db, { current: newMaster }).encrypt(subjects[5], 'new@example.test'));
    await createPiiVault(ctx.db, { current: foreign }).encrypt(subjects[6], 'lost@example.test');
    const foreignRow = await storedKey(subjects[6]);

    // When the bulk re-wrap runs with the new key and the previous one (small pages: paging is exercised too).
    const report = await rewrapAll(ctx.db, { current: newMaster, previous: oldMaster }, 2);

    // Then every key but the foreign one opens under the new master alone, and the foreign row is untouched.
    expect(report.rewrapped).toBe(6);
    // (Other tests' subjects are under this context's own master key: unreadable here as well.)
    expect(report.unreadable.filter((s) => s.startsWith('bulk-'))).toEqual([subjects[6]]);
    const newOnly = createPiiVault(ctx.db, { current: newMaster });
    for (const [s, payload] of sealed) expect(await newOnly.decrypt(s, payload)).toMatch(/@example\.test$/);
    expect((await storedKey('bulk-legacy')).length).toBe(61);
    expect(await storedKey(subjects[6])).toEqual(foreignRow);
    // A second run finds nothing left to do.
    const again = await rewrapAll(ctx.db, { current: newMaster, previous: oldMaster });
    expect(again.rewrapped).toBe(0);
    await ctx.db.deleteFrom('pii_keys').where('subject_id', '=', subjects[6]).execute();
  });

  it('refuses to work in a process where no master key was configured', async () => {
    vi.resetModules();
    const fresh = await import('../../src/crypto/pii-vault.js');
    expect(() => fresh.createPiiVault(ctx.db)).toThrow(/before a master key was configured/);
    expect(() => fresh.setPiiMasterKeys({ current: randomBytes(16) })).toThrow(/32 bytes/);
  });
});

describe('PII_MASTER_KEY configuration', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  const key = randomBytes(32);

  it('accepts 32 bytes as hex, base64 or base64url, and refuses anything else with a clear error', () => {
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url'), ` ${key.toString('hex').toUpperCase()}\n`]) {
      expect(loadConfig({ ...base, PII_MASTER_KEY: written }).piiMasterKey!.equals(key)).toBe(true);
    }
    for (const bad of ['secret', randomBytes(31).toString('base64'), randomBytes(33).toString('hex'), randomBytes(48).toString('base64'), 'g'.repeat(64)]) {
      expect(() => loadConfig({ ...base, PII_MASTER_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, PII_MASTER_KEY: bad })).toThrow(/PII_MASTER_KEY must be 32 random bytes written as base64 .* or hex/);
    }
    expect(() => loadConfig({ ...base, PII_MASTER_KEY: key.toString('hex'), PII_MASTER_KEY_PREVIOUS: 'short' })).toThrow(/PII_MASTER_KEY_PREVIOUS must be/);
    expect(() => loadConfig({ ...base, PII_MASTER_KEY_PREVIOUS: key.toString('hex') })).toThrow(/PII_MASTER_KEY_PREVIOUS is set but PII_MASTER_KEY is not/);
    expect(loadConfig(base).piiMasterKey).toBeUndefined();
  });

  it('generates a key once into the data directory (mode 0600) outside production, and refuses to start without one in production', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aforo-pii-key-'));
    const logger = pino({ level: 'silent' });
    // Given URLs, so nothing embedded is started.
    const given = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://unused', REDIS_URL: 'redis://unused' };
    try {
      const first = await ensureInfrastructure(loadConfig({ ...base, ...given }), logger);
      const file = path.join(dataDir, 'pii-master-key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from(await readFile(file, 'utf8'), 'base64').equals(first.piiMasterKey)).toBe(true);
      const second = await ensureInfrastructure(loadConfig({ ...base, ...given }), logger);
      expect(second.piiMasterKey.equals(first.piiMasterKey)).toBe(true);
      // A configured key wins over the file.
      const configured = await ensureInfrastructure(loadConfig({ ...base, ...given, PII_MASTER_KEY: key.toString('base64') }), logger);
      expect(configured.piiMasterKey.equals(key)).toBe(true);

      const production = loadConfig({ ...base, ...given, NODE_ENV: 'production' });
      await expect(ensureInfrastructure(production, logger)).rejects.toThrow(ConfigError);
      await expect(ensureInfrastructure(production, logger)).rejects.toThrow(/PII_MASTER_KEY is not set\. In production it is required/);
      // Production also requires SECRETS_MASTER_KEY (test/crypto/secrets-vault.test.ts).
      const ok = await ensureInfrastructure(
        loadConfig({ ...base, ...given, NODE_ENV: 'production', PII_MASTER_KEY: key.toString('hex'), SECRETS_MASTER_KEY: randomBytes(32).toString('hex') }),
        logger,
      );
      expect(ok.piiMasterKey.equals(key)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
