// `npm run bench -- campaign` (issue 22): the campaign delivery engine.
//  1. 10,000 e-mails through the queue (a campaign worker process) to a local SMTP server, beside nodemailer
//     sending the same 10,000 directly with the same pool options in the same run: emailsPerSecond,
//     directPerSecond, ratio (goal >= 0.5).
//  2. The same campaign (10,000 other addresses) with the worker SIGKILLed at 30% and started again, counted at
//     the SMTP server: killLost, killDuplicates (copies received), killDuplicateMessageIds (copies whose
//     Message-ID had not been received before; 0: receivers de-duplicating on Message-ID see each mail once).
//  3. WhatsApp messages to the local Cloud API fake at its 80/s limit (CAMPAIGN_BENCH_WHATSAPP, default 10,000):
//     whatsappSustainedRatio (goal >= 0.95).
// importSeconds and asOfP99Ms belong to the contacts core (another branch) and are not measured here.
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { createCampaign, saveSender, startCampaign } from '../src/commands/contacts/campaigns.js';
import type { CampaignRecipient } from '../src/domain/contacts/campaign.js';
import { waitForPosition } from '../src/projections/wait.js';
import { campaignCounts } from '../src/projections/contacts/campaign-queries.js';
import { CAMPAIGN_SMTP_POOL } from '../src/workers/contacts/campaign-jobs.js';
import { htmlToText, renderTemplate } from '../src/sales-documents/template.js';
import { startTestNode } from '../test/support/context.js';
import { startFakeWhatsApp } from '../test/support/fake-whatsapp.js';
import { startCampaignWorker, type WorkerProcess } from './lib/campaign-worker-process.js';
import { startCountingSmtp } from './lib/counting-smtp.js';

const EMAILS = Number(process.env.CAMPAIGN_BENCH_EMAILS ?? 10_000);
const WHATSAPPS = Number(process.env.CAMPAIGN_BENCH_WHATSAPP ?? 10_000);
const NUMBER = '1555000111222';
const TOKEN = `EAAG${randomBytes(24).toString('hex')}`;
const content = { kind: 'email' as const, subject: 'Hola {{ contact.name }}', html: '<p>Hola {{ contact.name }}, te esperamos en {{ contact.ciudad }}.</p>' };

const log = (s: string) => console.log(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const smtp = await startCountingSmtp();
const tagOf = (to: string) => to.slice(0, to.indexOf('.'));
const fake = await startFakeWhatsApp({ tokens: { [NUMBER]: TOKEN } });
const t = await startTestNode({ workers: false }, { SMTP_URL: smtp.url, WHATSAPP_API_URL: fake.url, APP_URL: 'https://aforo.example' });
const { ctx } = t;
const workers: WorkerProcess[] = [];
const startWorker = async () => {
  const w = await startCampaignWorker(ctx, { WHATSAPP_API_URL: fake.url });
  workers.push(w);
  return w;
};

try {
  log(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const clientId = randomUUID();
  const by = clientId;
  const emailSender = randomUUID();
  const waSender = randomUUID();
  await saveSender(ctx, { senderId: emailSender, clientId, channel: 'email', name: 'Boletín', fromName: 'Aforo', fromEmail: 'boletin@aforo.example', by, clientRequestId: 'e' });
  await saveSender(ctx, { senderId: waSender, clientId, channel: 'whatsapp', name: 'WA', phoneNumberId: NUMBER, secret: TOKEN, by, clientRequestId: 'w' });

  const recipients = (tag: string, n: number, phone = false): CampaignRecipient[] =>
    Array.from({ length: n }, (_, i) => ({
      key: `${tag}${i}`,
      contactId: `${tag}${i}`,
      address: phone ? `+51${String(900000000 + i)}` : `${tag}.${i}@example.test`,
      name: `Persona ${i}`,
      merge: { ciudad: 'Lima' },
      consent: true,
    }));
  const newCampaign = async (tag: string, n: number, channel: 'email' | 'whatsapp' = 'email') => {
    const campaignId = randomUUID();
    const r = await createCampaign(ctx, {
      campaignId,
      clientId,
      channel,
      senderId: channel === 'email' ? emailSender : waSender,
      name: `Bench ${tag}`,
      content: channel === 'email' ? content : { kind: 'whatsapp', templateName: 'bench', language: 'es', components: [{ type: 'body', parameters: [{ type: 'text', text: '{{ contact.name }}' }] }] },
      recipients: recipients(tag, n, channel === 'whatsapp'),
      by,
      clientRequestId: campaignId,
    });
    await waitForPosition(ctx.db, ctx.store, r.position!);
    return campaignId;
  };
  const countTo = (tag: string) => smtp.received.filter((r) => r.to.startsWith(`${tag}.`));
  smtp.onReceived = (to) => arrived.set(tagOf(to), (arrived.get(tagOf(to)) ?? 0) + 1);
  /** Waits for `pred`, printing every 15 s how many have arrived (`count`) and at what pace. */
  const waitFor = async (pred: () => boolean, timeoutMs: number, what: string, count?: () => number) => {
    const until = Date.now() + timeoutMs;
    let lastAt = Date.now();
    let last = count?.() ?? 0;
    while (!pred()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
      if (count && Date.now() - lastAt >= 15_000) {
        const n = count();
        log(`  ${what}: ${n} (${(((n - last) * 1000) / (Date.now() - lastAt)).toFixed(0)}/s over the last 15 s, load ${os.loadavg()[0].toFixed(2)})`);
        last = n;
        lastAt = Date.now();
      }
    }
  };
  // Counted as they arrive (a filter over every received message at each poll would load the SMTP server's process).
  const arrived = new Map<string, number>();
  const countOf = (tag: string) => arrived.get(tag) ?? 0;

  // ---------------------------------------------------------------- 1. direct nodemailer, same pool, same mails
  const direct = nodemailer.createTransport({ url: smtp.url, ...CAMPAIGN_SMTP_POOL });
  const directStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= EMAILS) return;
        const r = await renderTemplate(content, { contact: { name: `Persona ${i}`, ciudad: 'Lima' }, campaign: { name: 'Bench' } });
        const url = `https://aforo.example/api/v2/subscription/x${i}/unsubscribe`;
        await direct.sendMail({
          from: { name: 'Aforo', address: 'boletin@aforo.example' },
          to: { name: `Persona ${i}`, address: `direct.${i}@example.test` },
          subject: r.subject,
          html: r.html,
          text: htmlToText(r.html),
          messageId: `<direct-${i}@aforo>`,
          headers: { 'List-Unsubscribe': `<${url}>, <mailto:boletin@aforo.example?subject=baja>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      }
    }),
  );
  const directSeconds = (performance.now() - directStart) / 1000;
  direct.close();
  const directPerSecond = EMAILS / directSeconds;
  log(`direct nodemailer: ${EMAILS} mails in ${directSeconds.toFixed(2)} s = ${directPerSecond.toFixed(0)}/s`);

  // ------------------------------------------------------------------------ 2. the same through the queue
  let worker = await startWorker();
  const queued = await newCampaign('q', EMAILS);
  const queuedStart = performance.now();
  await startCampaign(ctx, { campaignId: queued, by, clientRequestId: `start-${queued}` });
  await waitFor(() => countOf('q') >= EMAILS, 900_000, 'queued campaign', () => countOf('q'));
  const queuedSeconds = (performance.now() - queuedStart) / 1000;
  const emailsPerSecond = EMAILS / queuedSeconds;
  log(`through the queue: ${EMAILS} mails in ${queuedSeconds.toFixed(2)} s = ${emailsPerSecond.toFixed(0)}/s (ratio ${(emailsPerSecond / directPerSecond).toFixed(2)})`);

  // ------------------------------------------------------------------------- 3. killed at 30% and restarted
  const killed = await newCampaign('k', EMAILS);
  let killAt = 0;
  smtp.onMessage = () => {
    if (killAt === 0 && countOf('k') >= EMAILS * 0.3) {
      killAt = countOf('k');
      worker.child.kill('SIGKILL');
    }
  };
  await startCampaign(ctx, { campaignId: killed, by, clientRequestId: `start-${killed}` });
  await waitFor(() => killAt > 0 && worker.child.signalCode !== null, 600_000, 'the kill at 30%');
  smtp.onMessage = undefined;
  log(`worker SIGKILLed with ${killAt} of ${EMAILS} received; restarting`);
  worker = await startWorker();
  await waitFor(() => countOf('k') >= EMAILS && new Set(countTo('k').map((r) => r.to)).size >= EMAILS, 900_000, 'restarted campaign', () => countOf('k'));
  await sleep(6000); // stalled jobs of the killed worker come back within 5 s: any late copy lands now
  const killMails = countTo('k');
  const killDistinct = new Set(killMails.map((r) => r.to)).size;
  const killLost = EMAILS - killDistinct;
  const killDuplicates = killMails.length - killDistinct;
  // Copies whose Message-ID had not been received before (0: every copy repeats its first copy's Message-ID).
  const killDuplicateMessageIds = killDuplicates - (killMails.length - new Set(killMails.map((r) => r.messageId)).size);
  const counts = await campaignCounts(ctx.db, killed);
  log(`kill: lost ${killLost}, duplicate copies ${killDuplicates} (with a Message-ID not seen before: ${killDuplicateMessageIds}), ledger ${JSON.stringify(counts.counts)}`);

  // ------------------------------------------------------------------------------- 4. WhatsApp at 80/s
  const wa = await newCampaign('w', WHATSAPPS, 'whatsapp');
  const waBefore = fake.messages.length;
  const throttledBefore = fake.throttled;
  await startCampaign(ctx, { campaignId: wa, by, clientRequestId: `start-${wa}` });
  await waitFor(() => fake.messages.length - waBefore >= WHATSAPPS, 3_600_000, 'WhatsApp campaign', () => fake.messages.length - waBefore);
  const waMessages = fake.messages.slice(waBefore);
  const waSeconds = (waMessages.at(-1)!.at - waMessages[0].at) / 1000;
  const waPerSecond = (WHATSAPPS - 1) / waSeconds;
  const whatsappSustainedRatio = waPerSecond / 80;
  log(
    `WhatsApp: ${WHATSAPPS} messages in ${waSeconds.toFixed(1)} s = ${waPerSecond.toFixed(1)}/s (${(whatsappSustainedRatio * 100).toFixed(1)}% of 80/s), ` +
      `refused 130429: ${fake.throttled - throttledBefore}, busiest sliding second: ${fake.maxPerSecond(NUMBER)}, distinct recipients ${new Set(waMessages.map((m) => m.to)).size}`,
  );
  log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  console.log(
    JSON.stringify({
      emailsPerSecond: Math.round(emailsPerSecond),
      directPerSecond: Math.round(directPerSecond),
      ratio: Number((emailsPerSecond / directPerSecond).toFixed(3)),
      killLost,
      killDuplicates,
      killDuplicateMessageIds,
      whatsappSustainedRatio: Number(whatsappSustainedRatio.toFixed(3)),
      whatsappMessages: WHATSAPPS,
    }),
  );
} finally {
  for (const w of workers) await w.kill('SIGTERM');
  await t.stop();
  await smtp.close();
  await fake.close();
}
process.exit(0);
