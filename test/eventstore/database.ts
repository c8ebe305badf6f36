// A throwaway migrated database for the event-store and projection tests. Kept apart from test/support/context.ts
// on purpose: that module imports the whole app (routes of every module), which these low-level tests must not
// depend on.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';

export const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createMigratedDatabase(poolSize = 10): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const name = `aforo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), poolSize);
  await migrate(pool);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
