/**
 * `settings/integration` (issue 22): the organizer's API keys and webhooks (contact.manage, own client only), and
 * the public push endpoint `POST /api/v2/integration/contacts` authenticated by `Authorization: Bearer <key>`,
 * which upserts a contact through recordInflow (source `api`). Its `Idempotency-Key` is the inflow's key: a
 * repeat is one write and answers the same contact. Limited per key (Redis, shared by every API process).
 */
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { recordInflow } from '../../commands/contacts/inflow.js';
import { addWebhook, apiKeyHash, createApiKey, removeWebhook, revokeApiKey } from '../../commands/contacts/integration.js';
import { clientParams } from '../../contracts/contacts.js';
import { createApiKeyRequest, createWebhookRequest, integrationItemParams, pushContactRequest } from '../../contracts/contacts-integration.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { integrationOf, useApiKey } from '../../projections/contacts/integration-queries.js';
import { findContact } from '../../projections/contacts/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { authorizeContacts } from './access.js';

const TAG = 'contacts';
const m = messages.contacts.integration;
/** Pushes per key and minute; read per request so a test may lower it. */
export const integrationRateLimit = { perMinute: 120 };

export function registerIntegrationRoutes(router: Router, ctx: AppContext) {
  const settle = async (position: string | null) => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
  };

  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/integration', summary: 'Claves de API y webhooks del CRM, con el último uso y las últimas entregas', tag: TAG, auth: 'user', params: clientParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.manage');
    return { data: await integrationOf(ctx.db, clientId) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/integration/keys', summary: 'Crea una clave de API (se muestra una sola vez; se guarda solo su hash)', tag: TAG, auth: 'user', params: clientParams, body: createApiKeyRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await createApiKey(ctx, { clientId, userId, keyId: body.clientId, name: body.name });
      await settle(r.position);
      return { data: { _id: body.clientId, key: r.key }, position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/integration/keys/:id', summary: 'Revoca una clave de API', tag: TAG, auth: 'user', params: integrationItemParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await revokeApiKey(ctx, { clientId, userId, keyId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, revoked: true }, position: r.position };
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/integration/webhooks', summary: 'Agrega un webhook (URL y eventos); responde su secreto de firma HMAC-SHA256', tag: TAG, auth: 'user', params: clientParams, body: createWebhookRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await addWebhook(ctx, { clientId, userId, webhookId: body.clientId, url: body.url, events: body.events });
      await settle(r.position);
      return { data: { _id: body.clientId, secret: r.secret }, position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/integration/webhooks/:id', summary: 'Elimina un webhook (y su secreto)', tag: TAG, auth: 'user', params: integrationItemParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await removeWebhook(ctx, { clientId, userId, webhookId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, removed: true }, position: r.position };
  });

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/integration/contacts', summary: 'API pública: crea o completa un contacto del organizador (Authorization: Bearer <clave>; Idempotency-Key opcional)', tag: TAG, auth: 'none', body: pushContactRequest },
    async ({ body, req, res }) => {
      const header = req.get('authorization') ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const key = token ? await useApiKey(ctx.db, apiKeyHash(token), ctx.clock()) : null;
      if (!key) throw new HttpError(401, m.badApiKey, 'BAD_API_KEY');
      const bucket = `${ctx.config.redisPrefix}:rl:contacts.api:${key.keyId}:${Math.floor(Date.now() / 60_000)}`;
      const hits = await ctx.redis.incr(bucket);
      if (hits === 1) await ctx.redis.expire(bucket, 120);
      if (hits > integrationRateLimit.perMinute) throw new HttpError(429);
      if (!body.email && !body.phone) throw new DomainError('PERSON_REQUIRED', m.personRequired, 400, { field: 'email' });
      const idem = req.get('idempotency-key')?.slice(0, 200);
      const inflowKey = `${key.keyId}:${idem ?? `${(body.email ?? '').trim().toLowerCase()}|${body.phone ?? ''}`}`;
      const r = await recordInflow(ctx, { clientId: key.clientId, source: 'api', key: inflowKey, person: { name: body.name, email: body.email, phone: body.phone, consent: body.consent ?? undefined } });
      await settle(r.position);
      res.status(r.created ? 201 : 200);
      const contact = await findContact(ctx.db, key.clientId, r.contactId);
      res.json({ data: contact, created: r.created });
      return undefined;
    },
  );
}
