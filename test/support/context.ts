import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { createTestDatabase } from './database.js';

/** Tests talk to the machine's real PostgreSQL and Redis (override with TEST_DATABASE_URL / TEST_REDIS_URL). */
export { TEST_PG_ADMIN_URL, createTestDatabase } from './database.js';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestContext extends AppContext {
  /** Closes the context and drops its database. */
  dispose(): Promise<void>;
}

/** A full AppContext on its own database and Redis key prefix, so test files run side by side. */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  // Uploads and mail files go to a directory of this test, never into the checkout's .data/.
  const dataDir = path.join(os.tmpdir(), `aforo-${database.name}`);
  // Reads wait longer for their writes than in production: with the whole suite on two cores, a projection can lag
  // past the 2 s a user would wait, and a test that reads after its write must see it.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: dataDir, READ_AFTER_TIMEOUT_MS: '15000', ...overrides });
  const ctx = await createContext(
    {
      ...config,
      databaseUrl: database.url,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: `aforo-test-${database.name}`,
      jwtSecret: randomBytes(32).toString('hex'),
      piiMasterKey: config.piiMasterKey ?? randomBytes(32),
      secretsMasterKey: config.secretsMasterKey ?? randomBytes(32),
    },
    { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) },
  );
  return Object.assign(ctx, {
    async dispose() {
      await ctx.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      await dropRedisKeys(`${ctx.config.redisPrefix}:`);
    },
  });
}

/** Deletes a test's Redis keys (presence counters, rate buckets, job queues): the machine's Redis is shared by every run. */
async function dropRedisKeys(prefix: string) {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let cursor = '0'; ; ) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      if (next === '0') break;
      cursor = next;
    }
  } finally {
    redis.disconnect();
  }
}

/** A running node (API on a random port, projections, workers) over a fresh test context. */
export async function startTestNode(
  parts: Parameters<typeof startNode>[1] = {},
  overrides: Record<string, string> = {},
): Promise<{ ctx: TestContext; node: RunningNode; stop(): Promise<void> }> {
  const ctx = await createTestContext(overrides);
  const node = await startNode(ctx, { port: 0, host: '127.0.0.1', ...parts });
  return {
    ctx,
    node,
    async stop() {
      await node.close();
      await ctx.dispose();
    },
  };
}
