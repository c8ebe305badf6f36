import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealPaymentSecret } from '../../src/commands/events/secrets.js';
import { createSecretsVault, setSecretsMasterKeys } from '../../src/crypto/secrets-vault.js';
import { eventStreamId } from '../../src/domain/events/event.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { legacyPaymentSecret } from './legacy-payment-secret.js';

const run = promisify(execFile);
const cli = path.resolve('src/crypto/secrets-rewrap-cli.ts');

describe('npm run secrets:rewrap', () => {
  let ctx: TestContext;
  let dataDir: string;
  const [oldMaster, newMaster] = [randomBytes(32), randomBytes(32)];
  const oldJwt = 'j'.repeat(40);
  const [eventId, paymentMethodId] = [randomUUID(), randomUUID()];
  const legacy = legacyPaymentSecret(oldJwt, paymentMethodId, 'sk_live_FROM_OLD_LOG');
  const env = (vars: Record<string, string>) => ({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: ctx.config.databaseUrl,
    REDIS_URL: ctx.config.redisUrl,
    REDIS_PREFIX: `aforo-test-cli-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    ...vars,
  });
  const cliRun = (vars: Record<string, string>) => run(process.execPath, ['--import', 'tsx', cli], { env: env(vars), timeout: 60_000 });

  beforeAll(async () => {
    ctx = await createTestContext();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aforo-secrets-cli-'));
    const vault = createSecretsVault(ctx.db, { current: oldMaster });
    for (let i = 0; i < 3; i++) await vault.store(`cli.token/${i}`, `token-${i}`);
    // An older release's log: the card secret inside the event, under the JWT_SECRET-derived key; copied by a later change.
    const method = { kind: 'card', key: 'pk_old', secretKeyCipher: legacy };
    const at = new Date().toISOString();
    await ctx.store.appendToStream(
      eventStreamId(eventId),
      [
        { type: 'events.PaymentMethodAdded', data: { eventId, paymentMethodId, method, at } },
        { type: 'events.PaymentMethodChanged', data: { eventId, paymentMethodId, method: { ...method, key: 'pk_newer' }, at } },
      ],
      { expectedVersion: 'any' },
    );
  });
  afterAll(async () => {
    await ctx?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 1 and names what it cannot open: secrets under neither master key, legacy values under another JWT_SECRET', async () => {
    const err = await cliRun({ SECRETS_MASTER_KEY: newMaster.toString('base64'), JWT_SECRET: 'x'.repeat(40) }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stdout).toContain('1 found, 0 moved into the vault, 0 already there, 1 unreadable.');
    expect(err.stdout).toContain('3 checked, 0 re-wrapped under SECRETS_MASTER_KEY, 3 unreadable.');
    expect(err.stderr).toContain(`${eventId}/${paymentMethodId}`);
    expect(err.stderr).toContain('cli.token/0');
    // No secret in its output.
    expect(err.stdout + err.stderr).not.toMatch(/token-\d|FROM_OLD_LOG/);
  });

  it('re-wraps under the new key, moves the legacy value, says the previous key can go; then JWT_SECRET no longer matters', async () => {
    const keys = { SECRETS_MASTER_KEY: newMaster.toString('base64'), SECRETS_MASTER_KEY_PREVIOUS: oldMaster.toString('hex') };
    const { stdout } = await cliRun({ ...keys, JWT_SECRET: oldJwt });
    expect(stdout).toContain('1 found, 1 moved into the vault, 0 already there, 0 unreadable.');
    expect(stdout).toContain('reading them no longer depends on JWT_SECRET');
    expect(stdout).toContain('4 checked, 3 re-wrapped under SECRETS_MASTER_KEY, 0 unreadable.');
    expect(stdout).toContain('SECRETS_MASTER_KEY_PREVIOUS can be removed');

    const again = await cliRun({ SECRETS_MASTER_KEY: newMaster.toString('base64'), JWT_SECRET: 'y'.repeat(40) });
    expect(again.stdout).toContain('1 found, 0 moved into the vault, 1 already there, 0 unreadable.');
    expect(again.stdout).toContain('4 checked, 0 re-wrapped under SECRETS_MASTER_KEY, 0 unreadable.');

    // The app, on the new key alone and with another JWT_SECRET, reads everything.
    const vault = createSecretsVault(ctx.db, { current: newMaster });
    expect(await vault.reveal('cli.token/2')).toBe('token-2');
    setSecretsMasterKeys({ current: newMaster });
    expect(await revealPaymentSecret({ db: ctx.db, config: { jwtSecret: 'z'.repeat(40) } }, eventId, paymentMethodId, legacy)).toBe('sk_live_FROM_OLD_LOG');
  });
});
