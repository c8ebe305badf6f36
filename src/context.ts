import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createLogger } from './infra/logger.js';
import type { Config } from './config.js';
import { setPiiMasterKeys } from './crypto/pii-vault.js';
import { setSecretsMasterKeys } from './crypto/secrets-vault.js';
import { createDb, createPool } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { DB } from './db/schema.js';
import { createEventStore, type EventStore } from './eventstore/index.js';
import { TokenService } from './http/auth.js';
import { emitterRealtime, handlePublishFailures, SwitchableRealtime } from './realtime/realtime.js';
import { createJobs, type Jobs } from './workers/jobs.js';

/** Everything a handler, projection or job needs, created once per process (and once per test). */
export interface AppContext {
  config: Config & { databaseUrl: string; redisUrl: string; jwtSecret: string; piiMasterKey: Buffer; secretsMasterKey: Buffer };
  logger: Logger;
  pool: pg.Pool;
  db: Kysely<DB>;
  store: EventStore;
  redis: Redis;
  jobs: Jobs & { close(): Promise<void> };
  realtime: SwitchableRealtime;
  tokens: TokenService;
  clock: () => Date;
  newId: () => string;
  /** BullMQ and Socket.IO key prefixes share config.redisPrefix so tests can run side by side. */
  bullPrefix: string;
  socketKey: string;
  close(): Promise<void>;
}

export async function createContext(
  config: AppContext['config'],
  opts: { logger?: Logger; migrate?: boolean } = {},
): Promise<AppContext> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  // The vault is created from a bare db/transaction in many places; the process's master key is set here once.
  setPiiMasterKeys({ current: config.piiMasterKey, previous: config.piiMasterKeyPrevious });
  setSecretsMasterKeys({ current: config.secretsMasterKey, previous: config.secretsMasterKeyPrevious });
  const pool = createPool(config.databaseUrl);
  if (opts.migrate !== false) await migrate(pool);
  const db = createDb(pool);
  const store = await createEventStore({ pool, databaseUrl: config.databaseUrl, eventStoreUrl: config.eventStoreUrl });
  // Auto-pipelining: commands issued in the same tick (rate limits, presence, Socket.IO adapter publishes)
  // leave in one write; on a busy node that saves a syscall and a Redis wake-up per command.
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const bullPrefix = `${config.redisPrefix}:bull`;
  const socketKey = `${config.redisPrefix}:socket.io`;
  const jobs = createJobs(redisConnection(config.redisUrl), bullPrefix);
  handlePublishFailures(redis, logger);
  const realtime = new SwitchableRealtime(emitterRealtime(redis, socketKey));
  return {
    config,
    logger,
    pool,
    db,
    store,
    redis,
    jobs,
    realtime,
    tokens: new TokenService(config.jwtSecret),
    clock: () => new Date(),
    newId: () => randomUUID(),
    bullPrefix,
    socketKey,
    async close() {
      await jobs.close().catch(() => undefined);
      await store.close().catch(() => undefined);
      await db.destroy().catch(() => undefined); // ends the pool too
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** BullMQ wants connection options (it opens its own connections, with maxRetriesPerRequest null). */
export function redisConnection(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    password: u.password || undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}
