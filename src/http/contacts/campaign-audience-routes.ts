/**
 * The campaigns area's routes beyond the engine's (campaign-routes.ts): the audience preview, engagement (short-link
 * clicks and opens) and the mails' `activity`, the subscription page's API, and the store module's attendee
 * campaigns (`manageAttendees/campaignWhatsApp`, `remindersWhatsApp`), event-scoped through the access module's
 * store permission `attendeeCampaign.manage`. The short-link redirect itself (`/r/{code}`, outside /api) is in
 * short-link.ts.
 */
import type { Request, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { previewAudience, resolveAudience } from '../../commands/contacts/campaign-audience.js';
import { campaignOwner, changeCampaign, createCampaign, scheduleCampaign, senderFromLog, startCampaign } from '../../commands/contacts/campaigns.js';
import { saveSubscription, subscriptionOf } from '../../commands/contacts/subscription.js';
import { readSubscriptionToken } from '../../commands/contacts/unsubscribe-token.js';
import { audiencePreviewBodySchema, type Audience, type AudiencePreviewDto } from '../../contracts/contacts-audience.js';
import { campaignActionBodySchema, campaignChannelSchema, createCampaignBodySchema, scheduleCampaignBodySchema, type CampaignProgressDto } from '../../contracts/contacts-campaigns.js';
import type { AccessAction } from '../../domain/access/matrix.js';
import { campaignAudienceStreamId, type CampaignAudienceAdded, type CampaignChannel } from '../../domain/contacts/campaign.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { campaignActivity, campaignEngagement, campaignIdsOfEvent, eventOfCampaign, linkCampaignToEvent } from '../../projections/contacts/campaign-links.js';
import { campaignCounts, campaignsOfClient, findCampaign, sendersOfClient } from '../../projections/contacts/campaign-queries.js';
import { authorizeRequest, readAccessHeaders } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const m = messages.contacts.campaigns;
const ma = m.audience;
const TAG = 'contacts';

/** Same rule as campaign-routes.ts: without the `event` header the caller is the organizer. */
async function organizerOf(ctx: AppContext, req: Request, action: AccessAction): Promise<string> {
  const event = readAccessHeaders(req).event;
  if (!event) return req.user!._id;
  return (await authorizeRequest(ctx, req, event, action)).clientId;
}

type CreateBody = Omit<z.infer<typeof createCampaignBodySchema>, 'audience' | 'recipients'>;

/**
 * Creates a campaign whose recipients the server resolves from an audience and freezes. A retry of a created
 * campaign (same client id) answers the first without resolving again.
 */
export async function createAudienceCampaign(ctx: AppContext, input: { clientId: string; userId: string; body: CreateBody; audience: Audience }) {
  const { body, clientId } = input;
  const sender = await senderFromLog(ctx, body.senderId);
  if (!sender || sender.clientId !== clientId) throw new NotFoundError('SENDER_NOT_FOUND', m.senderNotFound);
  if (sender.channel !== body.channel) throw new DomainError('SENDER_WRONG_CHANNEL', m.senderWrongChannel, 400);
  const owner = await campaignOwner(ctx, body.clientId);
  let recipients;
  if (owner !== null) {
    const [chunk] = await ctx.store.readStream(campaignAudienceStreamId(body.clientId), { maxCount: 1 });
    recipients = chunk ? (chunk.data as CampaignAudienceAdded['data']).recipients : [];
  } else {
    recipients = (await resolveAudience(ctx, clientId, body.channel, input.audience)).recipients;
    if (recipients.length === 0) throw new DomainError('AUDIENCE_EMPTY', ma.audienceEmpty, 400, { field: 'audience' });
  }
  const result = await createCampaign(ctx, {
    campaignId: body.clientId,
    clientId,
    channel: body.channel,
    senderId: body.senderId,
    name: body.name,
    content: body.content,
    recipients,
    by: input.userId,
    clientRequestId: body.clientId,
  });
  if (result.state.clientId !== clientId) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
  return { id: body.clientId, position: result.position };
}

const eventParams = z.object({ id: z.string().min(1).max(100) });
const eventCampaignParams = eventParams.extend({ campaignId: z.string().min(1).max(100) });
const attendeeCampaignBody = createCampaignBodySchema.omit({ audience: true, recipients: true }).extend({ purpose: z.enum(['campaign', 'reminder']).default('campaign') });
const tokenParams = z.object({ token: z.string().min(10).max(600) });
const subscriptionBody = z.object({ email: z.boolean().optional(), whatsapp: z.boolean().optional() });

export function registerCampaignAudienceRoutes(router: Router, ctx: AppContext): void {
  // -------------------------------------------------------------------------------- organizer level
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/audience/preview', summary: 'Vista previa de una audiencia: cuántos, una muestra y cuántos no dieron consentimiento para el canal', tag: TAG, auth: 'user', body: audiencePreviewBodySchema },
    async ({ body, req }): Promise<AudiencePreviewDto> => previewAudience(ctx, await organizerOf(ctx, req, 'contact.read'), body.channel, body.audience),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/campaignActivity', summary: 'Lo último de las campañas del organizador: envíos, aperturas, clics y bajas', tag: TAG, auth: 'user' },
    async ({ req }) => ({ data: await campaignActivity(ctx.db, await organizerOf(ctx, req, 'contact.read')) }),
  );

  // ------------------------------------------------------------------------------- subscription page
  const readToken = (token: string) => {
    const t = readSubscriptionToken(ctx.config.jwtSecret, token);
    if (!t) throw new HttpError(400, ma.invalidSubscriptionLink, 'INVALID_LINK');
    return t;
  };
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/subscription/preferences/:token', summary: 'Preferencias de la persona (página de suscripción): solo lee', tag: TAG, auth: 'none', params: tokenParams },
    async ({ params }) => {
      const t = readToken(params.token);
      return subscriptionOf(ctx, t.clientId, t.contactId);
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/subscription/preferences/:token', summary: 'Guarda qué canales acepta la persona (consentimiento con origen subscription-page)', tag: TAG, auth: 'none', params: tokenParams, body: subscriptionBody },
    async ({ params, body }) => {
      const t = readToken(params.token);
      const saved = await saveSubscription(ctx, { clientId: t.clientId, contactId: t.contactId, channels: body });
      return { ...saved, message: ma.subscriptionSaved };
    },
  );

  // ------------------------------------------------------------- store: an event's attendee campaigns
  const access = { action: 'attendeeCampaign.manage' as const, event: (i: { params: { id: string } }) => i.params.id };
  const ownEventCampaign = async (eventId: string, clientId: string, campaignId: string) => {
    const link = await eventOfCampaign(ctx.db, campaignId);
    if (!link || link.event_id !== eventId || link.client_id !== clientId) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
  };

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/attendeeCampaigns/senders', summary: 'Remitentes del organizador para campañas a los asistentes del evento', tag: TAG, auth: 'user', params: eventParams, access },
    async ({ access: grant }) => ({ data: await sendersOfClient(ctx.db, grant.clientId) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/attendeeCampaigns/preview',
      summary: 'Vista previa de la audiencia de asistentes del evento para un canal',
      tag: TAG,
      auth: 'user',
      params: eventParams,
      body: z.object({ channel: campaignChannelSchema }),
      access,
    },
    async ({ body, access: grant }) => previewAudience(ctx, grant.clientId, body.channel as CampaignChannel, { source: 'event', eventId: grant.eventId }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/attendeeCampaigns', summary: 'Campañas y recordatorios enviados a los asistentes del evento', tag: TAG, auth: 'user', params: eventParams, query: z.object({ purpose: z.enum(['campaign', 'reminder']).optional() }), access },
    async ({ query, access: grant }) => {
      const ids = await campaignIdsOfEvent(ctx.db, grant.eventId, query.purpose);
      const all = await campaignsOfClient(ctx.db, grant.clientId);
      return { data: all.filter((c) => ids.has(c.id)).map((c) => ({ ...c, purpose: ids.get(c.id) })) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/attendeeCampaigns',
      summary: 'Crea una campaña (o recordatorio) para los asistentes del evento; la audiencia se congela al crearla',
      tag: TAG,
      auth: 'user',
      params: eventParams,
      body: attendeeCampaignBody,
      access,
      successStatus: 201,
    },
    async ({ body, access: grant, user }) => {
      const { purpose, ...rest } = body;
      const out = await createAudienceCampaign(ctx, { clientId: grant.clientId, userId: user!._id, body: rest, audience: { source: 'event', eventId: grant.eventId } });
      await linkCampaignToEvent(ctx.db, { campaignId: out.id, eventId: grant.eventId, clientId: grant.clientId, purpose });
      return out;
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/attendeeCampaigns/:campaignId', summary: 'Una campaña a los asistentes y su avance', tag: TAG, auth: 'user', params: eventCampaignParams, access },
    async ({ params, access: grant }): Promise<CampaignProgressDto> => {
      await ownEventCampaign(grant.eventId, grant.clientId, params.campaignId);
      const found = await findCampaign(ctx.db, params.campaignId);
      if (!found) throw new NotFoundError('CAMPAIGN_NOT_FOUND', m.campaignNotFound);
      const { clientId: _c, ...campaign } = found;
      return { campaign, ...(await campaignCounts(ctx.db, params.campaignId)), engagement: await campaignEngagement(ctx.db, params.campaignId) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/attendeeCampaigns/:campaignId/send', summary: 'Programa (`at`) o envía ahora la campaña a los asistentes', tag: TAG, auth: 'user', params: eventCampaignParams, body: scheduleCampaignBodySchema, access },
    async ({ params, body, access: grant, user }) => {
      await ownEventCampaign(grant.eventId, grant.clientId, params.campaignId);
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
      { method: 'post', path: `/event/:id/attendeeCampaigns/:campaignId/${action}`, summary: `Campaña a los asistentes: ${{ pause: 'pausar', resume: 'reanudar', cancel: 'cancelar' }[action]}`, tag: TAG, auth: 'user', params: eventCampaignParams, body: campaignActionBodySchema, access },
      async ({ params, body, access: grant, user }) => {
        await ownEventCampaign(grant.eventId, grant.clientId, params.campaignId);
        const result = await changeCampaign(ctx, params.campaignId, action, user!._id, body.clientId);
        return { status: result.state.status, position: result.position };
      },
    );
  }
}
