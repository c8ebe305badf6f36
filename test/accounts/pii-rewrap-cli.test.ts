import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPiiVault } from '../../src/crypto/pii-vault.js';
import { createDb } from '../../src/db/database.js';
import { createMigratedDatabase } from '../support/database.js';

const run = promisify(execFile);
const cli = path.resolve('src/crypto/pii-rewrap-cli.ts');

describe('npm run pii:rewrap', () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  const [oldMaster, newMaster] = [randomBytes(32), randomBytes(32)];
  const env = (keys: Record<string, string>) => ({
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `aforo-test-cli-${randomUUID().slice(0, 8)}`,
    JWT_SECRET: 'x'.repeat(40),
    SECRETS_MASTER_KEY: randomBytes(32).toString('base64'), // not generated into the checkout's .data/
    LOG_LEVEL: 'silent',
    ...keys,
  });
  beforeAll(async () => {
    database = await createMigratedDatabase(4);
    const vault = createPiiVault(createDb(database.pool), { current: oldMaster });
    for (let i = 0; i < 3; i++) await vault.encrypt(`cli-subject-${i}`, `persona${i}@example.test`);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('exits 1 and names the subjects while a key opens with neither master key', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', cli], { env: env({ PII_MASTER_KEY: newMaster.toString('base64') }), timeout: 60_000 }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stdout).toContain('3 checked, 0 re-wrapped under PII_MASTER_KEY, 3 unreadable.');
    expect(err.stderr).toContain('cli-subject-0');
  });

  it('re-wraps every key under the new master key and says the previous one can go', async () => {
    const keys = { PII_MASTER_KEY: newMaster.toString('base64'), PII_MASTER_KEY_PREVIOUS: oldMaster.toString('base64') };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli], { env: env(keys), timeout: 60_000 });
    expect(stdout).toContain('3 checked, 3 re-wrapped under PII_MASTER_KEY, 0 unreadable.');
    expect(stdout).toContain('PII_MASTER_KEY_PREVIOUS can be removed');
    const again = await run(process.execPath, ['--import', 'tsx', cli], { env: env({ PII_MASTER_KEY: newMaster.toString('base64') }), timeout: 60_000 });
    expect(again.stdout).toContain('3 checked, 0 re-wrapped under PII_MASTER_KEY, 0 unreadable.');
  });
});
