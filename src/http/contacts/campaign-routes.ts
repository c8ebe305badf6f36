import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { campaignOwner, changeCampaign, createCampaign, senderFromLog, saveSender, scheduleCampaign, startCampaign, withdrawConsent } from '../../commands/contacts/campaigns.js';
import { readUnsubscribeToken } from '../../commands/contacts/unsubscribe-token.js';
import {
  campaignActionBodySchema,
  createCampaignBodySchema,
  saveSenderBodySchema,
  scheduleCampaignBodySchema,
  type CampaignProgressDto,
} from '../../contracts/contacts-campaigns.js';
import { gridQuerySchema } from '../../contracts/events.js';
import type { AccessAction } from '../../domain/access/matrix.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { recordDelivery, recordWhatsAppStatus } from '../../projections/contacts/campaign-deliveries.js';
import {
  campaignCounts,
  campaignRecipientsGrid,
  campaignsOfClient,
  findCampaign,
  recipientForSend,
  sendersOfClient,
} from '../../projections/contacts/campaign-queries.js';
import { authorizeRequest, readAccessHeaders } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { rawJsonBody } from '../json-body.js';
import { defineRoute } from '../route.js';
import { createAudienceCampaign } from './campaign-audience-routes.js';
import { campaignEngagement, engagementOfRecipients } from '../../projections/contacts/campaign-links.js';

const m = messages.contacts.campaigns;
const TAG = 'contacts';

/**
 * The organizer whose campaigns a request is about. Campaigns are organizer-level, not event-level: without the
 * spec's `event` header the signed-in user acts as their own organizer; with it, the access guard decides
 * (`contact.read` / `contact.manage` of the contacts module in one of the organizer's events) and the organizer
 * is that event's client: a collaborator holding the contacts module works on the organizer's campaigns, nobody
 * else does. Campaigns and senders of another organizer answer 404.
 */
async function organizerOf(ctx: AppContext, req: Request, action: AccessAction): Promise<string> {
  const event = readAccessHeaders(req).event;
  if (!event) return req.user!._id;
  const grant = await authorizeRequest(ctx, req, event, action);
  return grant.clientId;
}

/** A write's campaign, owned by the caller's organizer; read from the log (a campaign created a moment ago counts). */
async function ownCampaignForWrite(ctx: AppContext, req: Request, campaignId: string) {
  const clientId = await organizerOf(ctx, req, 'contact.manage');
  if ((await campaignOwner(ctx, campaignId)) !== clientId) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
}

async function ownCampaign(ctx: AppContext, req: Request, campaignId: string, action: AccessAction) {
  const clientId = await organizerOf(ctx, req, action);
  const campaign = await findCampaign(ctx.db, campaignId);
  if (!campaign || campaign.clientId !== clientId) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
  return campaign;
}

const campaignParams = z.object({ campaignId: z.uuid() });

export function registerCampaignRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/senders', summary: 'Crea o cambia un remitente de campañas (correo o WhatsApp); el token se guarda cifrado', tag: TAG, auth: 'user', body: saveSenderBodySchema },
    async ({ body, req, user }) => {
      const clientId = await organizerOf(ctx, req, 'contact.manage');
      if (body.channel === 'whatsapp' && (!body.phoneNumberId || !body.token)) throw new DomainError('WHATSAPP_TOKEN_REQUIRED', m.whatsappTokenRequired, 400);
      const senderId = body.clientId;
      const existing = await senderFromLog(ctx, senderId);
      if (existing && existing.clientId !== clientId) throw new NotFoundError('SENDER_NOT_FOUND', m.senderNotFound);
      const result = await saveSender(ctx, {
        senderId,
        clientId,
        channel: body.channel,
        name: body.name,
        fromName: body.fromName,
        fromEmail: body.fromEmail,
        phoneNumberId: body.phoneNumberId,
        secret: body.channel === 'whatsapp' ? body.token : body.smtpUrl,
        by: user!._id,
        clientRequestId: `${senderId}:${result_key(body)}`,
      });
      return { id: senderId, position: result.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/senders', summary: 'Remitentes de campañas del organizador (sin secretos)', tag: TAG, auth: 'user' },
    async ({ req }) => ({ data: await sendersOfClient(ctx.db, await organizerOf(ctx, req, 'contact.read')) }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/campaigns', summary: 'Crea una campaña (correo o WhatsApp) con su lista de destinatarios', tag: TAG, auth: 'user', body: createCampaignBodySchema, successStatus: 201 },
    async ({ body, req, user }) => {
      const clientId = await organizerOf(ctx, req, 'contact.manage');
      const sender = await senderFromLog(ctx, body.senderId);
      if (!sender || sender.clientId !== clientId) throw new NotFoundError('SENDER_NOT_FOUND', m.senderNotFound);
      if (sender.channel !== body.channel) throw new DomainError('SENDER_WRONG_CHANNEL', m.senderWrongChannel, 400);
      const campaignId = body.clientId;
      if (body.audience) {
        const { audience, recipients: _r, ...rest } = body;
        return createAudienceCampaign(ctx, { clientId, userId: user!._id, body: rest, audience });
      }
      if (!body.recipients) throw new DomainError('AUDIENCE_REQUIRED', messages.contacts.campaigns.audience.audienceRequired, 400, { field: 'audience' });
      const recipients = body.recipients.map((r) => ({
        key: r.key ?? r.contactId.replace(/[^\w.-]/g, '_').slice(0, 80),
        contactId: r.contactId,
        address: body.channel === 'email' ? r.address.toLowerCase() : r.address,
        name: r.name,
        merge: r.merge,
        consent: r.consent,
      }));
      const result = await createCampaign(ctx, {
        campaignId,
        clientId,
        channel: body.channel,
        senderId: body.senderId,
        name: body.name,
        content: body.content,
        recipients,
        by: user!._id,
        clientRequestId: campaignId,
      });
      if (result.state.clientId !== clientId) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
      return { id: campaignId, position: result.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/campaigns', summary: 'Campañas del organizador', tag: TAG, auth: 'user' },
    async ({ req }) => ({ data: await campaignsOfClient(ctx.db, await organizerOf(ctx, req, 'contact.read')) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/contacts/campaigns/:campaignId/send',
      summary: 'Programa la campaña (`at`) o la envía ahora',
      tag: TAG,
      auth: 'user',
      params: campaignParams,
      body: scheduleCampaignBodySchema,
    },
    async ({ params, body, req, user }) => {
      await ownCampaignForWrite(ctx, req, params.campaignId);
      const result = body.at
        ? await scheduleCampaign(ctx, params.campaignId, new Date(body.at).toISOString(), user!._id, body.clientId)
        : await startCampaign(ctx, { campaignId: params.campaignId, by: user!._id, clientRequestId: body.clientId });
      return { status: result.state.status, position: result.position };
    },
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    defineRoute(
      router,
      ctx,
      {
        method: 'post',
        path: `/contacts/campaigns/:campaignId/${action}`,
        summary: { pause: 'Pausa el envío de la campaña', resume: 'Reanuda la campaña pausada', cancel: 'Cancela la campaña (no se envía el resto)' }[action],
        tag: TAG,
        auth: 'user',
        params: campaignParams,
        body: campaignActionBodySchema,
      },
      async ({ params, body, req, user }) => {
        await ownCampaignForWrite(ctx, req, params.campaignId);
        const result = await changeCampaign(ctx, params.campaignId, action, user!._id, body.clientId);
        return { status: result.state.status, position: result.position };
      },
    );
  }

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/campaigns/:campaignId', summary: 'Una campaña y su avance (destinatarios por estado)', tag: TAG, auth: 'user', params: campaignParams },
    async ({ params, req }): Promise<CampaignProgressDto> => {
      const { clientId: _c, ...campaign } = await ownCampaign(ctx, req, params.campaignId, 'contact.read');
      return { campaign, ...(await campaignCounts(ctx.db, params.campaignId)), engagement: await campaignEngagement(ctx.db, params.campaignId) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/contacts/campaigns/:campaignId/recipients',
      summary: 'Destinatarios de la campaña con su estado (grilla paginada en el servidor)',
      tag: TAG,
      auth: 'user',
      params: campaignParams,
      query: gridQuerySchema,
    },
    async ({ params, query, req }) => {
      await ownCampaign(ctx, req, params.campaignId, 'contact.read');
      const grid = await campaignRecipientsGrid(ctx.db, params.campaignId, query);
      const engagement = await engagementOfRecipients(ctx.db, params.campaignId, grid.data.map((r) => r.id));
      return { ...grid, data: grid.data.map((r) => ({ ...r, clicks: engagement.get(r.id)?.clicks ?? 0, opens: engagement.get(r.id)?.opens ?? 0 })) };
    },
  );

  // ------------------------------------------------------------------------------ one-click unsubscribe
  const tokenParams = z.object({ token: z.string().min(10).max(600) });
  const readToken = (token: string) => {
    const t = readUnsubscribeToken(ctx.config.jwtSecret, token);
    if (!t) throw new HttpError(400, m.invalidLink, 'INVALID_LINK');
    return t;
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/subscription/:token/unsubscribe',
      summary: 'Baja con un clic (RFC 8058, List-Unsubscribe-Post): retira el consentimiento de correo',
      tag: TAG,
      auth: 'none',
      params: tokenParams,
    },
    async ({ params }) => {
      const { campaignId, recipientKey } = readToken(params.token);
      const campaign = await findCampaign(ctx.db, campaignId);
      const recipient = campaign && (await recipientForSend(ctx.db, campaignId, recipientKey));
      if (!campaign || !recipient) throw new HttpError(400, m.invalidLink, 'INVALID_LINK');
      await withdrawConsent(ctx, {
        clientId: campaign.clientId,
        contactId: recipient.contact_id,
        channel: campaign.channel,
        address: recipient.address,
        source: 'one-click',
        campaignId,
      });
      await recordDelivery(ctx.db, { campaignId, recipientKey, state: 'unsubscribed' });
      return { unsubscribed: true, message: m.unsubscribed };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/subscription/:token/unsubscribe',
      summary: 'El enlace de baja abierto con GET (escáneres de enlaces): no da de baja, solo explica cómo confirmar',
      tag: TAG,
      auth: 'none',
      params: tokenParams,
    },
    async ({ params }) => {
      readToken(params.token);
      return { unsubscribed: false, message: m.unsubscribePage };
    },
  );

  // ---------------------------------------------------------------------------- WhatsApp status webhook
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/whatsapp/webhook', summary: 'Verificación del webhook de estados de WhatsApp (hub.challenge)', tag: TAG, auth: 'none' },
    async ({ req, res }) => {
      const q = req.query as Record<string, string | undefined>;
      const expected = ctx.config.campaigns?.whatsappVerifyToken;
      if (!expected || q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== expected) throw new HttpError(403, m.webhookForbidden, 'FORBIDDEN');
      res.status(200).type('text/plain').send(String(q['hub.challenge'] ?? ''));
      return undefined;
    },
  );

  const statusSchema = z.object({
    id: z.string().min(1).max(200),
    status: z.string().max(30),
    timestamp: z.string().max(30).optional(),
    recipient_id: z.string().max(30).optional(),
    errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(300).optional() })).optional(),
  });
  const webhookSchema = z.object({
    object: z.string().max(60),
    entry: z
      .array(z.object({ changes: z.array(z.object({ field: z.string().max(60), value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }).loose() })).max(100) }).loose())
      .max(100),
  });

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/whatsapp/webhook', summary: 'Estados de mensajes de WhatsApp (sent, delivered, read, failed; repetidos o desordenados)', tag: TAG, auth: 'none' },
    async ({ req }) => {
      const secret = ctx.config.campaigns?.whatsappAppSecret;
      if (secret) {
        const raw = rawJsonBody(req) ?? Buffer.alloc(0);
        const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
        const given = Buffer.from(String(req.get('x-hub-signature-256') ?? ''));
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new HttpError(401, m.webhookBadSignature, 'BAD_SIGNATURE');
      }
      const body = webhookSchema.parse(req.body ?? {});
      let applied = 0;
      for (const entry of body.entry) {
        for (const change of entry.changes) {
          if (change.field !== 'messages') continue;
          for (const s of change.value.statuses ?? []) {
            const err = s.errors?.[0];
            const error = err ? `${err.code ?? ''} ${err.title ?? ''}`.trim() : null;
            if (await recordWhatsAppStatus(ctx.db, { providerMessageId: s.id, status: s.status, error })) applied++;
          }
        }
      }
      return { received: true, applied };
    },
  );
}

/** A sender's save is keyed by its content: the same form sent twice is one change. */
function result_key(body: z.infer<typeof saveSenderBodySchema>): string {
  return createHmac('sha256', 'contacts.sender').update(JSON.stringify({ ...body, token: undefined, smtpUrl: undefined })).digest('base64url').slice(0, 22);
}
