import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { takeSendToken } from '../../src/commands/chat/rate-limit.js';
import { CHAT_RATE_BURST, CHAT_RATE_PER_SECOND } from '../../src/contracts/chat.js';
import { TEST_REDIS_URL } from '../support/context.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('chat send rate limit (real Redis)', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = `aforo-test-rate-${randomUUID()}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('given a full bucket, when a user floods one turn, then exactly the burst goes through and others are not charged', async () => {
    const [ana, beto] = [randomUUID(), randomUUID()];
    // All of these share one script call: a user twice in a batch is charged twice.
    const flood = await Promise.all(Array.from({ length: CHAT_RATE_BURST + 5 }, () => takeSendToken(redis, prefix, ana)));
    const other = await takeSendToken(redis, prefix, beto);
    expect(flood.filter(Boolean)).toHaveLength(CHAT_RATE_BURST);
    expect(flood.slice(0, CHAT_RATE_BURST).every(Boolean)).toBe(true);
    expect(other).toBe(true);
    expect(await takeSendToken(redis, prefix, ana)).toBe(false);
  });

  it('given an empty bucket, when time passes, then tokens come back at the refill rate', async () => {
    const user = randomUUID();
    await Promise.all(Array.from({ length: CHAT_RATE_BURST }, () => takeSendToken(redis, prefix, user)));
    expect(await takeSendToken(redis, prefix, user)).toBe(false);
    await sleep(Math.ceil((2 * 1000) / CHAT_RATE_PER_SECOND) + 30);
    expect(await takeSendToken(redis, prefix, user)).toBe(true);
  });

  it('given sends spread over separate turns, then each is answered on its own', async () => {
    const user = randomUUID();
    const answers: boolean[] = [];
    for (let i = 0; i < 3; i++) answers.push(await takeSendToken(redis, prefix, user));
    expect(answers).toEqual([true, true, true]);
  });
});
