import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { WebhookEvent } from './port.js';

/**
 * Records each provider webhook once. `firstTime` is false for a replay or a retry of an event already recorded,
 * under any concurrency (the primary key decides), so the caller acts at most once per event id. Acting itself
 * (re-fetching the charge, moving the order) belongs to the sales module.
 */
export function createWebhookInbox(db: Kysely<DB>) {
  return {
    /** Whether the event was recorded already (a replay to acknowledge without acting). */
    async seen(event: Pick<WebhookEvent, 'provider' | 'eventId'>): Promise<boolean> {
      const row = await db
        .selectFrom('payment_webhooks')
        .select('event_id')
        .where('provider', '=', event.provider)
        .where('event_id', '=', event.eventId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async record(event: WebhookEvent): Promise<{ firstTime: boolean }> {
      const inserted = await db
        .insertInto('payment_webhooks')
        .values({ provider: event.provider, event_id: event.eventId, payload: JSON.stringify(event) })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return { firstTime: inserted !== undefined };
    },
  };
}

export type WebhookInbox = ReturnType<typeof createWebhookInbox>;
