/** Requests, answers and socket pushes of the CRM's campaigns area (issue 22), shared by server and web. */
import { z } from 'zod';
import { audienceSchema } from './contacts-audience.js';

export const campaignChannelSchema = z.enum(['email', 'whatsapp']);
export const recipientStateSchema = z.enum(['pending', 'queued', 'sent', 'delivered', 'read', 'failed', 'bounced', 'unsubscribed']);
export type RecipientStateDto = z.infer<typeof recipientStateSchema>;

const clientIdSchema = z.string().min(8).max(100);

export const saveSenderBodySchema = z.object({
  clientId: clientIdSchema,
  channel: campaignChannelSchema,
  name: z.string().trim().min(1).max(120),
  fromName: z.string().trim().max(120).optional(),
  fromEmail: z.email().max(254).optional(),
  /** An SMTP URL of the organizer's own server (omitted: the platform's mailer). */
  smtpUrl: z.string().regex(/^smtps?:\/\//).max(500).optional(),
  phoneNumberId: z.string().regex(/^\d{5,30}$/).optional(),
  /** The WhatsApp Cloud API access token (kept in the secrets vault, never shown again). */
  token: z.string().min(10).max(1000).optional(),
});

const mergeValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const campaignRecipientSchema = z.object({
  key: z.string().regex(/^[\w.-]{1,80}$/).optional(),
  contactId: z.string().min(1).max(100),
  address: z.string().trim().min(3).max(254),
  name: z.string().trim().max(200).default(''),
  merge: z.record(z.string().regex(/^\w{1,60}$/), mergeValue).default({}),
  consent: z.boolean(),
});

const emailContentSchema = z.object({ kind: z.literal('email'), subject: z.string().trim().min(1).max(300), html: z.string().min(1).max(200_000) });
const whatsappContentSchema = z.object({
  kind: z.literal('whatsapp'),
  templateName: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
  components: z
    .array(
      z.object({
        type: z.enum(['header', 'body', 'button']),
        sub_type: z.string().max(30).optional(),
        index: z.number().int().min(0).max(10).optional(),
        parameters: z.array(z.object({ type: z.literal('text'), text: z.string().max(1024) })).max(20),
      }),
    )
    .max(10)
    .default([]),
});

export const createCampaignBodySchema = z.object({
  clientId: clientIdSchema,
  name: z.string().trim().min(1).max(200),
  channel: campaignChannelSchema,
  senderId: z.string().min(1).max(100),
  content: z.discriminatedUnion('kind', [emailContentSchema, whatsappContentSchema]),
  /** Who it goes to, resolved and frozen by the server at creation (src/commands/contacts/campaign-audience.ts). */
  audience: audienceSchema.optional(),
  /** An explicit recipient list (tests, the bench, imports); one of `audience` and `recipients` is required. */
  recipients: z.array(campaignRecipientSchema).min(1).max(100_000).optional(),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

export const scheduleCampaignBodySchema = z.object({ clientId: clientIdSchema, at: z.iso.datetime({ offset: true }).optional() });
export const campaignActionBodySchema = z.object({ clientId: clientIdSchema });

export type CampaignCountsDto = Partial<Record<RecipientStateDto, number>>;

export interface CampaignDto {
  id: string;
  name: string;
  channel: 'email' | 'whatsapp';
  senderId: string;
  status: 'draft' | 'scheduled' | 'running' | 'paused' | 'cancelled' | 'completed';
  recipientCount: number;
  scheduledFor: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface CampaignProgressDto {
  campaign: CampaignDto;
  counts: CampaignCountsDto;
  /** Recipients not handled yet (queued without an outcome, or not started). */
  remaining: number;
  /** Short-link clicks (all, and recipients who clicked) and opens (approximate, from the open pixel). */
  engagement?: CampaignEngagementDto;
}

export interface CampaignEngagementDto {
  clicks: number;
  uniqueClicks: number;
  opens: number;
  uniqueOpens: number;
}

/** One line of the mails' `activity` page: a campaign's sends, opens and clicks lately. */
export interface CampaignActivityDto {
  at: string;
  kind: 'click' | 'open' | 'sent' | 'unsubscribed';
  campaignId: string;
  campaignName: string;
  recipient: string;
  url: string | null;
}

export interface CampaignRecipientDto {
  id: string;
  /** Clicks on the mail's short links and opens (approximate: the open pixel) of this recipient. */
  clicks?: number;
  opens?: number;
  contactId: string;
  address: string;
  name: string;
  state: RecipientStateDto;
  error: string | null;
  updatedAt: string | null;
}

export interface SenderDto {
  id: string;
  channel: 'email' | 'whatsapp';
  name: string;
  fromName: string | null;
  fromEmail: string | null;
  phoneNumberId: string | null;
  hasSecret: boolean;
}

/** Pushed to the organizer's user room when a campaign changes (lifecycle or progress summary). */
export const CAMPAIGN_UPDATED_SOCKET_EVENT = 'contactsCampaign:updated';
export interface CampaignUpdatedPayload {
  campaign: CampaignDto;
  counts: CampaignCountsDto | null;
  position: string;
}
export type ContactsCampaignsServerToClientEvents = { [CAMPAIGN_UPDATED_SOCKET_EVENT]: (payload: CampaignUpdatedPayload) => void };
