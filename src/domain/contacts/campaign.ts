/**
 * A CRM campaign (issue 22): one message, over e-mail or WhatsApp, to a frozen list of recipients.
 *
 * Streams:
 * - `contacts-campaign-<id>`: the lifecycle (created, scheduled, started, paused, resumed, cancelled, completed)
 *   and progress summaries. Small on purpose: every command folds it.
 * - `contacts-campaign-audience-<id>`: the frozen audience, written once (`no_stream`) in chunks of
 *   AUDIENCE_CHUNK recipients, before the campaign is created. 10,000 recipients are 10 events of ~150 kB instead
 *   of one 1.5 MB event, and the lifecycle commands never read them.
 *
 * Why per-recipient outcomes are not events: a campaign of 10,000 recipients goes through queued, sent,
 * delivered and read, i.e. 30,000-40,000 facts that come from the providers (SMTP answers, WhatsApp status
 * webhooks that repeat and arrive out of order), not decisions of this aggregate. Appending each of them would
 * put a hot stream of tens of thousands of tiny events in the log per campaign and serialise the workers on
 * one stream's version. Instead the workers and the webhook write one row per recipient into
 * `contacts_campaign_deliveries` (primary key campaign + recipient, a state rank that only grows, the provider's
 * message id unique), the exactly-once of the send itself is the job's `once` key in `job_sent_log`, and the
 * campaign stream records summaries: `CampaignProgressed` (counts per state, at most about once a second per
 * worker process) and `CampaignCompleted`. The log keeps what an auditor needs (who sent what to which frozen
 * list, when it was paused or cancelled, how many went out); the per-recipient detail lives in the ledger table.
 *
 * Pure decider: time and ids come in through DecideContext; what the command handler read outside the stream
 * (who opted out, the audience's size) comes in the command's data.
 */
import { DomainError } from '../shared/errors.js';
import type { Decider, DecideContext } from '../shared/types.js';
import { messages } from '../../messages/es.js';

const m = messages.contacts.campaigns;

export const campaignStreamId = (campaignId: string) => `contacts-campaign-${campaignId}`;
export const campaignAudienceStreamId = (campaignId: string) => `contacts-campaign-audience-${campaignId}`;

export const AUDIENCE_CHUNK = 1000;
export const MAX_RECIPIENTS = 100_000;

export type CampaignChannel = 'email' | 'whatsapp';
export type CampaignStatus = 'draft' | 'scheduled' | 'running' | 'paused' | 'cancelled' | 'completed';
export type RecipientState = 'pending' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'bounced' | 'unsubscribed';
export type SkipReason = 'noConsent' | 'optedOut';

/** Rank of a delivery state: a state only moves up (a late "delivered" never undoes "read"). */
export const STATE_RANK: Record<RecipientState, number> = { pending: 0, queued: 0, sent: 1, delivered: 2, failed: 3, bounced: 3, read: 4, unsubscribed: 5 };

/** One recipient as frozen when the campaign was created. */
export interface CampaignRecipient {
  /** Unique inside the campaign (the contact id unless the caller says otherwise); part of the job id. */
  key: string;
  contactId: string;
  /** An e-mail address, or a phone number in E.164 (`+51987654321`). */
  address: string;
  name: string;
  /** Merge fields for the template (`{{ contact.<field> }}`). */
  merge: Record<string, string | number | boolean | null>;
  /** Consent for the campaign's channel when the list was frozen. */
  consent: boolean;
}

export interface EmailContent {
  kind: 'email';
  subject: string;
  html: string;
}
export interface WhatsAppContent {
  kind: 'whatsapp';
  templateName: string;
  language: string;
  /** Cloud API components; each parameter's text may hold liquid merge fields. */
  components: { type: 'header' | 'body' | 'button'; sub_type?: string; index?: number; parameters: { type: 'text'; text: string }[] }[];
}
export type CampaignContent = EmailContent | WhatsAppContent;

export type CampaignCounts = Partial<Record<RecipientState, number>>;

// ----------------------------------------------------------------------------------------------- events
export type CampaignCreated = {
  type: 'contacts.CampaignCreated';
  data: {
    campaignId: string;
    clientId: string;
    channel: CampaignChannel;
    senderId: string;
    name: string;
    content: CampaignContent;
    recipientCount: number;
    chunkCount: number;
    createdBy: string | null;
    at: string;
  };
};
/** On the audience stream: one chunk of the frozen recipient list. */
export type CampaignAudienceAdded = {
  type: 'contacts.CampaignAudienceAdded';
  data: { campaignId: string; chunk: number; recipients: CampaignRecipient[] };
};
export type CampaignScheduled = { type: 'contacts.CampaignScheduled'; data: { campaignId: string; scheduledFor: string; at: string } };
export type CampaignStarted = {
  type: 'contacts.CampaignStarted';
  data: { campaignId: string; at: string; queued: number; skipped: { key: string; reason: SkipReason }[] };
};
export type CampaignPaused = { type: 'contacts.CampaignPaused'; data: { campaignId: string; at: string } };
export type CampaignResumed = { type: 'contacts.CampaignResumed'; data: { campaignId: string; at: string; run: number } };
export type CampaignCancelled = { type: 'contacts.CampaignCancelled'; data: { campaignId: string; at: string } };
export type CampaignProgressed = { type: 'contacts.CampaignProgressed'; data: { campaignId: string; at: string; counts: CampaignCounts } };
export type CampaignCompleted = { type: 'contacts.CampaignCompleted'; data: { campaignId: string; at: string; counts: CampaignCounts } };

export type CampaignEvent =
  | CampaignCreated
  | CampaignScheduled
  | CampaignStarted
  | CampaignPaused
  | CampaignResumed
  | CampaignCancelled
  | CampaignProgressed
  | CampaignCompleted;

// --------------------------------------------------------------------------------------------- commands
export type CreateCampaign = {
  type: 'contacts.CreateCampaign';
  data: {
    campaignId: string;
    clientId: string;
    channel: CampaignChannel;
    senderId: string;
    name: string;
    content: CampaignContent;
    recipients: CampaignRecipient[];
  };
};
export type ScheduleCampaign = { type: 'contacts.ScheduleCampaign'; data: { scheduledFor: string } };
/**
 * Start now, or at the schedule (`scheduledFor`: the job due then; a start for a schedule that was changed or
 * already ran decides nothing). `optedOut` are the keys of recipients who withdrew consent, read by the handler.
 */
export type StartCampaign = {
  type: 'contacts.StartCampaign';
  data: { audience: { key: string; consent: boolean }[]; optedOut: string[]; scheduledFor?: string };
};
export type PauseCampaign = { type: 'contacts.PauseCampaign'; data: Record<string, never> };
export type ResumeCampaign = { type: 'contacts.ResumeCampaign'; data: Record<string, never> };
export type CancelCampaign = { type: 'contacts.CancelCampaign'; data: Record<string, never> };
/** From the workers: the counts per state now; `remaining` recipients not yet handled (0 completes). */
export type RecordCampaignProgress = { type: 'contacts.RecordCampaignProgress'; data: { counts: CampaignCounts; remaining: number } };

export type CampaignCommand = CreateCampaign | ScheduleCampaign | StartCampaign | PauseCampaign | ResumeCampaign | CancelCampaign | RecordCampaignProgress;

// ------------------------------------------------------------------------------------------------ state
export interface CampaignState {
  campaignId: string | null;
  clientId: string | null;
  channel: CampaignChannel | null;
  status: CampaignStatus | null;
  scheduledFor: string | null;
  /** 0 for the start, +1 per resume (part of the resumed run's job ids). */
  run: number;
  recipientCount: number;
  lastCounts: CampaignCounts | null;
}

export const initialCampaignState = (): CampaignState => ({
  campaignId: null,
  clientId: null,
  channel: null,
  status: null,
  scheduledFor: null,
  run: 0,
  recipientCount: 0,
  lastCounts: null,
});

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Checks a recipient list for a channel (throws the Spanish refusal). */
export function checkRecipients(channel: CampaignChannel, recipients: CampaignRecipient[]): void {
  if (recipients.length === 0) throw new DomainError('NO_RECIPIENTS', m.noRecipients, 400);
  if (recipients.length > MAX_RECIPIENTS) throw new DomainError('TOO_MANY_RECIPIENTS', m.tooManyRecipients(MAX_RECIPIENTS), 400);
  const keys = new Set<string>();
  for (const r of recipients) {
    if (keys.has(r.key)) throw new DomainError('DUPLICATE_RECIPIENT', m.duplicateRecipient(r.key), 400);
    keys.add(r.key);
    if (channel === 'email' ? !EMAIL.test(r.address) : !E164.test(r.address)) {
      throw new DomainError('INVALID_ADDRESS', channel === 'email' ? m.badEmail(r.address) : m.badPhone(r.address), 400);
    }
  }
}

/** The audience in chunks for the audience stream. */
export function audienceChunks(campaignId: string, recipients: CampaignRecipient[]): CampaignAudienceAdded[] {
  const chunks: CampaignAudienceAdded[] = [];
  for (let i = 0; i < recipients.length; i += AUDIENCE_CHUNK) {
    chunks.push({ type: 'contacts.CampaignAudienceAdded', data: { campaignId, chunk: chunks.length, recipients: recipients.slice(i, i + AUDIENCE_CHUNK) } });
  }
  return chunks;
}

const notFound = () => new DomainError('CAMPAIGN_NOT_FOUND', m.campaignNotFound, 404);
const sameCounts = (a: CampaignCounts | null, b: CampaignCounts) =>
  !!a && JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function decideCampaign(command: CampaignCommand, state: CampaignState, ctx: DecideContext): CampaignEvent[] {
  const at = ctx.now.toISOString();
  if (command.type === 'contacts.CreateCampaign') {
    const d = command.data;
    if (state.status) throw new DomainError('CAMPAIGN_EXISTS', m.campaignExists, 409);
    if (d.content.kind !== d.channel) throw new DomainError('CONTENT_WRONG_CHANNEL', m.contentWrongChannel, 400);
    checkRecipients(d.channel, d.recipients);
    return [
      {
        type: 'contacts.CampaignCreated',
        data: {
          campaignId: d.campaignId,
          clientId: d.clientId,
          channel: d.channel,
          senderId: d.senderId,
          name: d.name,
          content: d.content,
          recipientCount: d.recipients.length,
          chunkCount: Math.ceil(d.recipients.length / AUDIENCE_CHUNK),
          createdBy: ctx.userId ?? null,
          at,
        },
      },
    ];
  }
  if (!state.status || !state.campaignId) throw notFound();
  const campaignId = state.campaignId;
  switch (command.type) {
    case 'contacts.ScheduleCampaign': {
      if (state.status !== 'draft' && state.status !== 'scheduled') throw new DomainError('CAMPAIGN_NOT_EDITABLE', m.notEditable, 409);
      if (new Date(command.data.scheduledFor).getTime() <= ctx.now.getTime()) throw new DomainError('SCHEDULE_IN_PAST', m.scheduleInPast, 400);
      if (state.scheduledFor === command.data.scheduledFor) return [];
      return [{ type: 'contacts.CampaignScheduled', data: { campaignId, scheduledFor: command.data.scheduledFor, at } }];
    }
    case 'contacts.StartCampaign': {
      const { scheduledFor } = command.data;
      if (scheduledFor !== undefined) {
        // The schedule's job: only the schedule still in force starts the campaign.
        if (state.status !== 'scheduled' || state.scheduledFor !== scheduledFor) return [];
      } else if (state.status === 'running' || state.status === 'paused') {
        throw new DomainError('CAMPAIGN_ALREADY_STARTED', m.alreadyStarted, 409);
      } else if (state.status === 'completed') {
        throw new DomainError('CAMPAIGN_FINISHED', m.finished, 409);
      } else if (state.status === 'cancelled') {
        throw new DomainError('CAMPAIGN_CANCELLED', m.cancelled, 409);
      }
      const optedOut = new Set(command.data.optedOut);
      const skipped: { key: string; reason: SkipReason }[] = [];
      for (const r of command.data.audience) {
        if (!r.consent) skipped.push({ key: r.key, reason: 'noConsent' });
        else if (optedOut.has(r.key)) skipped.push({ key: r.key, reason: 'optedOut' });
      }
      return [{ type: 'contacts.CampaignStarted', data: { campaignId, at, queued: command.data.audience.length - skipped.length, skipped } }];
    }
    case 'contacts.PauseCampaign':
      if (state.status === 'paused') return [];
      if (state.status !== 'running') throw new DomainError('CAMPAIGN_NOT_RUNNING', m.notRunning, 409);
      return [{ type: 'contacts.CampaignPaused', data: { campaignId, at } }];
    case 'contacts.ResumeCampaign':
      if (state.status === 'running') return [];
      if (state.status !== 'paused') throw new DomainError('CAMPAIGN_NOT_PAUSED', m.notPaused, 409);
      return [{ type: 'contacts.CampaignResumed', data: { campaignId, at, run: state.run + 1 } }];
    case 'contacts.CancelCampaign':
      if (state.status === 'cancelled') return [];
      if (state.status === 'completed') throw new DomainError('CAMPAIGN_FINISHED', m.finished, 409);
      return [{ type: 'contacts.CampaignCancelled', data: { campaignId, at } }];
    case 'contacts.RecordCampaignProgress': {
      // Late reports of a paused, cancelled or finished campaign still update the counts; only a running
      // campaign with nothing left completes.
      const { counts, remaining } = command.data;
      if (state.status === 'running' && remaining === 0) return [{ type: 'contacts.CampaignCompleted', data: { campaignId, at, counts } }];
      if (state.status === 'draft' || state.status === 'scheduled' || sameCounts(state.lastCounts, counts)) return [];
      return [{ type: 'contacts.CampaignProgressed', data: { campaignId, at, counts } }];
    }
  }
}

export function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'contacts.CampaignCreated':
      return {
        ...state,
        campaignId: event.data.campaignId,
        clientId: event.data.clientId,
        channel: event.data.channel,
        status: 'draft',
        recipientCount: event.data.recipientCount,
      };
    case 'contacts.CampaignScheduled':
      return { ...state, status: 'scheduled', scheduledFor: event.data.scheduledFor };
    case 'contacts.CampaignStarted':
      return { ...state, status: 'running', scheduledFor: null };
    case 'contacts.CampaignPaused':
      return { ...state, status: 'paused' };
    case 'contacts.CampaignResumed':
      return { ...state, status: 'running', run: event.data.run };
    case 'contacts.CampaignCancelled':
      return { ...state, status: 'cancelled', scheduledFor: null };
    case 'contacts.CampaignProgressed':
      return { ...state, lastCounts: event.data.counts };
    case 'contacts.CampaignCompleted':
      return { ...state, status: 'completed', lastCounts: event.data.counts };
  }
}

export const campaignDecider: Decider<CampaignCommand, CampaignEvent, CampaignState> = {
  decide: decideCampaign,
  evolve: evolveCampaign,
  initialState: initialCampaignState,
};

// ------------------------------------------------------------------------------------- senders, opt-outs
export const senderStreamId = (senderId: string) => `contacts-sender-${senderId}`;
/** Where a sender's secret lives in the vault (WhatsApp access token, or an SMTP URL with its password). */
export const senderSecretRef = (senderId: string) => `contacts.sender/${senderId}`;

export type CampaignSenderSaved = {
  type: 'contacts.CampaignSenderSaved';
  data: {
    senderId: string;
    clientId: string;
    channel: CampaignChannel;
    name: string;
    fromName: string | null;
    fromEmail: string | null;
    phoneNumberId: string | null;
    /** The vault reference of the secret (never the secret itself), null when the platform's mailer is used. */
    secretRef: string | null;
    at: string;
  };
};

export const optOutStreamId = (clientId: string, contactId: string) => `contacts-optout-${clientId}-${contactId}`;

/** Consent withdrawn for one channel (RFC 8058 one-click unsubscribe, a "baja" reply...). */
export type ConsentWithdrawn = {
  type: 'contacts.ConsentWithdrawn';
  data: { clientId: string; contactId: string; channel: CampaignChannel; address: string; source: 'one-click' | 'reply' | 'subscription-page'; campaignId: string | null; at: string };
};
