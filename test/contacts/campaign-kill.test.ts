// A campaign worker process SIGKILLed mid-campaign and started again, counted at the SMTP server: no recipient is
// lost, and no recipient whose send had committed is sent again (`once`; the jobs the killed process held are found
// stalled and taken again). What cannot be told apart is a message the server accepted in the last milliseconds
// before the kill, before its sent-log row committed: it is sent again after the restart. Those copies are bounded
// by the jobs in flight (the queue's concurrency per worker) and carry the same Message-ID as the first copy, so receivers
// that de-duplicate on it drop them; the test holds both bounds and prints the count (docs/benchmarks.md).
import { describe, expect, it } from 'vitest';
import { startCampaignWorker } from '../../bench/lib/campaign-worker-process.js';
import { QUEUE_WORKER_OPTIONS } from '../../src/workers/jobs.js';
import { signUp } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { campaignApi, people } from './campaign-support.js';

describe('campaign worker killed and restarted', () => {
  // No workers in the node: the campaign's jobs run only in the child processes.
  const app = useTestApp({ smtp: true, parts: { workers: false } });

  it('loses none; sends again at most the messages in flight at the kill, with their Message-ID', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.emailSender();
    const N = 600;
    const { id } = await c.create({ senderId, recipients: people(N, 'kill') });
    let worker = await startCampaignWorker(app.ctx);
    try {
      await c.send(id);
      await expect.poll(() => app.smtp.mails.length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(N * 0.3);
      await worker.kill('SIGKILL');
      const atKill = app.smtp.mails.length;
      expect(atKill).toBeLessThan(N);
      worker = await startCampaignWorker(app.ctx);
      const done = await c.waitStatus(id, 'completed', 90_000);
      expect(done.counts).toEqual({ sent: N });
      const perAddress = new Map<string, number>();
      for (const m of app.smtp.mails) perAddress.set(m.to[0], (perAddress.get(m.to[0]) ?? 0) + 1);
      const lost = N - perAddress.size;
      const duplicates = app.smtp.mails.length - perAddress.size;
      const messageIds = new Set(app.smtp.mails.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim()));
      console.log(`kill test: killed at ${atKill}/${N}; lost ${lost}, duplicates ${duplicates}, distinct Message-IDs ${messageIds.size}`);
      expect(lost).toBe(0);
      expect(duplicates).toBeLessThanOrEqual(QUEUE_WORKER_OPTIONS['campaign-email']!.concurrency);
      expect(messageIds.size).toBe(N);
    } finally {
      await worker.kill('SIGTERM');
    }
  }, 180_000);
});
