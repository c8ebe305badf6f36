// Throwaway databases on the machine's real PostgreSQL. Kept apart from test/support/context.ts, which imports
// the whole app (routes of every module): the event-store and projection tests must not depend on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';

export const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database. Dropped (with its connections) by `drop`. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `aforo_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database with every migration applied and a pool on it. */
export async function createMigratedDatabase(poolSize = 10): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const pool = createPool(database.url, poolSize);
  await migrate(pool);
  return {
    url: database.url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      await database.drop();
    },
  };
}
