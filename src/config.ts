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
  PII_MASTER_KEY: z.string().optional(),
  PII_MASTER_KEY_PREVIOUS: z.string().optional(),
  SECRETS_MASTER_KEY: z.string().optional(),
  SECRETS_MASTER_KEY_PREVIOUS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Aforo <no-reply@aforo.local>'),
  /** The WhatsApp Cloud API (Graph API) base URL and version; tests point it at a local fake. */
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().default('v21.0'),
  /** The verify token Meta echoes on the status webhook's GET, and the app secret that signs its POSTs. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.string().optional(),
  /** How long a reservation holds its seats (sales); tests shorten it. */
  SALES_HOLD_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** How long a GET with `after=<position>` waits for the read models to pass it before answering what they have. */
  READ_AFTER_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Culqi's API (charges, refunds) and the host of its token endpoint the browser calls; development and tests point both at the local fake. */
  CULQI_API_URL: z.url().default('https://api.culqi.com'),
  CULQI_TOKENS_URL: z.url().default('https://secure.culqi.com'),
  /** The second card provider (merchant and mode): API credentials and the webhook signing secret of the platform's account; the host follows the event's mode unless MERCHANT_API_URL is set. */
  MERCHANT_API_URL: z.url().optional(),
  MERCHANT_API_USER: z.string().optional(),
  MERCHANT_API_PASSWORD: z.string().optional(),
  MERCHANT_WEBHOOK_SECRET: z.string().optional(),
  /** The second provider's browser checkout script (checkout.js); unset, the sandbox or production one by the event's mode. */
  MERCHANT_CHECKOUT_URL: z.url().optional(),
  /**
   * Origins (CSP connect-src sources, comma-separated) the box office's browser may reach besides the local DYMO
   * service on https://127.0.0.1: a remote print server; tests add their plain-HTTP fake (http://127.0.0.1:*).
   */
  BOXOFFICE_PRINT_ORIGINS: z.string().default(''),
  /** How long a waiting-list offer holds the freed seats for its person (sales codes area); tests shorten it. */
  SALES_WAITLIST_OFFER_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(86_400),
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
  /** Wraps the per-subject PII keys (see crypto/pii-vault.ts); generated into dataDir outside production. */
  piiMasterKey?: Buffer;
  /** The master key before a rotation: still unwraps, and keys it opens are re-wrapped under piiMasterKey. */
  piiMasterKeyPrevious?: Buffer;
  /** Wraps the data keys of stored secrets (see crypto/secrets-vault.ts); generated into dataDir outside production. */
  secretsMasterKey?: Buffer;
  /** The secrets master key before a rotation: still unwraps, and data keys it opens are re-wrapped. */
  secretsMasterKeyPrevious?: Buffer;
  smtpUrl?: string;
  mailFrom: string;
  /** Campaign channels (src/workers/contacts): the WhatsApp Cloud API endpoint and its webhook's secrets. */
  campaigns?: { whatsappApiUrl: string; whatsappApiVersion: string; whatsappVerifyToken?: string; whatsappAppSecret?: string };
  dataDir: string;
  logLevel: string;
  trustProxy?: string;
  /** Seconds an unpaid reservation holds its seats before the expiry job frees them (default 900). */
  salesHoldSeconds: number;
  /** Read-your-writes: the longest a GET's `after` waits (ms); then it answers what the read models have. */
  readAfterTimeoutMs: number;
  /** Payment providers' endpoints and the merchant provider's platform credentials (src/commands/sales/providers.ts). */
  payments: {
    culqiApiUrl: string;
    culqiTokensUrl: string;
    merchantApiUrl?: string;
    merchantUser?: string;
    merchantPassword?: string;
    merchantWebhookSecret?: string;
    /** The merchant provider's checkout script for the buyer's browser; unset, by the event's mode. */
    merchantCheckoutUrl?: string;
  };
  /** Extra CSP connect-src sources for badge printing (BOXOFFICE_PRINT_ORIGINS). */
  boxOfficePrintOrigins: string[];
  /** Seconds a waiting-list offer holds its seats (default 24 h). */
  salesWaitlistOfferSeconds: number;
}

/** A configuration the process must not start with; the message is meant for the operator, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** 32 bytes written as hex (64 characters) or base64/base64url (43-44 characters); anything else is refused. */
export function parseMasterKey(name: string, value: string): Buffer {
  const v = value.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(v)) key = Buffer.from(v, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) key = Buffer.from(v, 'base64');
  if (key?.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 random bytes written as base64 (44 characters) or hex (64 characters); ` +
        'generate one with "openssl rand -base64 32".',
    );
  }
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = EnvSchema.parse(env);
  // A previous key without a current one would mean "rotate to a key generated on this machine": surely a mistake.
  if (e.PII_MASTER_KEY_PREVIOUS && !e.PII_MASTER_KEY) {
    throw new ConfigError('PII_MASTER_KEY_PREVIOUS is set but PII_MASTER_KEY is not: a rotation needs the new key too.');
  }
  if (e.SECRETS_MASTER_KEY_PREVIOUS && !e.SECRETS_MASTER_KEY) {
    throw new ConfigError('SECRETS_MASTER_KEY_PREVIOUS is set but SECRETS_MASTER_KEY is not: a rotation needs the new key too.');
  }
  const secretsMasterKey = e.SECRETS_MASTER_KEY ? parseMasterKey('SECRETS_MASTER_KEY', e.SECRETS_MASTER_KEY) : undefined;
  // A dedicated key: one leaked or rotated key must not expose or touch the other kind of data.
  if (secretsMasterKey && e.PII_MASTER_KEY && secretsMasterKey.equals(parseMasterKey('PII_MASTER_KEY', e.PII_MASTER_KEY))) {
    throw new ConfigError('SECRETS_MASTER_KEY must not be the same key as PII_MASTER_KEY: generate a key of its own.');
  }
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
    piiMasterKey: e.PII_MASTER_KEY ? parseMasterKey('PII_MASTER_KEY', e.PII_MASTER_KEY) : undefined,
    piiMasterKeyPrevious: e.PII_MASTER_KEY_PREVIOUS ? parseMasterKey('PII_MASTER_KEY_PREVIOUS', e.PII_MASTER_KEY_PREVIOUS) : undefined,
    secretsMasterKey,
    secretsMasterKeyPrevious: e.SECRETS_MASTER_KEY_PREVIOUS
      ? parseMasterKey('SECRETS_MASTER_KEY_PREVIOUS', e.SECRETS_MASTER_KEY_PREVIOUS)
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    campaigns: {
      whatsappApiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
      whatsappApiVersion: e.WHATSAPP_API_VERSION,
      whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN,
      whatsappAppSecret: e.WHATSAPP_APP_SECRET,
    },
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    salesHoldSeconds: e.SALES_HOLD_SECONDS,
    readAfterTimeoutMs: e.READ_AFTER_TIMEOUT_MS,
    payments: {
      culqiApiUrl: e.CULQI_API_URL,
      culqiTokensUrl: e.CULQI_TOKENS_URL,
      merchantApiUrl: e.MERCHANT_API_URL,
      merchantUser: e.MERCHANT_API_USER,
      merchantPassword: e.MERCHANT_API_PASSWORD,
      merchantWebhookSecret: e.MERCHANT_WEBHOOK_SECRET,
      merchantCheckoutUrl: e.MERCHANT_CHECKOUT_URL,
    },
    boxOfficePrintOrigins: e.BOXOFFICE_PRINT_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    salesWaitlistOfferSeconds: e.SALES_WAITLIST_OFFER_SECONDS,
  };
}
