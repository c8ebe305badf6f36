import { z } from 'zod';
import { defineJob } from '../jobs.js';
import { mailTransport } from './transport.js';

/**
 * Sends one e-mail. `key` is the id of the event that caused it, so a retried job, or the same mail enqueued
 * twice, goes out once (job_sent_log). The payload may carry a one-time link: it lives only in Redis and in
 * the mail, never in PostgreSQL (the sent log stores the message id only).
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  version: 1,
  queue: 'mail',
  schema: z.object({
    key: z.string().min(1).max(200),
    to: z.string().min(3).max(254),
    subject: z.string().min(1).max(300),
    text: z.string().min(1),
    html: z.string().optional(),
    /** Logged (token redacted) when mails go to files, next to the .eml file that holds it. */
    link: z.string().optional(),
  }),
  // A sent mail's payload (address, one-time link) leaves Redis at once; the sent log keeps retries from resending.
  options: { removeOnComplete: true, removeOnFail: { age: 24 * 60 * 60 } },
  async handler(payload, { config, logger, once }) {
    const transport = mailTransport(config, logger);
    await once(`mail.send:${payload.key}`, () =>
      transport.send({ to: payload.to, subject: payload.subject, text: payload.text, html: payload.html }, { key: payload.key, link: payload.link }),
    );
  },
});
