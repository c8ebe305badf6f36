/**
 * Short links and opens of campaign e-mails: the codes the e-mail job makes while rendering a mail, the hits the
 * redirect (`/r/{code}`) and the open pixel record, and the counts the campaign page and `activity` show. Facts,
 * not events (like the deliveries): a rebuild of the campaigns projection never resets them.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CampaignActivityDto, CampaignEngagementDto } from '../../contracts/contacts-campaigns.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;
export type LinkKind = 'link' | 'open';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 16 base62 characters from a CSPRNG (~95 bits): not guessable, not enumerable. */
export function newShortCode(): string {
  const bytes = randomBytes(32);
  let out = '';
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 4 * 62: no modulo bias
    out += ALPHABET[b % 62];
    if (out.length === 16) return out;
  }
  return out.length === 16 ? out : newShortCode();
}
export const SHORT_CODE_RE = /^[0-9A-Za-z]{16}$/;

/**
 * The codes of a recipient's links (and its open pixel), made once: a retried or resumed job gets the codes it made
 * before (unique campaign, recipient, kind and url), so every copy of a mail counts on the same rows.
 */
export async function shortCodes(db: Db, input: { clientId: string; campaignId: string; recipientKey: string; items: { kind: LinkKind; url: string }[] }): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (input.items.length === 0) return out;
  const unique = [...new Map(input.items.map((i) => [`${i.kind} ${i.url}`, i])).values()];
  await db
    .insertInto('contacts_campaign_links')
    .values(unique.map((i) => ({ code: newShortCode(), client_id: input.clientId, campaign_id: input.campaignId, recipient_key: input.recipientKey, kind: i.kind, url: i.url })))
    .onConflict((oc) => oc.columns(['campaign_id', 'recipient_key', 'kind', 'url']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('contacts_campaign_links')
    .select(['code', 'kind', 'url'])
    .where('campaign_id', '=', input.campaignId)
    .where('recipient_key', '=', input.recipientKey)
    .execute();
  for (const r of rows) out.set(`${r.kind} ${r.url}`, r.code);
  return out;
}

/** A code's target (null: no such code). */
export async function findShortLink(db: Db, code: string) {
  return (await db.selectFrom('contacts_campaign_links').selectAll().where('code', '=', code).executeTakeFirst()) ?? null;
}

/** A repeat of the same code within this window is the same click (a double click, a scanner then the person). */
export const HIT_WINDOW_SECONDS = 10;

/**
 * Records one hit of a code unless the same code was hit within the window (serialized per code by an advisory lock,
 * so simultaneous requests count once). Answers whether it counted.
 */
export async function recordHit(db: Db, link: { code: string; campaign_id: string; recipient_key: string; kind: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contacts.hit:${link.code}`}, 0))`.execute(trx);
    const recent = await trx
      .selectFrom('contacts_campaign_hits')
      .select('id')
      .where('code', '=', link.code)
      .where('at', '>', sql<Date>`now() - make_interval(secs => ${HIT_WINDOW_SECONDS})`)
      .executeTakeFirst();
    if (recent) return false;
    await trx.insertInto('contacts_campaign_hits').values({ code: link.code, campaign_id: link.campaign_id, recipient_key: link.recipient_key, kind: link.kind }).execute();
    return true;
  });
}

/** Clicks and opens of a campaign: every counted hit, and recipients who clicked (opened) at least once. */
export async function campaignEngagement(db: Db, campaignId: string): Promise<CampaignEngagementDto> {
  const rows = await db
    .selectFrom('contacts_campaign_hits')
    .select(['kind', sql<string>`count(*)`.as('n'), sql<string>`count(DISTINCT recipient_key)`.as('u')])
    .where('campaign_id', '=', campaignId)
    .groupBy('kind')
    .execute();
  const of = (k: string) => rows.find((r) => r.kind === k);
  return { clicks: Number(of('link')?.n ?? 0), uniqueClicks: Number(of('link')?.u ?? 0), opens: Number(of('open')?.n ?? 0), uniqueOpens: Number(of('open')?.u ?? 0) };
}

/** Clicks and opens per recipient of some of a campaign's recipients (the recipients grid's page). */
export async function engagementOfRecipients(db: Db, campaignId: string, keys: string[]): Promise<Map<string, { clicks: number; opens: number }>> {
  const out = new Map<string, { clicks: number; opens: number }>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('contacts_campaign_hits')
    .select(['recipient_key', sql<string>`count(*) FILTER (WHERE kind = 'link')`.as('clicks'), sql<string>`count(*) FILTER (WHERE kind = 'open')`.as('opens')])
    .where('campaign_id', '=', campaignId)
    .where('recipient_key', 'in', keys)
    .groupBy('recipient_key')
    .execute();
  for (const r of rows) out.set(r.recipient_key, { clicks: Number(r.clicks), opens: Number(r.opens) });
  return out;
}

/** The organizer's latest campaign activity: sends and unsubscribes (deliveries), clicks and opens (hits), newest first. */
export async function campaignActivity(db: Db, clientId: string, limit = 100): Promise<CampaignActivityDto[]> {
  const r = await sql<{ at: Date | string; kind: string; campaign_id: string; campaign_name: string; recipient: string; url: string | null }>`
    (SELECT h.at, CASE WHEN h.kind = 'link' THEN 'click' ELSE 'open' END AS kind, c.id AS campaign_id, c.name AS campaign_name,
            rc.address AS recipient, CASE WHEN h.kind = 'link' THEN l.url END AS url
       FROM contacts_campaign_hits h
       JOIN contacts_campaign_links l ON l.code = h.code
       JOIN contacts_campaigns c ON c.id = h.campaign_id
       JOIN contacts_campaign_recipients rc ON rc.campaign_id = h.campaign_id AND rc.recipient_key = h.recipient_key
      WHERE l.client_id = ${clientId}
      ORDER BY h.at DESC LIMIT ${limit})
    UNION ALL
    (SELECT d.updated_at AS at, d.state AS kind, c.id, c.name, rc.address, NULL
       FROM contacts_campaign_deliveries d
       JOIN contacts_campaigns c ON c.id = d.campaign_id
       JOIN contacts_campaign_recipients rc ON rc.campaign_id = d.campaign_id AND rc.recipient_key = d.recipient_key
      WHERE c.client_id = ${clientId} AND d.state IN ('sent', 'unsubscribed')
      ORDER BY d.updated_at DESC LIMIT ${limit})
    ORDER BY at DESC LIMIT ${limit}`.execute(db);
  return r.rows.map((x) => ({ at: isoReq(x.at), kind: x.kind as CampaignActivityDto['kind'], campaignId: x.campaign_id, campaignName: x.campaign_name, recipient: x.recipient, url: x.url }));
}

// ------------------------------------------------------------------ campaigns of a store event's attendee pages
export async function linkCampaignToEvent(db: Db, input: { campaignId: string; eventId: string; clientId: string; purpose: 'campaign' | 'reminder' }) {
  await db
    .insertInto('contacts_campaign_events')
    .values({ campaign_id: input.campaignId, event_id: input.eventId, client_id: input.clientId, purpose: input.purpose })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .execute();
}

/** The event a campaign was made for (null: an organizer-level campaign). */
export async function eventOfCampaign(db: Db, campaignId: string) {
  return (await db.selectFrom('contacts_campaign_events').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst()) ?? null;
}

export async function campaignIdsOfEvent(db: Db, eventId: string, purpose?: string): Promise<Map<string, string>> {
  let q = db.selectFrom('contacts_campaign_events').select(['campaign_id', 'purpose']).where('event_id', '=', eventId);
  if (purpose) q = q.where('purpose', '=', purpose);
  return new Map((await q.execute()).map((r) => [r.campaign_id, r.purpose]));
}
