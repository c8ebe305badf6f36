import type { ContactChanged, ContactCreated, ContactErased } from '../../domain/contacts/contact.js';
import type { IntegrationEvent, WebhookEventName } from '../../domain/contacts/integration.js';
import { webhookDeliveryJob } from '../../workers/contacts/webhook-delivery.js';
import { defineProjection } from '../projection.js';

/** `contacts.integration`: the organizer's API keys (hashes only) and webhooks, from the integration streams. */
export const integrationProjection = defineProjection<IntegrationEvent>({
  name: 'contacts.integration',
  eventTypes: ['contacts.ApiKeyCreated', 'contacts.ApiKeyRevoked', 'contacts.WebhookAdded', 'contacts.WebhookRemoved'],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'contacts.ApiKeyCreated': {
          const d = e.data;
          await trx
            .insertInto('contacts_api_keys')
            .values({ id: d.keyId, client_id: d.clientId, name: d.name, prefix: d.prefix, hash: d.hash, created_at: d.at, revoked_at: null })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'contacts.ApiKeyRevoked':
          await trx.updateTable('contacts_api_keys').set({ revoked_at: e.data.at }).where('id', '=', e.data.keyId).execute();
          break;
        case 'contacts.WebhookAdded': {
          const d = e.data;
          await trx
            .insertInto('contacts_webhooks')
            .values({ id: d.webhookId, client_id: d.clientId, url: d.url, events: JSON.stringify(d.events), secret_ref: d.secretRef, created_at: d.at, removed_at: null })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'contacts.WebhookRemoved':
          await trx.updateTable('contacts_webhooks').set({ removed_at: e.data.at }).where('id', '=', e.data.webhookId).execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_api_keys').execute();
    await trx.deleteFrom('contacts_webhooks').execute();
  },
});

const EVENT_OF: Record<string, WebhookEventName> = { 'contacts.ContactCreated': 'contact.created', 'contacts.ContactChanged': 'contact.updated', 'contacts.ContactErased': 'contact.erased' };

/**
 * `contacts.webhooks`: each contact change -> one delivery job per active webhook of its organizer subscribed to
 * that change, after commit, keyed by webhook and event id (a retried batch enqueues the same jobs; a rebuild
 * replays without effects). No rows of its own. Webhooks added later get later changes only.
 */
export const webhookDispatcher = defineProjection<ContactCreated | ContactChanged | ContactErased>({
  name: 'contacts.webhooks',
  eventTypes: ['contacts.ContactCreated', 'contacts.ContactChanged', 'contacts.ContactErased'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    for (const e of events) {
      const event = EVENT_OF[e.type];
      const hooks = await ctx.trx.selectFrom('contacts_webhooks').select(['id', 'events']).where('client_id', '=', e.data.clientId).where('removed_at', 'is', null).execute();
      for (const h of hooks) {
        if (!(h.events as string[]).includes(event)) continue;
        const payload = { webhookId: h.id, clientId: e.data.clientId, event, contactId: e.data.contactId, eventId: e.eventId, occurredAt: e.data.at, position: e.position };
        ctx.afterCommit(({ jobs }) => jobs.enqueue(webhookDeliveryJob, payload, `${h.id}:${e.eventId}`));
      }
    }
  },
  async reset() {},
});
