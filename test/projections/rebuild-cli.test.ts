import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { PostgresEventStore } from '../../src/eventstore/postgres.js';
import { projections } from '../../src/projections/index.js';
import { createMigratedDatabase } from '../support/database.js';

const run = promisify(execFile);
const cli = path.resolve('src/projections/rebuild-cli.ts');

describe('npm run projections:rebuild', () => {
  let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
  const env = () => ({
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `aforo-test-cli-${randomUUID().slice(0, 8)}`,
    JWT_SECRET: 'x'.repeat(40),
    PII_MASTER_KEY: 'ab'.repeat(32),
    SECRETS_MASTER_KEY: 'cd'.repeat(32),
    LOG_LEVEL: 'silent',
  });
  beforeAll(async () => {
    database = await createMigratedDatabase(4);
    const store = new PostgresEventStore(database.pool, database.url);
    await store.appendToStream(`cli-${randomUUID()}`, [{ type: 'test.Unrelated', data: {} }], { expectedVersion: 'no_stream' });
    await store.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('rebuilds every registered projection and stores their checkpoints', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli], { env: env(), timeout: 60_000 });
    const db = createDb(database.pool);
    const rows = await db.selectFrom('projection_checkpoints').select(['name', 'position', 'status']).execute();
    for (const p of projections) {
      expect(stdout).toContain(`${p.name}: `);
      expect(rows).toContainEqual({ name: p.name, position: expect.stringMatching(/^\d+:\d+$/), status: 'running' });
    }
    if (projections.length === 0) expect(stdout).toContain('No projections registered.');
  });

  it('refuses an unknown projection name with exit code 2', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', cli, 'no_such_projection'], { env: env(), timeout: 60_000 }).catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.stderr).toContain('Unknown projection(s): no_such_projection');
  });
});
