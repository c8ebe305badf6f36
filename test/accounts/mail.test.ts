import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createJobs } from '../../src/workers/jobs.js';
import { sendMailJob } from '../../src/workers/mail/jobs.js';
import { startTestNode } from '../support/context.js';

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail job without SMTP_URL', () => {
  let dataDir: string;
  let t: Awaited<ReturnType<typeof startTestNode>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aforo-mail-'));
    t = await startTestNode({}, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const mailQueue = () => (t.ctx.jobs as ReturnType<typeof createJobs>).queue('mail');

  it('writes an .eml file into <dataDir>/mail and sends each key once, even when re-enqueued', async () => {
    const key = randomUUID();
    const payload = {
      key,
      to: 'destino@example.test',
      subject: 'Verifica tu correo electrónico en Aforo',
      text: 'Hola:\n\nhttp://localhost/auth/verify/abc\n',
      link: 'http://localhost/auth/verify/abc',
    };
    await t.ctx.jobs.enqueue(sendMailJob, payload, key);
    const dir = path.join(dataDir, 'mail');
    const files = await waitFor(async () => {
      const list = await readdir(dir).catch(() => []);
      return list.length ? list : undefined;
    });
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]), 'utf8');
    expect(eml).toContain('To: destino@example.test');
    expect(eml).toMatch(/Subject: .*Verifica/);

    // A second job for the same key (a retry after the first was removed) finds it in the sent log.
    await waitFor(async () => (await t.ctx.db.selectFrom('job_sent_log').select('job_key').where('job_key', '=', `mail.send:${key}`).executeTakeFirst()) ?? undefined);
    // Sent jobs are removed from Redis (the payload holds the address and the link).
    await waitFor(async () => ((await mailQueue().getJob(`mail.send_${key}`)) ? undefined : true));
    await t.ctx.jobs.enqueue(sendMailJob, payload, key);
    await waitFor(async () => ((await mailQueue().getJob(`mail.send_${key}`)) ? undefined : true));
    expect(await readdir(dir)).toHaveLength(1);
    const log = await t.ctx.db.selectFrom('job_sent_log').selectAll().where('job_key', '=', `mail.send:${key}`).execute();
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0].result)).not.toContain('verify/abc'); // the link is not kept in PostgreSQL
  });
});
