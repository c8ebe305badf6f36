/**
 * Use cases of `settings/integration`: API keys (a random 256-bit key shown once, only its SHA-256 kept) and
 * webhooks (a random signing secret kept in the secrets vault), through the integration stream's decider. The
 * caller's client id is the key's or webhook's id and its command id: a retry answers the first result.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { createSecretsVault } from '../../crypto/secrets-vault.js';
import { integrationDecider, integrationStreamId, type WebhookEventName } from '../../domain/contacts/integration.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const KEY_PREFIX = 'afk_';

export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');
export const webhookSecretRef = (clientId: string, webhookId: string) => `contacts.webhook/${clientId}/${webhookId}`;

export async function createApiKey(ctx: Ctx, input: { clientId: string; userId: string; keyId: string; name: string }) {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const r = await handleCommand(ctx, {
    streamId: integrationStreamId(input.clientId),
    decider: integrationDecider,
    command: { type: 'contacts.CreateApiKey', data: { clientId: input.clientId, keyId: input.keyId, name: input.name, hash: apiKeyHash(key), prefix: key.slice(0, KEY_PREFIX.length + 6) } },
    meta: { commandId: `api-key:${input.keyId}`, userId: input.userId },
  });
  // A retry of the same creation cannot show the key again: only its hash was kept.
  return { key: r.duplicate || !r.events.length ? null : key, position: r.position };
}

export async function revokeApiKey(ctx: Ctx, input: { clientId: string; userId: string; keyId: string }) {
  const r = await handleCommand(ctx, {
    streamId: integrationStreamId(input.clientId),
    decider: integrationDecider,
    command: { type: 'contacts.RevokeApiKey', data: { clientId: input.clientId, keyId: input.keyId } },
    meta: { userId: input.userId },
  });
  return { position: r.position };
}

export async function addWebhook(ctx: Ctx, input: { clientId: string; userId: string; webhookId: string; url: string; events: WebhookEventName[] }) {
  const secretRef = webhookSecretRef(input.clientId, input.webhookId);
  const vault = createSecretsVault(ctx.db);
  // Kept before the append (a retry finds the same secret); an append refused leaves an unused one behind only.
  await vault.store(secretRef, 'whsec_' + randomBytes(24).toString('base64url'), { ifAbsent: true });
  const r = await handleCommand(ctx, {
    streamId: integrationStreamId(input.clientId),
    decider: integrationDecider,
    command: { type: 'contacts.AddWebhook', data: { clientId: input.clientId, webhookId: input.webhookId, url: input.url, events: input.events, secretRef } },
    meta: { commandId: `webhook:${input.webhookId}`, userId: input.userId },
  });
  return { secret: await vault.reveal(secretRef), position: r.position };
}

export async function removeWebhook(ctx: Ctx, input: { clientId: string; userId: string; webhookId: string }) {
  const r = await handleCommand(ctx, {
    streamId: integrationStreamId(input.clientId),
    decider: integrationDecider,
    command: { type: 'contacts.RemoveWebhook', data: { clientId: input.clientId, webhookId: input.webhookId } },
    meta: { userId: input.userId },
  });
  await createSecretsVault(ctx.db).forget(webhookSecretRef(input.clientId, input.webhookId));
  return { position: r.position };
}
