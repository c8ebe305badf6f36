/** Use cases of the CRM's campaigns area: senders, campaigns (create, schedule, start, pause, resume, cancel), opt-outs. */
import type { AppContext } from '../../context.js';
import {
  audienceChunks,
  campaignAudienceStreamId,
  campaignDecider,
  campaignStreamId,
  optOutStreamId,
  senderSecretRef,
  senderStreamId,
  type CampaignChannel,
  type CampaignContent,
  type CampaignCounts,
  type CampaignRecipient,
  type CampaignAudienceAdded,
  type CampaignSenderSaved,
  type ConsentWithdrawn,
} from '../../domain/contacts/campaign.js';
import type { Decider } from '../../domain/shared/types.js';
import { createSecretsVault } from '../../crypto/secrets-vault.js';
import { WrongExpectedVersionError } from '../../eventstore/port.js';
import { handleCommand } from '../handle.js';
import { toNewEvents } from '../new-events.js';
import { optedOutKeys } from '../../projections/contacts/campaign-queries.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

// ------------------------------------------------------------------------------------------------ senders
type SaveSender = { type: 'contacts.SaveSender'; data: Omit<CampaignSenderSaved['data'], 'at'> };
const senderDecider: Decider<SaveSender, CampaignSenderSaved, { clientId: string | null }> = {
  initialState: () => ({ clientId: null }),
  evolve: (_s, e) => ({ clientId: e.data.clientId }),
  decide: (c, s, ctx) => {
    // A sender belongs to one organizer for good.
    if (s.clientId && s.clientId !== c.data.clientId) return [];
    return [{ type: 'contacts.CampaignSenderSaved', data: { ...c.data, at: ctx.now.toISOString() } }];
  },
};

/**
 * Saves an e-mail or WhatsApp sender. The secret (the WhatsApp access token, or an SMTP URL with its password)
 * goes into the secrets vault under `contacts.sender/<id>`; the event carries only that reference.
 */
export async function saveSender(
  ctx: Ctx & Pick<AppContext, 'db'>,
  input: {
    senderId: string;
    clientId: string;
    channel: CampaignChannel;
    name: string;
    fromName?: string | null;
    fromEmail?: string | null;
    phoneNumberId?: string | null;
    secret?: string | null;
    by: string;
    clientRequestId: string;
  },
) {
  const secretRef = input.secret ? senderSecretRef(input.senderId) : null;
  if (input.secret) await createSecretsVault(ctx.db).store(senderSecretRef(input.senderId), input.secret);
  return handleCommand(ctx, {
    streamId: senderStreamId(input.senderId),
    decider: senderDecider,
    command: {
      type: 'contacts.SaveSender',
      data: {
        senderId: input.senderId,
        clientId: input.clientId,
        channel: input.channel,
        name: input.name,
        fromName: input.fromName ?? null,
        fromEmail: input.fromEmail ?? null,
        phoneNumberId: input.phoneNumberId ?? null,
        secretRef,
      },
    },
    meta: { userId: input.by, commandId: `sender:${input.clientRequestId}` },
  });
}

// ---------------------------------------------------------------------------------------------- campaigns
/**
 * Creates a campaign: the frozen audience first (its own stream, `no_stream`, chunks of 1,000, one command id so a
 * retry appends nothing), then the campaign's created event. A retry of the same client id answers the first.
 */
export async function createCampaign(
  ctx: Ctx,
  input: {
    campaignId: string;
    clientId: string;
    channel: CampaignChannel;
    senderId: string;
    name: string;
    content: CampaignContent;
    recipients: CampaignRecipient[];
    by: string;
    clientRequestId: string;
  },
) {
  const commandId = `campaign-create:${input.clientRequestId}`;
  // Validate before writing the audience (the decider checks again when it decides).
  campaignDecider.decide(
    { type: 'contacts.CreateCampaign', data: { ...input } },
    campaignDecider.initialState(),
    { now: ctx.clock(), userId: input.by, newId: ctx.newId },
  );
  const existing = await ctx.store.readStream(campaignStreamId(input.campaignId), { maxCount: 1 });
  if (existing.length === 0) {
    try {
      await ctx.store.appendToStream(
        campaignAudienceStreamId(input.campaignId),
        toNewEvents(ctx, audienceChunks(input.campaignId, input.recipients), { userId: input.by, commandId }),
        { expectedVersion: 'no_stream', commandId },
      );
    } catch (err) {
      // An audience left by a creation that failed after writing it: the campaign id is spent, refuse again below.
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    }
  }
  return handleCommand(ctx, {
    streamId: campaignStreamId(input.campaignId),
    decider: campaignDecider,
    command: {
      type: 'contacts.CreateCampaign',
      data: {
        campaignId: input.campaignId,
        clientId: input.clientId,
        channel: input.channel,
        senderId: input.senderId,
        name: input.name,
        content: input.content,
        recipients: input.recipients,
      },
    },
    meta: { userId: input.by, commandId },
  });
}

export async function scheduleCampaign(ctx: Ctx, campaignId: string, scheduledFor: string, by: string, clientRequestId: string) {
  return handleCommand(ctx, {
    streamId: campaignStreamId(campaignId),
    decider: campaignDecider,
    command: { type: 'contacts.ScheduleCampaign', data: { scheduledFor } },
    meta: { userId: by, commandId: `campaign-schedule:${clientRequestId}` },
  });
}

/**
 * Starts a campaign now, or at its schedule (the scheduler job passes `scheduledFor`). Who is skipped is decided
 * here, once, from the frozen consent and the opt-outs recorded until now, and kept in the started event.
 */
export async function startCampaign(ctx: Ctx & Pick<AppContext, 'db'>, input: { campaignId: string; by?: string; clientRequestId: string; scheduledFor?: string }) {
  // The audience from the log (its projection may not have caught up with a campaign created a moment ago).
  const chunks = await ctx.store.readStream(campaignAudienceStreamId(input.campaignId));
  const audience = chunks.flatMap((c) => (c.data as CampaignAudienceAdded['data']).recipients.map((r) => ({ key: r.key, consent: r.consent })));
  const optedOut = await optedOutKeys(ctx.db, input.campaignId);
  return handleCommand(ctx, {
    streamId: campaignStreamId(input.campaignId),
    decider: campaignDecider,
    command: { type: 'contacts.StartCampaign', data: { audience, optedOut, ...(input.scheduledFor ? { scheduledFor: input.scheduledFor } : {}) } },
    meta: { userId: input.by, commandId: `campaign-start:${input.clientRequestId}` },
  });
}

export async function changeCampaign(ctx: Ctx, campaignId: string, action: 'pause' | 'resume' | 'cancel', by: string, clientRequestId: string) {
  const type = action === 'pause' ? 'contacts.PauseCampaign' : action === 'resume' ? 'contacts.ResumeCampaign' : 'contacts.CancelCampaign';
  return handleCommand(ctx, {
    streamId: campaignStreamId(campaignId),
    decider: campaignDecider,
    command: { type, data: {} },
    meta: { userId: by, commandId: `campaign-${action}:${clientRequestId}` },
  });
}

/** The workers' summary (no command id: each report is new counts; the decider drops unchanged ones). */
export async function recordCampaignProgress(ctx: Ctx, campaignId: string, counts: CampaignCounts, remaining: number) {
  return handleCommand(ctx, {
    streamId: campaignStreamId(campaignId),
    decider: campaignDecider,
    command: { type: 'contacts.RecordCampaignProgress', data: { counts, remaining } },
  });
}

// ----------------------------------------------------------------------------------------------- opt-outs
type WithdrawConsent = { type: 'contacts.WithdrawConsent'; data: Omit<ConsentWithdrawn['data'], 'at'> };
const optOutDecider: Decider<WithdrawConsent, ConsentWithdrawn, { channels: string[] }> = {
  initialState: () => ({ channels: [] }),
  evolve: (s, e) => ({ channels: [...s.channels, `${e.data.channel}:${e.data.address}`] }),
  decide: (c, s, ctx) =>
    s.channels.includes(`${c.data.channel}:${c.data.address}`) ? [] : [{ type: 'contacts.ConsentWithdrawn', data: { ...c.data, at: ctx.now.toISOString() } }],
};

/**
 * Records that a contact withdrew consent for a channel. Recorded once per address and channel: a second click
 * (or a retried POST) decides nothing. Kept in the campaigns area's own stream until the contacts core's consent
 * model takes it over (the event names the contact, the channel and the source).
 */
export async function withdrawConsent(ctx: Ctx, data: WithdrawConsent['data']) {
  return handleCommand(ctx, {
    streamId: optOutStreamId(data.clientId, data.contactId),
    decider: optOutDecider,
    command: { type: 'contacts.WithdrawConsent', data },
  });
}

/** The organizer a campaign belongs to, from its first event (null: no such campaign). */
export async function campaignOwner(ctx: Pick<AppContext, 'store'>, campaignId: string): Promise<string | null> {
  const [first] = await ctx.store.readStream(campaignStreamId(campaignId), { maxCount: 1 });
  return first?.type === 'contacts.CampaignCreated' ? String((first.data as { clientId: string }).clientId) : null;
}

/** A sender as last saved, from its stream (null: no such sender). */
export async function senderFromLog(ctx: Pick<AppContext, 'store'>, senderId: string): Promise<CampaignSenderSaved['data'] | null> {
  const events = await ctx.store.readStream(senderStreamId(senderId));
  const last = events.at(-1);
  return last ? (last.data as CampaignSenderSaved['data']) : null;
}
