/** Readers of the campaigns area's tables (the only ones: other modules call these). */
import { sql, type Kysely } from 'kysely';
import type { CampaignCountsDto, CampaignDto, CampaignRecipientDto, SenderDto } from '../../contracts/contacts-campaigns.js';
import type { GridQuery } from '../../contracts/events.js';
import type { CampaignContent, RecipientState } from '../../domain/contacts/campaign.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type CampaignRow = DB['contacts_campaigns'];
const toDto = (r: Pick<CampaignRow, 'id' | 'name' | 'channel' | 'sender_id' | 'status' | 'recipient_count' | 'scheduled_for' | 'created_at' | 'started_at' | 'finished_at'>): CampaignDto => ({
  id: r.id,
  name: r.name,
  channel: r.channel as CampaignDto['channel'],
  senderId: r.sender_id,
  status: r.status as CampaignDto['status'],
  recipientCount: r.recipient_count,
  scheduledFor: iso(r.scheduled_for),
  createdAt: iso(r.created_at)!,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
});

export async function findCampaign(db: Db, campaignId: string): Promise<(CampaignDto & { clientId: string }) | null> {
  const r = await db.selectFrom('contacts_campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
  return r ? { ...toDto(r), clientId: r.client_id } : null;
}

export async function campaignsOfClient(db: Db, clientId: string): Promise<CampaignDto[]> {
  const rows = await db.selectFrom('contacts_campaigns').selectAll().where('client_id', '=', clientId).orderBy('created_at', 'desc').limit(500).execute();
  return rows.map(toDto);
}

/** What a send job needs of its campaign (cached briefly by the worker). */
export async function campaignForSend(db: Db, campaignId: string) {
  const r = await db
    .selectFrom('contacts_campaigns')
    .select(['id', 'client_id', 'channel', 'sender_id', 'status', 'content', 'name'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  return r ? { id: r.id, clientId: r.client_id, channel: r.channel, senderId: r.sender_id, status: r.status, name: r.name, content: r.content as CampaignContent } : null;
}

/**
 * An opt-out stands unless the contact granted the channel again after it (the subscription page): the contact's
 * consent for the channel is granted and dated after the opt-out.
 */
const notGrantedAgain = sql<boolean>`NOT EXISTS (SELECT 1 FROM contacts_contacts cc WHERE cc.id = r.contact_id AND cc.client_id = c.client_id
  AND cc.profile->'consent'->c.channel->>'status' = 'granted' AND (cc.profile->'consent'->c.channel->>'at')::timestamptz > o.at)`;

/** A recipient with its outcome so far and whether its address opted out of the campaign's channel (one query). */
export async function recipientForSend(db: Db, campaignId: string, key: string) {
  return db
    .selectFrom('contacts_campaign_recipients as r')
    .innerJoin('contacts_campaigns as c', 'c.id', 'r.campaign_id')
    .leftJoin('contacts_campaign_deliveries as d', (j) => j.onRef('d.campaign_id', '=', 'r.campaign_id').onRef('d.recipient_key', '=', 'r.recipient_key'))
    .leftJoin('contacts_campaign_optouts as o', (j) =>
      j.onRef('o.client_id', '=', 'c.client_id').onRef('o.channel', '=', 'c.channel').onRef('o.address', '=', 'r.address').on(notGrantedAgain),
    )
    .select(['r.recipient_key', 'r.contact_id', 'r.address', 'r.name', 'r.merge', 'r.state', 'd.state as delivery_state', 'o.address as opted_out'])
    .where('r.campaign_id', '=', campaignId)
    .where('r.recipient_key', '=', key)
    .executeTakeFirst();
}

/** The frozen audience as the start command needs it. */
export async function audienceForStart(db: Db, campaignId: string): Promise<{ key: string; consent: boolean }[]> {
  const rows = await db
    .selectFrom('contacts_campaign_recipients')
    .select(['recipient_key', 'consent'])
    .where('campaign_id', '=', campaignId)
    .orderBy('recipient_key')
    .execute();
  return rows.map((r) => ({ key: r.recipient_key, consent: r.consent }));
}

/** Keys of the campaign's recipients whose address opted out of the campaign's channel with its organizer. */
export async function optedOutKeys(db: Db, campaignId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contacts_campaign_recipients as r')
    .innerJoin('contacts_campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('contacts_campaign_optouts as o', (j) =>
      j.onRef('o.client_id', '=', 'c.client_id').onRef('o.channel', '=', 'c.channel').onRef('o.address', '=', 'r.address').on(notGrantedAgain),
    )
    .select('r.recipient_key')
    .where('r.campaign_id', '=', campaignId)
    .execute();
  return rows.map((r) => r.recipient_key);
}

/** Recipients still to handle in a run: queued, with no outcome recorded. */
export async function queuedKeys(db: Db, campaignId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contacts_campaign_recipients as r')
    .leftJoin('contacts_campaign_deliveries as d', (j) => j.onRef('d.campaign_id', '=', 'r.campaign_id').onRef('d.recipient_key', '=', 'r.recipient_key'))
    .select('r.recipient_key')
    .where('r.campaign_id', '=', campaignId)
    .where('r.state', '=', 'queued')
    .where('d.recipient_key', 'is', null)
    .orderBy('r.recipient_key')
    .execute();
  return rows.map((r) => r.recipient_key);
}

/** The recipient's state: the ledger's outcome when there is one, the audience's state otherwise. */
const STATE_SQL = sql<RecipientState>`coalesce(d.state, r.state)`;

/** Counts per state and recipients not yet handled. */
export async function campaignCounts(db: Db, campaignId: string): Promise<{ counts: CampaignCountsDto; remaining: number }> {
  const rows = await sql<{ state: RecipientState; n: string }>`SELECT ${STATE_SQL} AS state, count(*) AS n
    FROM contacts_campaign_recipients r
    LEFT JOIN contacts_campaign_deliveries d ON d.campaign_id = r.campaign_id AND d.recipient_key = r.recipient_key
    WHERE r.campaign_id = ${campaignId} GROUP BY 1`.execute(db);
  const counts: CampaignCountsDto = {};
  for (const r of rows.rows) counts[r.state] = Number(r.n);
  return { counts, remaining: (counts.queued ?? 0) + (counts.pending ?? 0) };
}

const RECIPIENT_COLUMNS: Record<string, GridColumn> = {
  name: { expr: sql`name`, type: 'text' },
  address: { expr: sql`address`, type: 'text' },
  state: { expr: sql`state`, type: 'text' },
  error: { expr: sql`error`, type: 'text' },
  updatedAt: { expr: sql`updated_at`, type: 'date' },
};

/** The recipients grid (server-side paging, sorting and filtering, src/db/grid.ts). */
export async function campaignRecipientsGrid(db: Db, campaignId: string, q: GridQuery) {
  const from = sql`(SELECT r.recipient_key AS id, r.contact_id, r.address, r.name, ${STATE_SQL} AS state, d.error, d.updated_at
    FROM contacts_campaign_recipients r
    LEFT JOIN contacts_campaign_deliveries d ON d.campaign_id = r.campaign_id AND d.recipient_key = r.recipient_key
    WHERE r.campaign_id = ${campaignId}) AS recipients`;
  const { rows, rowCount } = await gridQuery<{ id: string; contact_id: string; address: string; name: string; state: RecipientState; error: string | null; updated_at: Date | null }>(
    db,
    from,
    RECIPIENT_COLUMNS,
    sql`id, contact_id, address, name, state, error, updated_at`,
    q,
    'name',
  );
  const data: CampaignRecipientDto[] = rows.map((r) => ({
    id: r.id,
    contactId: r.contact_id,
    address: r.address,
    name: r.name,
    state: r.state,
    error: r.error,
    updatedAt: iso(r.updated_at),
  }));
  return { data, rowCount };
}

export async function findSender(db: Db, senderId: string) {
  return db.selectFrom('contacts_campaign_senders').selectAll().where('id', '=', senderId).executeTakeFirst();
}

export async function sendersOfClient(db: Db, clientId: string): Promise<SenderDto[]> {
  const rows = await db.selectFrom('contacts_campaign_senders').selectAll().where('client_id', '=', clientId).orderBy('name').execute();
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as SenderDto['channel'],
    name: r.name,
    fromName: r.from_name,
    fromEmail: r.from_email,
    phoneNumberId: r.phone_number_id,
    hasSecret: r.secret_ref !== null,
  }));
}

/** The campaign and recipient a WhatsApp message id belongs to (status webhooks). */
export async function deliveryOfMessage(db: Db, providerMessageId: string) {
  return db
    .selectFrom('contacts_campaign_deliveries')
    .select(['campaign_id', 'recipient_key', 'state'])
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();
}

/**
 * Engagement per campaign of an organizer, for the CRM's report (newest 50): recipients sent (the provider took
 * the message), delivered and read, from the deliveries ledger's states (a later state implies the earlier).
 */
export async function campaignEngagementOf(db: Db, clientId: string): Promise<{ id: string; name: string; channel: string; sent: number; delivered: number; read: number }[]> {
  const r = await sql<{ id: string; name: string; channel: string; sent: string; delivered: string; read: string }>`
    SELECT c.id, c.name, c.channel,
      count(*) FILTER (WHERE d.state IN ('sent', 'delivered', 'read')) AS sent,
      count(*) FILTER (WHERE d.state IN ('delivered', 'read')) AS delivered,
      count(*) FILTER (WHERE d.state = 'read') AS read
    FROM (SELECT * FROM contacts_campaigns WHERE client_id = ${clientId} ORDER BY created_at DESC LIMIT 50) c
    LEFT JOIN contacts_campaign_deliveries d ON d.campaign_id = c.id
    GROUP BY c.id, c.name, c.channel, c.created_at ORDER BY c.created_at DESC`.execute(db);
  return r.rows.map((x) => ({ id: x.id, name: x.name, channel: x.channel, sent: Number(x.sent), delivered: Number(x.delivered), read: Number(x.read) }));
}
