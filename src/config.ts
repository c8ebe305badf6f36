import { z } from 'zod';
import path from 'node:path';

/** Runtime configuration, read once from the environment. See README's configuration table. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('aforo'),
  EVENTSTORE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Aforo <no-reply@aforo.local>'),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.string().optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  /** Public base URL used in links sent by e-mail. */
  appUrl: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  eventStoreUrl?: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  dataDir: string;
  logLevel: string;
  trustProxy?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    eventStoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}
