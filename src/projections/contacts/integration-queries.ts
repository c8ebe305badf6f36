import type { Kysely } from 'kysely';
import type { ApiKeyDto, IntegrationDto, WebhookDto } from '../../contracts/contacts-integration.js';
import type { DB } from '../../db/schema.js';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The organizer's keys (newest first, with their last use) and webhooks with their last 20 delivery attempts. */
export async function integrationOf(db: Kysely<DB>, clientId: string): Promise<IntegrationDto> {
  const keys = await db
    .selectFrom('contacts_api_keys as k')
    .leftJoin('contacts_api_key_uses as u', 'u.key_id', 'k.id')
    .select(['k.id', 'k.name', 'k.prefix', 'k.created_at', 'k.revoked_at', 'u.last_used_at'])
    .where('k.client_id', '=', clientId)
    .orderBy('k.created_at', 'desc')
    .execute();
  const hooks = await db.selectFrom('contacts_webhooks').selectAll().where('client_id', '=', clientId).where('removed_at', 'is', null).orderBy('created_at', 'desc').execute();
  const webhooks: WebhookDto[] = [];
  for (const h of hooks) {
    const deliveries = await db.selectFrom('contacts_webhook_deliveries').selectAll().where('webhook_id', '=', h.id).orderBy('id', 'desc').limit(20).execute();
    webhooks.push({
      _id: h.id,
      url: h.url,
      events: h.events as WebhookDto['events'],
      createdAt: iso(h.created_at)!,
      deliveries: deliveries.map((d) => ({ event: d.event, contactId: d.contact_id, attempt: d.attempt, statusCode: d.status_code, error: d.error, at: iso(d.at)! })),
    });
  }
  return {
    keys: keys.map((k): ApiKeyDto => ({ _id: k.id, name: k.name, prefix: k.prefix, createdAt: iso(k.created_at)!, revokedAt: iso(k.revoked_at), lastUsedAt: iso(k.last_used_at) })),
    webhooks,
  };
}

/** The live key with this hash (its client), noting the use; null for an unknown or revoked key. */
export async function useApiKey(db: Kysely<DB>, hash: string, now: Date): Promise<{ keyId: string; clientId: string } | null> {
  const key = await db.selectFrom('contacts_api_keys').select(['id', 'client_id']).where('hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
  if (!key) return null;
  await db
    .insertInto('contacts_api_key_uses')
    .values({ key_id: key.id, last_used_at: now })
    .onConflict((oc) => oc.column('key_id').doUpdateSet({ last_used_at: now }))
    .execute();
  return { keyId: key.id, clientId: key.client_id };
}
