import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealPaymentSecret } from '../../src/commands/events/secrets.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createSecretsVault, maskSecret, rewrapAllSecrets } from '../../src/crypto/secrets-vault.js';
import { eventStreamId } from '../../src/domain/events/event.js';
import { ensureInfrastructure } from '../../src/infra/embedded.js';
import { createEvent, organizer, startEventsNode, type Client, type Node } from '../events/helpers.js';
import { legacyPaymentSecret } from './legacy-payment-secret.js';

describe('secrets vault', () => {
  let t: Node;
  const row = (ref: string) => t.ctx.db.selectFrom('secrets').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const countRows = async () => Number((await t.ctx.db.selectFrom('secrets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  beforeAll(async () => {
    t = await startEventsNode();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('stores and reveals by reference, replaces, keeps the first with ifAbsent, forgets; the row holds no clear text', async () => {
    const vault = createSecretsVault(t.ctx.db);
    expect(await vault.store('notifications.smtp-password/main', 'hunter2-SMTP')).toBe(true);
    expect(await vault.reveal('notifications.smtp-password/main')).toBe('hunter2-SMTP');
    const stored = await row('notifications.smtp-password/main');
    expect(stored.cipher.includes(Buffer.from('hunter2'))).toBe(false);
    expect(stored.data_key.length).toBe(1 + 12 + 16 + 32);

    await vault.store('notifications.smtp-password/main', 'otra-clave');
    expect(await vault.reveal('notifications.smtp-password/main')).toBe('otra-clave');
    expect(await vault.store('notifications.smtp-password/main', 'ignored', { ifAbsent: true })).toBe(false);
    expect(await vault.reveal('notifications.smtp-password/main')).toBe('otra-clave');

    await vault.forget('notifications.smtp-password/main');
    expect(await vault.reveal('notifications.smtp-password/main')).toBeNull();
    expect(await vault.reveal('never-stored')).toBeNull();
    await expect(vault.store('', 'x')).rejects.toThrow(/reference/);

    for (const ref of ['mod.x/1/a', 'mod.x/1/b', 'mod.x/10/a']) await vault.store(ref, 'v');
    expect(await vault.forgetAll('mod.x/1/')).toBe(2);
    expect(await vault.reveal('mod.x/10/a')).toBe('v');
    await expect(vault.forgetAll('')).rejects.toThrow(/reference/);
  });

  it('binds the reference: a row copied under another reference does not open', async () => {
    const vault = createSecretsVault(t.ctx.db);
    await vault.store('chat.whatsapp-token/a', 'EAAG-token-a');
    const a = await row('chat.whatsapp-token/a');
    await t.ctx.db.insertInto('secrets').values({ ref: 'chat.whatsapp-token/b', data_key: a.data_key, cipher: a.cipher }).execute();
    await expect(vault.reveal('chat.whatsapp-token/b')).rejects.toThrow(/cannot be unwrapped/);
  });

  it('masks a secret to its last characters, and a short one entirely', () => {
    expect(maskSecret('sk_live_1234567890abcd')).toBe('••••abcd');
    expect(maskSecret('1234')).toBe('••••');
    expect(maskSecret('12345678901')).toBe('••••');
  });

  it('fails clearly under a wrong master key instead of reading as "no secret"', async () => {
    await createSecretsVault(t.ctx.db).store('api.key/wrong', 'valor');
    const wrong = createSecretsVault(t.ctx.db, { current: randomBytes(32) });
    await expect(wrong.reveal('api.key/wrong')).rejects.toThrow(/"api\.key\/wrong" cannot be unwrapped: SECRETS_MASTER_KEY is not the master key it was stored under/);
    const both = createSecretsVault(t.ctx.db, { current: randomBytes(32), previous: randomBytes(32) });
    await expect(both.reveal('api.key/wrong')).rejects.toThrow(/SECRETS_MASTER_KEY and SECRETS_MASTER_KEY_PREVIOUS are not/);
  });

  it('rotation: the previous key still opens, re-wraps on read; rewrapAllSecrets moves the rest and then reports nothing to do', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const before = createSecretsVault(t.ctx.db, { current: oldKey });
    for (const n of [1, 2, 3]) await before.store(`rot/${n}`, `secreto-${n}`);
    const cipherBefore = (await row('rot/1')).cipher;

    const rotating = createSecretsVault(t.ctx.db, { current: newKey, previous: oldKey });
    expect(await rotating.reveal('rot/1')).toBe('secreto-1');
    // Read once under the previous key: now opens with the new key alone; the secret itself was not re-encrypted.
    const onlyNew = createSecretsVault(t.ctx.db, { current: newKey });
    expect(await onlyNew.reveal('rot/1')).toBe('secreto-1');
    expect((await row('rot/1')).cipher.equals(cipherBefore)).toBe(true);
    await expect(onlyNew.reveal('rot/2')).rejects.toThrow(/cannot be unwrapped/);

    // Only the rot/* rows are under these keys; the others of this database are reported unreadable and left alone.
    const report = await rewrapAllSecrets(t.ctx.db, { current: newKey, previous: oldKey });
    expect(report.rewrapped).toBe(2);
    expect(report.unreadable.filter((r) => r.startsWith('rot/'))).toEqual([]);
    expect(await onlyNew.reveal('rot/2')).toBe('secreto-2');
    expect(await onlyNew.reveal('rot/3')).toBe('secreto-3');
    const again = await rewrapAllSecrets(t.ctx.db, { current: newKey, previous: oldKey });
    expect(again.rewrapped).toBe(0);
  });

  describe('payment method card secrets', () => {
    let a: Client;
    beforeAll(async () => {
      a = await organizer(t.node.url);
    });
    const latestMethod = async (eventId: string) => (await t.ctx.store.readStream(eventStreamId(eventId))).at(-1)!.data.method;

    it('go to the vault: the log holds only the reference; the value opens with SECRETS_MASTER_KEY, never with a JWT_SECRET key', async () => {
      const id = (await createEvent(a)).data._id;
      const pm = await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_v', secretKey: 'sk_live_VAULTED' });
      expect(pm.status).toBe(201);
      const pmId = pm.body.data._id;
      expect(JSON.stringify(pm.body)).not.toContain('VAULTED');
      const stream = await t.ctx.store.readStream(eventStreamId(id));
      expect(JSON.stringify(stream)).not.toContain('VAULTED');
      const stored: string = stream.at(-1)!.data.method.secretKeyCipher;
      expect(stored).toMatch(new RegExp(`^vault:events\\.payment-method/${id}/${pmId}/`));

      expect(await revealPaymentSecret(t.ctx, id, pmId, stored)).toBe('sk_live_VAULTED');
      // JWT_SECRET changed (or gone): the secret is still read. It is not involved at all.
      for (const jwtSecret of [randomBytes(32).toString('hex'), undefined]) {
        expect(await revealPaymentSecret({ db: t.ctx.db, config: { jwtSecret } }, id, pmId, stored)).toBe('sk_live_VAULTED');
      }
      const ref = stored.slice('vault:'.length);
      expect(await createSecretsVault(t.ctx.db, { current: t.ctx.config.secretsMasterKey }).reveal(ref)).toBe('sk_live_VAULTED');
      const jwtDerived = Buffer.from(hkdfSync('sha256', t.ctx.config.jwtSecret, 'aforo', 'events.payment-secrets', 32));
      await expect(createSecretsVault(t.ctx.db, { current: jwtDerived }).reveal(ref)).rejects.toThrow(/cannot be unwrapped/);

      // Bound to its method: the reference presented for another method (or event) reads nothing.
      expect(await revealPaymentSecret(t.ctx, id, 'another-method', stored)).toBeNull();

      // Edited without secretKey: the reference is kept. With one: a new reference, the new value.
      await a.put(`/event/${id}/paymentMethod/${pmId}`, { key: 'pk_v2' });
      expect((await latestMethod(id)).secretKeyCipher).toBe(stored);
      await a.put(`/event/${id}/paymentMethod/${pmId}`, { secretKey: 'sk_live_ROTATED' });
      const replaced: string = (await latestMethod(id)).secretKeyCipher;
      expect(replaced).not.toBe(stored);
      expect(await revealPaymentSecret(t.ctx, id, pmId, replaced)).toBe('sk_live_ROTATED');
    });

    it('a refused command leaves no secret row behind', async () => {
      const id = (await createEvent(a)).data._id;
      const card = await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_1', secretKey: 'sk_first' });
      expect(card.status).toBe(201);
      const merchant = await a.post(`/event/${id}/paymentMethod`, { kind: 'merchant', merchantId: 'm-1', mode: 'sandbox' });
      expect(merchant.status).toBe(201);
      const rows = await countRows();
      // One card per event: refused after the secret was stored, which is then deleted.
      expect((await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_2', secretKey: 'sk_second' })).status).toBeGreaterThanOrEqual(400);
      // A secret key on a method of another kind is refused too.
      expect((await a.put(`/event/${id}/paymentMethod/${merchant.body.data._id}`, { secretKey: 'sk_x' })).body.code).toBe('PAYMENT_METHOD_FIELDS');
      // A retry of the same add (same client id) is answered with the first attempt's events.
      const clientId = randomUUID();
      const other = (await createEvent(a)).data._id;
      expect((await a.post(`/event/${other}/paymentMethod`, { clientId, kind: 'card', key: 'pk_r', secretKey: 'sk_retry_1' })).status).toBe(201);
      await a.post(`/event/${other}/paymentMethod`, { clientId, kind: 'card', key: 'pk_r', secretKey: 'sk_retry_2' });
      expect(await countRows()).toBe(rows + 1);
      expect(await revealPaymentSecret(t.ctx, other, clientId, (await latestMethod(other)).secretKeyCipher)).toBe('sk_retry_1');
    });

    it('legacy values (JWT_SECRET-derived) are still read, and moved into the vault so that a new JWT_SECRET does not lose them', async () => {
      const id = (await createEvent(a)).data._id;
      const pmId = (await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_old', secretKey: 'unused' })).body.data._id;
      // What the log of an older release holds: the cipher in the event itself.
      const legacy = legacyPaymentSecret(t.ctx.config.jwtSecret, pmId, 'sk_live_LEGACY');
      await t.ctx.store.appendToStream(
        eventStreamId(id),
        [{ type: 'events.PaymentMethodChanged', data: { eventId: id, paymentMethodId: pmId, method: { kind: 'card', key: 'pk_old', secretKeyCipher: legacy }, at: new Date().toISOString() } }],
        { expectedVersion: 'any' },
      );
      const newJwt = { db: t.ctx.db, config: { jwtSecret: randomBytes(32).toString('hex') } };
      // Not moved yet: only the JWT_SECRET it was written under opens it.
      expect(await revealPaymentSecret(newJwt, id, pmId, legacy)).toBeNull();
      expect(await revealPaymentSecret(t.ctx, id, pmId, legacy)).toBe('sk_live_LEGACY');
      // The first read moved it: JWT_SECRET may change now.
      expect(await revealPaymentSecret(newJwt, id, pmId, legacy)).toBe('sk_live_LEGACY');
      const moved = await t.ctx.db.selectFrom('secrets').select('ref').where('ref', 'like', `events.payment-method/${id}/${pmId}/legacy-%`).execute();
      expect(moved).toHaveLength(1);

      // Editing another field copies the legacy value into the next event; it still reads, the API still hides it.
      const edited = await a.put(`/event/${id}/paymentMethod/${pmId}`, { key: 'pk_new' });
      expect(edited.body.data).toMatchObject({ kind: 'card', key: 'pk_new', hasSecretKey: true });
      expect((await latestMethod(id)).secretKeyCipher).toBe(legacy);
      expect(await revealPaymentSecret(newJwt, id, pmId, legacy)).toBe('sk_live_LEGACY');

      // Removing the method erases every secret it had (the first vault value and the moved legacy one).
      const prefix = `events.payment-method/${id}/${pmId}/`;
      expect((await t.ctx.db.selectFrom('secrets').select('ref').where('ref', 'like', `${prefix}%`).execute()).length).toBe(2);
      expect((await a.del(`/event/${id}/paymentMethod/${pmId}`)).status).toBeLessThan(300);
      expect(await t.ctx.db.selectFrom('secrets').select('ref').where('ref', 'like', `${prefix}%`).execute()).toEqual([]);
      expect(await revealPaymentSecret(newJwt, id, pmId, legacy)).toBeNull();
    });
  });
});

describe('SECRETS_MASTER_KEY configuration', () => {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  const key = randomBytes(32);

  it('accepts 32 bytes, refuses a malformed key, a previous key alone and the PII master key reused', () => {
    expect(loadConfig({ ...base, SECRETS_MASTER_KEY: key.toString('base64') }).secretsMasterKey!.equals(key)).toBe(true);
    expect(loadConfig({ ...base, SECRETS_MASTER_KEY: key.toString('hex'), SECRETS_MASTER_KEY_PREVIOUS: randomBytes(32).toString('hex') }).secretsMasterKeyPrevious).toHaveLength(32);
    expect(() => loadConfig({ ...base, SECRETS_MASTER_KEY: 'secret' })).toThrow(/SECRETS_MASTER_KEY must be 32 random bytes/);
    expect(() => loadConfig({ ...base, SECRETS_MASTER_KEY: key.toString('hex'), SECRETS_MASTER_KEY_PREVIOUS: 'short' })).toThrow(/SECRETS_MASTER_KEY_PREVIOUS must be/);
    expect(() => loadConfig({ ...base, SECRETS_MASTER_KEY_PREVIOUS: key.toString('hex') })).toThrow(/SECRETS_MASTER_KEY_PREVIOUS is set but SECRETS_MASTER_KEY is not/);
    expect(() => loadConfig({ ...base, SECRETS_MASTER_KEY: key.toString('hex'), PII_MASTER_KEY: key.toString('base64') })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SECRETS_MASTER_KEY: key.toString('hex'), PII_MASTER_KEY: key.toString('base64') })).toThrow(/must not be the same key as PII_MASTER_KEY/);
    expect(loadConfig(base).secretsMasterKey).toBeUndefined();
  });

  it('is generated once into the data directory outside production, and required in production', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aforo-secrets-key-'));
    const logger = pino({ level: 'silent' });
    const given = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://unused', REDIS_URL: 'redis://unused' };
    try {
      const first = await ensureInfrastructure(loadConfig({ ...base, ...given }), logger);
      const file = path.join(dataDir, 'secrets-master-key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from(await readFile(file, 'utf8'), 'base64').equals(first.secretsMasterKey)).toBe(true);
      expect(first.secretsMasterKey.equals(first.piiMasterKey)).toBe(false);
      expect((await ensureInfrastructure(loadConfig({ ...base, ...given }), logger)).secretsMasterKey.equals(first.secretsMasterKey)).toBe(true);
      const configured = await ensureInfrastructure(loadConfig({ ...base, ...given, SECRETS_MASTER_KEY: key.toString('base64') }), logger);
      expect(configured.secretsMasterKey.equals(key)).toBe(true);

      const pii = { PII_MASTER_KEY: randomBytes(32).toString('hex') };
      const production = loadConfig({ ...base, ...given, ...pii, NODE_ENV: 'production' });
      await expect(ensureInfrastructure(production, logger)).rejects.toThrow(/SECRETS_MASTER_KEY is not set\. In production it is required/);
      const ok = await ensureInfrastructure(loadConfig({ ...base, ...given, ...pii, NODE_ENV: 'production', SECRETS_MASTER_KEY: key.toString('hex') }), logger);
      expect(ok.secretsMasterKey.equals(key)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
