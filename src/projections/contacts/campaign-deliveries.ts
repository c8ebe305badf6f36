/**
 * The delivery ledger of campaigns (`contacts_campaign_deliveries`): one row per recipient, written by the send
 * jobs and the WhatsApp status webhook, never by a projection (a rebuild does not reset it; see
 * src/domain/contacts/campaign.ts for why outcomes are not events). Every write is an idempotent upsert whose
 * state only moves up its rank, so retried jobs, repeated webhooks and statuses out of order converge.
 */
import { sql, type Kysely } from 'kysely';
import { STATE_RANK, type RecipientState } from '../../domain/contacts/campaign.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;

export async function recordDelivery(
  db: Db,
  input: { campaignId: string; recipientKey: string; state: RecipientState; providerMessageId?: string | null; error?: string | null },
): Promise<void> {
  const rank = STATE_RANK[input.state];
  await db
    .insertInto('contacts_campaign_deliveries')
    .values({
      campaign_id: input.campaignId,
      recipient_key: input.recipientKey,
      state: input.state,
      state_rank: rank,
      provider_message_id: input.providerMessageId ?? null,
      error: input.error ?? null,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['campaign_id', 'recipient_key']).doUpdateSet({
        state: sql`CASE WHEN excluded.state_rank > contacts_campaign_deliveries.state_rank THEN excluded.state ELSE contacts_campaign_deliveries.state END`,
        error: sql`CASE WHEN excluded.state_rank > contacts_campaign_deliveries.state_rank THEN excluded.error ELSE contacts_campaign_deliveries.error END`,
        state_rank: sql`GREATEST(excluded.state_rank, contacts_campaign_deliveries.state_rank)`,
        provider_message_id: sql`coalesce(contacts_campaign_deliveries.provider_message_id, excluded.provider_message_id)`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

const WA_STATES: Record<string, RecipientState> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

/**
 * One WhatsApp status from the webhook. De-duplicated by (message id, status); the recipient's row moves up only
 * (a "delivered" after "read" changes nothing; "failed" keeps its error). A status for a message whose send is
 * not recorded yet stays in the log and is applied when the send job records the message id (applyLoggedStatuses).
 * Answers whether it was new.
 */
export async function recordWhatsAppStatus(db: Db, input: { providerMessageId: string; status: string; error: string | null }): Promise<boolean> {
  const state = WA_STATES[input.status];
  if (!state) return false;
  const inserted = await db
    .insertInto('contacts_campaign_status_log')
    .values({ provider_message_id: input.providerMessageId, status: input.status, error: input.error })
    .onConflict((oc) => oc.doNothing())
    .returning('status')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('contacts_campaign_deliveries')
    .set({ state, state_rank: STATE_RANK[state], error: input.error, updated_at: new Date() })
    .where('provider_message_id', '=', input.providerMessageId)
    .where('state_rank', '<', STATE_RANK[state])
    .execute();
  return true;
}

/** Statuses that arrived before the send was recorded. */
export async function applyLoggedStatuses(db: Db, providerMessageId: string): Promise<void> {
  const rows = await db
    .selectFrom('contacts_campaign_status_log')
    .select(['status', 'error'])
    .where('provider_message_id', '=', providerMessageId)
    .execute();
  for (const r of rows) {
    const state = WA_STATES[r.status];
    if (!state) continue;
    await db
      .updateTable('contacts_campaign_deliveries')
      .set({ state, state_rank: STATE_RANK[state], error: r.error, updated_at: new Date() })
      .where('provider_message_id', '=', providerMessageId)
      .where('state_rank', '<', STATE_RANK[state])
      .execute();
  }
}

/** The result `once` stored for a send that already happened (a retried job after its log row committed). */
export async function sentResult(db: Db, onceKey: string): Promise<{ messageId?: string } | null> {
  const r = await db.selectFrom('job_sent_log').select('result').where('job_key', '=', onceKey).executeTakeFirst();
  return (r?.result as { messageId?: string } | null) ?? null;
}
