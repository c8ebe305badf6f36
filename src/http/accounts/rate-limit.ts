import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../context.js';
import { emailHash } from '../../domain/accounts/email.js';
import { errorBody } from '../errors.js';

/**
 * Limits per client IP and e-mail. Read at request time so a test can tune them for its own process; the
 * counters live in Redis so that every API process shares them.
 */
export const accountsRateLimits = {
  /** Failed sign-ins (successful ones do not count). */
  signin: { windowMs: 15 * 60 * 1000, limit: 10 },
  /**
   * Failed sign-ins from one IP whatever the e-mail: trying one password on many accounts (spraying) never meets
   * the per-account limit. Generous, since many people can share an IP (an office, a venue's Wi-Fi).
   */
  signinPerIp: { windowMs: 15 * 60 * 1000, limit: 100 },
  signup: { windowMs: 60 * 60 * 1000, limit: 10 },
  signupPerIp: { windowMs: 60 * 60 * 1000, limit: 100 },
  passwordReset: { windowMs: 60 * 60 * 1000, limit: 5 },
  /** Mails a signed-in user can trigger (verification resend, account deletion link). */
  accountMail: { windowMs: 60 * 60 * 1000, limit: 5 },
  /**
   * Wrong current passwords at changePasword, per account whatever the IP: a stolen session must not become a
   * way to guess the password (which would then survive the session). Successful changes do not count.
   */
  changePassword: { windowMs: 15 * 60 * 1000, limit: 5 },
  /**
   * Refused e-mailed-link tokens (reset, verify, deletion) from one IP. The tokens are 256-bit, so this is
   * about not letting anyone hammer the endpoints; a person clicking a stale link a few times never meets it.
   */
  mailTokenPerIp: { windowMs: 15 * 60 * 1000, limit: 20 },
};
export type AccountsRateLimitName = keyof typeof accountsRateLimits;

const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

class RedisWindowStore implements Store {
  readonly localKeys = false;
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly windowMs: () => number,
  ) {}
  async increment(key: string) {
    const [hits, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(this.windowMs()))) as [number, number];
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + Number(ttl)) };
  }
  async decrement(key: string) {
    await this.redis.decr(this.prefix + key);
  }
  async resetKey(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** Limits that count refused attempts only: a success is not an attack (and may follow a typo or two). */
const FAILURES_ONLY = new Set<AccountsRateLimitName>(['signin', 'signinPerIp', 'changePassword', 'mailTokenPerIp']);

/** The signed-in account alone (the route requires a session). */
const userKey = (req: Request) => (req.user ? `u:${req.user._id}` : ipKeyGenerator(req.ip ?? 'unknown'));

/** IP plus the account concerned: the signed-in user, or the e-mail in the body. */
function clientKey(req: Request): string {
  const who = req.user ? `u:${req.user._id}` : typeof req.body?.email === 'string' ? `e:${emailHash(req.body.email)}` : '-';
  return `${ipKeyGenerator(req.ip ?? 'unknown')}:${who}`;
}

export function accountsRateLimit(ctx: AppContext, name: AccountsRateLimitName): RequestHandler {
  const options: Partial<Options> = {
    windowMs: accountsRateLimits[name].windowMs,
    limit: () => accountsRateLimits[name].limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: name.endsWith('PerIp') ? (req) => ipKeyGenerator(req.ip ?? 'unknown') : name === 'changePassword' ? userKey : clientKey,
    skipSuccessfulRequests: FAILURES_ONLY.has(name),
    store: new RedisWindowStore(ctx.redis, `${ctx.config.redisPrefix}:rl:accounts.${name}:`, () => accountsRateLimits[name].windowMs),
    handler: (_req, res) => {
      res.status(429).json(errorBody(429));
    },
    // The window is read per request above; the library's own checks would flag that as a misconfiguration.
    validate: { limit: false },
  };
  return rateLimit(options);
}
