import type { Redis } from 'ioredis';
import { CHAT_RATE_BURST, CHAT_RATE_PER_SECOND } from '../../contracts/chat.js';

// Token buckets, one per user: tokens refill continuously up to the burst; a send takes one. One script call
// serves every send of an event-loop turn (KEYS: their buckets, in order; a user twice in a batch is charged
// twice), answering 1 (allowed) or 0 per key.
const SCRIPT = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local ttl = math.ceil(burst / rate * 1000) + 1000
local out = {}
for i, key in ipairs(KEYS) do
  local b = redis.call('HMGET', key, 't', 'ts')
  local tokens = tonumber(b[1])
  local ts = tonumber(b[2])
  if tokens == nil then tokens = burst; ts = now end
  tokens = math.min(burst, tokens + math.max(0, now - ts) * rate / 1000)
  local ok = 0
  if tokens >= 1 then tokens = tokens - 1; ok = 1 end
  redis.call('HSET', key, 't', tokens, 'ts', now)
  redis.call('PEXPIRE', key, ttl)
  out[i] = ok
end
return out
`;

type WithChatRate = Redis & {
  chatTakeSendTokens(...args: Array<string | number>): Promise<number[]>;
};

interface Waiting {
  key: string;
  resolve: (ok: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Sends of one turn wait in one queue per Redis connection and leave together (setImmediate: after the turn's
 * I/O callbacks, so every message read in that turn joins). Under load that is one round trip and one script
 * run for dozens of sends instead of one each; alone, a send waits for nothing but its own round trip.
 */
const queues = new WeakMap<Redis, Waiting[]>();

function flush(redis: WithChatRate, batch: Waiting[]) {
  const keys = batch.map((w) => w.key);
  redis.chatTakeSendTokens(keys.length, ...keys, CHAT_RATE_BURST, CHAT_RATE_PER_SECOND, Date.now()).then(
    (answers) => batch.forEach((w, i) => w.resolve(answers[i] === 1)),
    (err) => batch.forEach((w) => w.reject(err)),
  );
}

/** Per-user chat send limit (CHAT_RATE_BURST messages, refilled at CHAT_RATE_PER_SECOND): true when allowed. */
export function takeSendToken(redis: Redis, prefix: string, userId: string): Promise<boolean> {
  // A defined command runs by EVALSHA (the script body is not resent per batch).
  if (!('chatTakeSendTokens' in redis)) redis.defineCommand('chatTakeSendTokens', { lua: SCRIPT });
  return new Promise((resolve, reject) => {
    let queue = queues.get(redis);
    if (!queue) {
      const fresh: Waiting[] = [];
      queue = fresh;
      queues.set(redis, fresh);
      setImmediate(() => {
        queues.delete(redis);
        flush(redis as WithChatRate, fresh);
      });
    }
    queue.push({ key: `${prefix}:chat:rate:${userId}`, resolve, reject });
  });
}
