// Jobs are id + version + zod payload + handler: the BullMQ job name carries the version, the job id (the
// deduplication key) does not, and jobs enqueued before names carried a version still reach version 1.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redisConnection } from '../../src/context.js';
import { createJobs, defineJob, jobName, startWorkers } from '../../src/workers/jobs.js';
import { sendMailJob } from '../../src/workers/mail/jobs.js';
import { startTestNode } from '../support/context.js';

describe('versioned jobs', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  beforeAll(async () => {
    // No workers of the node's own: its worker on the same queue would take the test's jobs (reminders use it).
    t = await startTestNode({ workers: false });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('names the BullMQ job <id>@<version> and keeps the job id unversioned', async () => {
    expect(jobName(sendMailJob)).toBe('mail.send@1');
    expect(() => defineJob({ name: 'test.bad', version: 0, queue: 'reminders', schema: z.object({}), handler: async () => undefined })).toThrow(/version/);

    const seen: string[] = [];
    const v1 = defineJob({
      name: 'test.versioned',
      version: 1,
      queue: 'reminders',
      schema: z.object({ n: z.number() }),
      async handler(payload) {
        seen.push(`v1:${payload.n}`);
      },
    });
    const jobs = createJobs(redisConnection(t.ctx.config.redisUrl), t.ctx.bullPrefix);
    const key = randomUUID();
    await jobs.enqueue(v1, { n: 1 }, key);
    const queued = await jobs.queue('reminders').getJob(`test.versioned_${key}`);
    expect(queued?.name).toBe('test.versioned@1');

    // A job enqueued under the bare name (before versions) is handled by version 1.
    await jobs.queue('reminders').add('test.versioned', { n: 2 }, { jobId: `legacy_${key}` });
    const workers = startWorkers(
      { connection: redisConnection(t.ctx.config.redisUrl), prefix: t.ctx.bullPrefix, db: t.ctx.db, config: t.ctx.config, logger: t.ctx.logger, commands: t.ctx },
      [v1],
    );
    try {
      await expect.poll(() => [...seen].sort(), { timeout: 10_000 }).toEqual(['v1:1', 'v1:2']);
    } finally {
      await workers.close();
      await jobs.close();
    }
  });
});
