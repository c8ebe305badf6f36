/**
 * Rate limit per sender, shared by every worker process: a GCRA in Redis (one key per sender, its "theoretical
 * arrival time"), so a WhatsApp number's messages are spaced 1/80 s apart whichever worker sends them: each
 * message reserves the next slot and sleeps until it. BullMQ's
 * limiter is per queue, not per sender, so it cannot keep two numbers' campaigns from slowing each other.
 * A 130429 or HTTP 429 answer pushes the sender's next slot a second ahead (back-off for all its jobs).
 */
import { Redis } from 'ioredis';

// Reserves the sender's next slot and answers how long to wait for it (microseconds): one call per message, no
// polling (jobs waiting for a slot would otherwise all wake and retry together every interval).
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
redis.call('SET', KEYS[1], tat + tonumber(ARGV[1]), 'PX', 60000)
return tat - now`;

const PENALIZE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local until_ = now + tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < until_ then redis.call('SET', KEYS[1], until_, 'PX', 60000) end
return 0`;

export interface SenderRate {
  /** Waits for the sender's next slot. */
  take(sender: string, perSecond: number): Promise<void>;
  /** Nothing for this sender during `ms`. */
  penalize(sender: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

export function createSenderRate(redisUrl: string, prefix: string): SenderRate {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  const key = (sender: string) => `${prefix}:contacts:sender-rate:${sender}`;
  return {
    async take(sender, perSecond) {
      const interval = Math.round(1_000_000 / perSecond);
      const wait = Number(await redis.eval(TAKE, 1, key(sender), interval));
      if (wait > 0) await new Promise((r) => setTimeout(r, Math.ceil(wait / 1000)));
    },
    async penalize(sender, ms) {
      await redis.eval(PENALIZE, 1, key(sender), ms * 1000);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
