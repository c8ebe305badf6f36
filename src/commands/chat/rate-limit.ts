import type { Redis } from 'ioredis';
import { CHAT_RATE_BURST, CHAT_RATE_PER_SECOND } from '../../contracts/chat.js';

// Token bucket in one round trip: tokens refill continuously up to the burst; a send takes one.
const SCRIPT = `
local key = KEYS[1]
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local b = redis.call('HMGET', key, 't', 'ts')
local tokens = tonumber(b[1])
local ts = tonumber(b[2])
if tokens == nil then tokens = burst; ts = now end
tokens = math.min(burst, tokens + (now - ts) * rate / 1000)
local ok = 0
if tokens >= 1 then tokens = tokens - 1; ok = 1 end
redis.call('HSET', key, 't', tokens, 'ts', now)
redis.call('PEXPIRE', key, math.ceil(burst / rate * 1000) + 1000)
return ok
`;

type WithChatRate = Redis & {
  chatTakeSendToken(key: string, burst: number, rate: number, now: number): Promise<number>;
};

/** Per-user chat send limit (CHAT_RATE_BURST messages, refilled at CHAT_RATE_PER_SECOND): true when allowed. */
export async function takeSendToken(redis: Redis, prefix: string, userId: string, now = Date.now()): Promise<boolean> {
  // A defined command runs by EVALSHA (the script body is not resent per send) and joins auto-pipelines.
  if (!('chatTakeSendToken' in redis)) redis.defineCommand('chatTakeSendToken', { numberOfKeys: 1, lua: SCRIPT });
  const ok = await (redis as WithChatRate).chatTakeSendToken(`${prefix}:chat:rate:${userId}`, CHAT_RATE_BURST, CHAT_RATE_PER_SECOND, now);
  return ok === 1;
}
