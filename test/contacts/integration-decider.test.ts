import { describe, it } from 'vitest';
import { integrationDecider, type ApiKeyCreated, type WebhookAdded } from '../../src/domain/contacts/integration.js';
import { contactDecider } from '../../src/domain/contacts/contact.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

// Given/when/then of settings/integration (API keys, webhooks) and of a contact's source at creation.
const at = SPEC_NOW.toISOString();
const CLIENT = '00000000-0000-4000-8000-0000000c11e7';
const K = '66666666-6666-4666-8666-666666666666';
const W = '77777777-7777-4777-8777-777777777777';
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;
const spec = DeciderSpecification.for(integrationDecider);
const keyCreated: ApiKeyCreated = { type: 'contacts.ApiKeyCreated', data: { clientId: CLIENT, keyId: K, name: 'Web', hash: 'h', prefix: 'afk_abc123', by: SPEC_USER_ID, at } };
const hookAdded: WebhookAdded = {
  type: 'contacts.WebhookAdded',
  data: { clientId: CLIENT, webhookId: W, url: 'https://crm.example.com/hook', events: ['contact.created'], secretRef: `contacts.webhook/${CLIENT}/${W}`, by: SPEC_USER_ID, at },
};

describe('API keys', () => {
  it('creates a named key once, refuses an empty name, revokes once, refuses an unknown key', () => {
    spec.when({ type: 'contacts.CreateApiKey', data: { clientId: CLIENT, keyId: K, name: ' Web ', hash: 'h', prefix: 'afk_abc123' } }).then([keyCreated]);
    spec.given([keyCreated]).when({ type: 'contacts.CreateApiKey', data: { clientId: CLIENT, keyId: K, name: 'Otra', hash: 'h2', prefix: 'afk_zzz' } }).then([]);
    spec.when({ type: 'contacts.CreateApiKey', data: { clientId: CLIENT, keyId: K, name: '  ', hash: 'h', prefix: 'p' } }).thenThrows(code('KEY_NAME_REQUIRED'));
    const revoked = { type: 'contacts.ApiKeyRevoked' as const, data: { clientId: CLIENT, keyId: K, by: SPEC_USER_ID, at } };
    spec.given([keyCreated]).when({ type: 'contacts.RevokeApiKey', data: { clientId: CLIENT, keyId: K } }).then([revoked]);
    spec.given([keyCreated, revoked]).when({ type: 'contacts.RevokeApiKey', data: { clientId: CLIENT, keyId: K } }).then([]);
    spec.when({ type: 'contacts.RevokeApiKey', data: { clientId: CLIENT, keyId: K } }).thenThrows(NotFoundError);
  });
});

describe('webhooks', () => {
  it('adds an http(s) URL with events, refuses other schemes, credentials and no events; removes once', () => {
    spec.when({ type: 'contacts.AddWebhook', data: { clientId: CLIENT, webhookId: W, url: ' https://crm.example.com/hook ', events: ['contact.created', 'contact.created'], secretRef: hookAdded.data.secretRef } }).then([hookAdded]);
    for (const url of ['ftp://crm.example.com/x', 'https://user:pw@crm.example.com/x', 'no es url']) {
      spec.when({ type: 'contacts.AddWebhook', data: { clientId: CLIENT, webhookId: W, url, events: ['contact.created'], secretRef: 'r' } }).thenThrows(code('WEBHOOK_URL_INVALID'));
    }
    spec.when({ type: 'contacts.AddWebhook', data: { clientId: CLIENT, webhookId: W, url: 'https://a.example.com', events: [], secretRef: 'r' } }).thenThrows(code('WEBHOOK_EVENTS_REQUIRED'));
    const removed = { type: 'contacts.WebhookRemoved' as const, data: { clientId: CLIENT, webhookId: W, by: SPEC_USER_ID, at } };
    spec.given([hookAdded]).when({ type: 'contacts.RemoveWebhook', data: { clientId: CLIENT, webhookId: W } }).then([removed]);
    spec.given([hookAdded, removed]).when({ type: 'contacts.RemoveWebhook', data: { clientId: CLIENT, webhookId: W } }).then([]);
  });
});

describe("a contact's source", () => {
  const contacts = DeciderSpecification.for(contactDecider);
  const input = { name: 'Ana', email: 'ana@correo.pe', phone: null };
  const known = { fields: [], companyExists: false };
  it('is carried by the creation when it came from another module, absent for a manual one', () => {
    contacts.when({ type: 'contacts.CreateContact', data: { contactId: K, clientId: CLIENT, input, known, source: 'sales' } }).then((events) => {
      if (events[0]?.type !== 'contacts.ContactCreated' || events[0].data.source !== 'sales') throw new Error('source sales expected');
    });
    contacts.when({ type: 'contacts.CreateContact', data: { contactId: K, clientId: CLIENT, input, known, source: 'manual' } }).then((events) => {
      if (events[0]?.type !== 'contacts.ContactCreated' || 'source' in events[0].data) throw new Error('no source expected');
    });
  });
});
