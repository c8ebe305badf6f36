/**
 * The campaign delivery engine (issue 22): one BullMQ queue per channel (`campaign-email`, `campaign-whatsapp`),
 * one job per recipient. Exactly-once sending rests on three things:
 *
 * - job ids `contacts.campaignEmail_<campaignId>_<recipientKey>` (a resumed run appends `_r<n>`): enqueueing a
 *   campaign twice (a projection batch applied again) adds nothing;
 * - the send runs inside `once('contacts.campaign:<campaignId>:<recipientKey>')` (src/workers/jobs.ts): the sent
 *   log row commits in the transaction that holds the key's advisory lock, so a retried, replayed, resumed or
 *   restarted job whose recipient was sent does nothing, and two workers never send the same recipient at once;
 * - before sending, the job reads the campaign's status (cached 250 ms per process): a paused or cancelled
 *   campaign's jobs finish without sending, and a resume enqueues again the recipients with no outcome yet. The
 *   queue is shared by every campaign, so pausing the queue would pause everyone's; the check is per campaign.
 *
 * The one window left is the provider's: a worker killed after the SMTP server or the Cloud API accepted a message
 * but before the sent-log row committed sends it again on restart (nothing tells whether the provider took it).
 * Such copies are bounded by the jobs in flight; the Message-ID is deterministic per campaign and recipient, so
 * mailbox providers that de-duplicate on it drop such a copy; the bench counts what the SMTP server received (docs/benchmarks.md, "Campaigns").
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { recordCampaignProgress, startCampaign } from '../../commands/contacts/campaigns.js';
import { subscriptionToken, unsubscribeToken } from '../../commands/contacts/unsubscribe-token.js';
import { campaignAudience as ma } from '../../messages/contacts/campaigns.js';
import { trackLinks } from './campaign-links.js';
import { createSecretsVault } from '../../crypto/secrets-vault.js';
import type { EmailContent, WhatsAppContent } from '../../domain/contacts/campaign.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { applyLoggedStatuses, recordDelivery, sentResult } from '../../projections/contacts/campaign-deliveries.js';
import { campaignCounts, campaignForSend, findSender, recipientForSend } from '../../projections/contacts/campaign-queries.js';
import { htmlToText, renderPlainText, renderTemplate } from '../../sales-documents/template.js';
import { defineJob, type JobContext, type JobDefinition } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';
import { createSenderRate, type SenderRate } from './sender-rate.js';
import { sendWhatsAppTemplate, WhatsAppApiError } from './whatsapp-client.js';

const m = messages.contacts.campaigns;

/** WhatsApp Cloud API: 80 messages per second per phone number by default. */
export const WHATSAPP_PER_SECOND = Number(process.env.CAMPAIGN_WHATSAPP_PER_SECOND ?? 80);

export const campaignOnceKey = (campaignId: string, recipientKey: string) => `contacts.campaign:${campaignId}:${recipientKey}`;
/** The BullMQ key of a recipient's job in a run (0: the start; n: the n-th resume). */
export const campaignJobKey = (campaignId: string, recipientKey: string, run: number) =>
  run === 0 ? `${campaignId}:${recipientKey}` : `${campaignId}:${recipientKey}:r${run}`;

// ----------------------------------------------------------------------------------------- process caches
const campaignCache = new Map<string, { at: number; value: Promise<Awaited<ReturnType<typeof campaignForSend>>> }>();
function cachedCampaign(ctx: JobContext, campaignId: string) {
  const hit = campaignCache.get(campaignId);
  if (hit && Date.now() - hit.at < 250) return hit.value;
  const value = campaignForSend(ctx.db, campaignId);
  campaignCache.set(campaignId, { at: Date.now(), value });
  return value;
}

interface SenderInfo {
  fromName: string | null;
  fromEmail: string | null;
  phoneNumberId: string | null;
  secret: string | null;
}
const senderCache = new Map<string, { at: number; value: Promise<SenderInfo | null> }>();
function cachedSender(ctx: JobContext, senderId: string): Promise<SenderInfo | null> {
  const hit = senderCache.get(senderId);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const value = (async () => {
    const s = await findSender(ctx.db, senderId);
    if (!s) return null;
    const secret = s.secret_ref ? await createSecretsVault(ctx.db).reveal(s.secret_ref) : null;
    return { fromName: s.from_name, fromEmail: s.from_email, phoneNumberId: s.phone_number_id, secret };
  })();
  senderCache.set(senderId, { at: Date.now(), value });
  value.catch(() => senderCache.delete(senderId));
  return value;
}

/** One pooled SMTP transport per sender's server (the platform's SMTP_URL unless the sender has its own). */
const pools = new Map<string, Transporter>();
export const CAMPAIGN_SMTP_POOL = { pool: true, maxConnections: 10, maxMessages: Infinity } as const;
function pooledTransport(url: string): Transporter {
  let t = pools.get(url);
  if (!t) pools.set(url, (t = nodemailer.createTransport({ url, ...CAMPAIGN_SMTP_POOL })));
  return t;
}

let rate: SenderRate | null = null;
function senderRate(ctx: JobContext): SenderRate {
  if (!rate) rate = createSenderRate(ctx.config.redisUrl!, ctx.config.redisPrefix);
  return rate;
}

/** Closes this process's pools and rate-limit connection (bench and worker shutdown). */
export async function closeCampaignResources(): Promise<void> {
  for (const t of pools.values()) t.close();
  pools.clear();
  await rate?.close();
  rate = null;
}

// ------------------------------------------------------------------------------------------- progress
const progressTimers = new Map<string, NodeJS.Timeout>();
/**
 * At most once a second per campaign and process: the counts per state go to the campaign stream
 * (`CampaignProgressed`, pushed live by the projection), and a running campaign with nothing left completes.
 */
function tick(ctx: JobContext, campaignId: string): void {
  if (progressTimers.has(campaignId)) return;
  progressTimers.set(
    campaignId,
    setTimeout(() => {
      progressTimers.delete(campaignId);
      void (async () => {
        const { counts, remaining } = await campaignCounts(ctx.db, campaignId);
        await recordCampaignProgress(ctx.commands, campaignId, counts, remaining);
      })().catch((err) => ctx.logger.warn({ err, campaignId }, 'campaign progress not recorded'));
    }, 1000),
  );
}

// ------------------------------------------------------------------------------------------- the jobs
const recipientJobSchema = z.object({ campaignId: z.string(), recipientKey: z.string() });

/** What every send does before the provider: the campaign running, the recipient queued and still consenting. */
async function prepare(ctx: JobContext, payload: z.infer<typeof recipientJobSchema>, channel: 'email' | 'whatsapp') {
  const campaign = await cachedCampaign(ctx, payload.campaignId);
  if (!campaign || campaign.status !== 'running' || campaign.channel !== channel) return null;
  const recipient = await recipientForSend(ctx.db, payload.campaignId, payload.recipientKey);
  if (!recipient || recipient.state !== 'queued') return null;
  if (recipient.delivery_state) {
    tick(ctx, campaign.id);
    return null;
  }
  // Consent withdrawn after the start (a one-click unsubscribe from another campaign) is honoured too.
  if (recipient.opted_out !== null) {
    await recordDelivery(ctx.db, { campaignId: campaign.id, recipientKey: payload.recipientKey, state: 'unsubscribed' });
    tick(ctx, campaign.id);
    return null;
  }
  const merge = (recipient.merge ?? {}) as Record<string, unknown>;
  const data = { contact: { ...merge, name: recipient.name }, campaign: { name: campaign.name } };
  return { campaign, recipient, data };
}

async function failed(ctx: JobContext, campaignId: string, recipientKey: string, state: 'failed' | 'bounced', error: string) {
  await recordDelivery(ctx.db, { campaignId, recipientKey, state, error: error.slice(0, 300) });
  tick(ctx, campaignId);
}

export const campaignEmailJob = defineJob({
  name: 'contacts.campaignEmail',
  version: 1,
  queue: 'campaign-email',
  schema: recipientJobSchema,
  options: { removeOnComplete: true, removeOnFail: 10_000 },
  async handler(payload, ctx) {
    const ready = await prepare(ctx, payload, 'email');
    if (!ready) return;
    const { campaign, recipient, data } = ready;
    const sender = await cachedSender(ctx, campaign.senderId);
    if (!sender) return failed(ctx, campaign.id, payload.recipientKey, 'failed', m.senderNotFound);
    const token = unsubscribeToken(ctx.config.jwtSecret ?? '', campaign.id, payload.recipientKey);
    const unsubscribeUrl = `${ctx.config.appUrl}/api/v2/subscription/${token}/unsubscribe`;
    const content = campaign.content as EmailContent;
    let rendered: { subject: string; html: string };
    try {
      rendered = await renderTemplate({ subject: content.subject, html: content.html }, { ...data, unsubscribeUrl });
    } catch (err) {
      if (err instanceof DomainError) return failed(ctx, campaign.id, payload.recipientKey, 'failed', err.messagePublic);
      throw err;
    }
    // Links become short codes of this recipient (clicks counted per recipient), plus the open pixel (approximate).
    const tracked = await trackLinks(ctx.db, { appUrl: ctx.config.appUrl, clientId: campaign.clientId, campaignId: campaign.id, recipientKey: payload.recipientKey, html: rendered.html, openPixel: true });
    const subscriptionUrl = recipient.contact_id.startsWith('ticket-')
      ? null
      : `${ctx.config.appUrl}/subscription/${subscriptionToken(ctx.config.jwtSecret ?? '', campaign.clientId, recipient.contact_id)}`;
    const subscriptionHtml = subscriptionUrl ? `<br>${ma.subscriptionFooter} <a href="${subscriptionUrl}">${subscriptionUrl}</a>` : '';
    const html = `${tracked}\n<p style="font-size:12px;color:#666">${m.unsubscribeFooter} <a href="${unsubscribeUrl}">${unsubscribeUrl}</a>${subscriptionHtml}</p>`;
    const text = `${htmlToText(tracked.replace(/<img\b[^>]*>/gi, ''))}\n\n${m.unsubscribeFooter} ${unsubscribeUrl}${subscriptionUrl ? `\n${ma.subscriptionFooter} ${subscriptionUrl}` : ''}`;
    const fromAddress = sender.fromEmail ?? ctx.config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1');
    const from = sender.fromEmail ? { name: sender.fromName ?? '', address: sender.fromEmail } : ctx.config.mailFrom;
    const smtpUrl = sender.secret ?? ctx.config.smtpUrl;
    const key = campaignOnceKey(campaign.id, payload.recipientKey);
    let result: { messageId?: string } | undefined | null;
    try {
      result = await ctx.once(key, async () => {
        const mail = {
          to: recipient.name ? { name: recipient.name, address: recipient.address } : recipient.address,
          subject: rendered.subject,
          text,
          html,
          messageId: `<campaign-${campaign.id}-${payload.recipientKey}@aforo>`,
          headers: {
            // RFC 8058: a one-click POST unsubscribes; the mailto is the RFC 2369 fallback.
            'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${fromAddress}?subject=baja>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        };
        if (!smtpUrl) {
          const sent = await mailTransport(ctx.config, ctx.logger).send({ to: recipient.address, subject: mail.subject, text, html }, { key });
          return { messageId: sent.messageId };
        }
        const info = await pooledTransport(smtpUrl).sendMail({ from, ...mail });
        return { messageId: String(info.messageId) };
      });
    } catch (err) {
      // A permanent refusal (5xx: unknown mailbox, rejected domain) is a bounce; anything else is retried.
      const code = (err as { responseCode?: number }).responseCode;
      if (code && code >= 500) return failed(ctx, campaign.id, payload.recipientKey, 'bounced', `${code} ${(err as Error).message}`);
      throw err;
    }
    result ??= await sentResult(ctx.db, key);
    await recordDelivery(ctx.db, { campaignId: campaign.id, recipientKey: payload.recipientKey, state: 'sent', providerMessageId: null });
    tick(ctx, campaign.id);
  },
});

export const campaignWhatsAppJob = defineJob({
  name: 'contacts.campaignWhatsApp',
  version: 1,
  queue: 'campaign-whatsapp',
  schema: recipientJobSchema,
  options: { removeOnComplete: true, removeOnFail: 10_000, attempts: 20, backoff: { type: 'exponential', delay: 1000 } },
  async handler(payload, ctx) {
    const ready = await prepare(ctx, payload, 'whatsapp');
    if (!ready) return;
    const { campaign, recipient, data } = ready;
    const sender = await cachedSender(ctx, campaign.senderId);
    if (!sender?.phoneNumberId || !sender.secret) return failed(ctx, campaign.id, payload.recipientKey, 'failed', m.senderNotFound);
    const content = campaign.content as WhatsAppContent;
    let components: WhatsAppContent['components'];
    try {
      components = await Promise.all(
        content.components.map(async (c) => ({
          ...c,
          parameters: await Promise.all(c.parameters.map(async (p) => ({ type: 'text' as const, text: await renderPlainText(p.text, data) }))),
        })),
      );
    } catch (err) {
      if (err instanceof DomainError) return failed(ctx, campaign.id, payload.recipientKey, 'failed', err.messagePublic);
      throw err;
    }
    const key = campaignOnceKey(campaign.id, payload.recipientKey);
    const api = { url: ctx.config.campaigns?.whatsappApiUrl ?? 'https://graph.facebook.com', version: ctx.config.campaigns?.whatsappApiVersion ?? 'v21.0' };
    const limiter = senderRate(ctx);
    let result: { messageId?: string } | undefined | null;
    try {
      await limiter.take(sender.phoneNumberId, WHATSAPP_PER_SECOND);
      result = await ctx.once(key, () =>
        sendWhatsAppTemplate(api, { phoneNumberId: sender.phoneNumberId!, token: sender.secret! }, recipient.address, {
          name: content.templateName,
          language: content.language,
          components,
        }),
      );
    } catch (err) {
      if (err instanceof WhatsAppApiError) {
        if (err.retryable) {
          // Throughput limit: the whole number backs off a second, and this job is retried with BullMQ's back-off.
          if (err.status === 429 || err.code === 130429) await limiter.penalize(sender.phoneNumberId, 1000);
          throw err;
        }
        return failed(ctx, campaign.id, payload.recipientKey, 'failed', `${err.code ?? err.status} ${err.title}`);
      }
      throw err;
    }
    result ??= await sentResult(ctx.db, key);
    const messageId = result?.messageId ?? null;
    await recordDelivery(ctx.db, { campaignId: campaign.id, recipientKey: payload.recipientKey, state: 'sent', providerMessageId: messageId });
    if (messageId) await applyLoggedStatuses(ctx.db, messageId);
    tick(ctx, campaign.id);
  },
});

/** A scheduled campaign's start, due at its date (a changed schedule makes the old job decide nothing). */
export const campaignStartJob = defineJob({
  name: 'contacts.campaignStart',
  version: 1,
  queue: 'reminders',
  schema: z.object({ campaignId: z.string(), scheduledFor: z.string() }),
  async handler(payload, ctx) {
    await startCampaign(
      { ...ctx.commands, db: ctx.db },
      { campaignId: payload.campaignId, scheduledFor: payload.scheduledFor, clientRequestId: `schedule:${payload.campaignId}:${payload.scheduledFor}` },
    );
  },
});

export const campaignJobs: JobDefinition[] = [campaignEmailJob, campaignWhatsAppJob, campaignStartJob];
