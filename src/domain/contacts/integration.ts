/**
 * The organizer's CRM integration (issue 22, `settings/integration`), stream `contacts-integration-<clientId>`:
 * API keys to push contacts in from outside (only a SHA-256 of the key is kept: the key is shown once) and
 * outgoing webhooks on contact changes (the signing secret lives in the secrets vault under `secretRef`).
 * Pure: ids, hashes and time come in with the command.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.contacts.integration;
export const integrationStreamId = (clientId: string) => `contacts-integration-${clientId}`;
export const WEBHOOK_EVENTS = ['contact.created', 'contact.updated', 'contact.erased'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ApiKeyCreated = E<'contacts.ApiKeyCreated', { clientId: string; keyId: string; name: string; hash: string; prefix: string; by: string; at: string }>;
export type ApiKeyRevoked = E<'contacts.ApiKeyRevoked', { clientId: string; keyId: string; by: string; at: string }>;
export type WebhookAdded = E<'contacts.WebhookAdded', { clientId: string; webhookId: string; url: string; events: WebhookEventName[]; secretRef: string; by: string; at: string }>;
export type WebhookRemoved = E<'contacts.WebhookRemoved', { clientId: string; webhookId: string; by: string; at: string }>;
export type IntegrationEvent = ApiKeyCreated | ApiKeyRevoked | WebhookAdded | WebhookRemoved;

export type IntegrationCommand =
  | E<'contacts.CreateApiKey', { clientId: string; keyId: string; name: string; hash: string; prefix: string }>
  | E<'contacts.RevokeApiKey', { clientId: string; keyId: string }>
  | E<'contacts.AddWebhook', { clientId: string; webhookId: string; url: string; events: WebhookEventName[]; secretRef: string }>
  | E<'contacts.RemoveWebhook', { clientId: string; webhookId: string }>;

export type IntegrationState = { keys: Record<string, { revoked: boolean }>; webhooks: Record<string, { removed: boolean }> };

/** An http(s) URL without credentials (the address checks against private networks run at delivery: DNS may change). */
export function checkWebhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DomainError('WEBHOOK_URL_INVALID', m.webhookUrlInvalid, 400, { field: 'url' });
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password || raw.length > 2000) {
    throw new DomainError('WEBHOOK_URL_INVALID', m.webhookUrlInvalid, 400, { field: 'url' });
  }
  return url.toString();
}

export const integrationDecider: Decider<IntegrationCommand, IntegrationEvent, IntegrationState> = {
  initialState: () => ({ keys: {}, webhooks: {} }),
  decide(command, state, ctx: DecideContext) {
    const at = ctx.now.toISOString();
    const by = ctx.userId ?? '';
    const d = command.data;
    switch (command.type) {
      case 'contacts.CreateApiKey': {
        const c = command.data;
        if (state.keys[c.keyId]) return [];
        const name = c.name.trim();
        if (!name) throw new DomainError('KEY_NAME_REQUIRED', m.keyNameRequired, 400, { field: 'name' });
        return [{ type: 'contacts.ApiKeyCreated', data: { clientId: c.clientId, keyId: c.keyId, name, hash: c.hash, prefix: c.prefix, by, at } }];
      }
      case 'contacts.RevokeApiKey': {
        const key = state.keys[command.data.keyId];
        if (!key) throw new NotFoundError('API_KEY_NOT_FOUND', m.keyNotFound);
        if (key.revoked) return [];
        return [{ type: 'contacts.ApiKeyRevoked', data: { clientId: d.clientId, keyId: command.data.keyId, by, at } }];
      }
      case 'contacts.AddWebhook': {
        const c = command.data;
        if (state.webhooks[c.webhookId]) return [];
        if (!c.events.length) throw new DomainError('WEBHOOK_EVENTS_REQUIRED', m.webhookEventsRequired, 400, { field: 'events' });
        return [{ type: 'contacts.WebhookAdded', data: { ...c, url: checkWebhookUrl(c.url), events: [...new Set(c.events)], by, at } }];
      }
      case 'contacts.RemoveWebhook': {
        const hook = state.webhooks[command.data.webhookId];
        if (!hook) throw new NotFoundError('WEBHOOK_NOT_FOUND', m.webhookNotFound);
        if (hook.removed) return [];
        return [{ type: 'contacts.WebhookRemoved', data: { clientId: d.clientId, webhookId: command.data.webhookId, by, at } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'contacts.ApiKeyCreated':
        return { ...state, keys: { ...state.keys, [event.data.keyId]: { revoked: false } } };
      case 'contacts.ApiKeyRevoked':
        return { ...state, keys: { ...state.keys, [event.data.keyId]: { revoked: true } } };
      case 'contacts.WebhookAdded':
        return { ...state, webhooks: { ...state.webhooks, [event.data.webhookId]: { removed: false } } };
      case 'contacts.WebhookRemoved':
        return { ...state, webhooks: { ...state.webhooks, [event.data.webhookId]: { removed: true } } };
    }
  },
};
