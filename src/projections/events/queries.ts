/** Queries over the events read models (kysely; SQL kept reviewable here). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  CURRENCY_PREFIX,
  type Currency,
  type EventDto,
  type EventSummary,
  type PaymentMethodDto,
  type TicketTypeDto,
} from '../../contracts/events.js';
import { iso, isoReq } from '../../db/dates.js';

type EventRow = Selectable<DB['events']>;
type TicketRow = Selectable<DB['event_ticket_types']>;
type MethodRow = Selectable<DB['event_payment_methods']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function eventDtoFromRow(r: EventRow): EventDto {
  const currency = r.currency as Currency;
  return {
    _id: r.id,
    ownerId: r.owner_id,
    eventCode: r.event_code,
    eventName: r.event_name,
    description: r.description,
    venue: r.venue,
    onlineUrl: r.online_url,
    startDate: isoReq(r.start_date),
    endDate: isoReq(r.end_date),
    timeZone: r.time_zone,
    currency,
    currencyPrefix: CURRENCY_PREFIX[currency],
    capacity: r.capacity,
    coverUrl: r.cover_url,
    published: r.published,
    publishedAt: iso(r.published_at),
    cancelledAt: iso(r.cancelled_at ?? null),
    createdAt: isoReq(r.created_at),
    updatedAt: isoReq(r.updated_at),
    version: r.version,
  };
}

export function ticketDtoFromRow(r: TicketRow): TicketTypeDto {
  return {
    _id: r.id,
    eventId: r.event_id,
    name: r.name,
    price: Number(r.price),
    quantity: r.quantity,
    saleStart: iso(r.sale_start),
    saleEnd: iso(r.sale_end),
    minPerOrder: r.min_per_order,
    maxPerOrder: r.max_per_order,
    visibility: r.visibility as TicketTypeDto['visibility'],
    createdAt: isoReq(r.created_at),
    updatedAt: isoReq(r.updated_at),
  };
}

export function methodDtoFromRow(r: MethodRow): PaymentMethodDto {
  const config = (typeof r.config === 'string' ? JSON.parse(r.config) : r.config) as Record<string, unknown>;
  const base = { _id: r.id, eventId: r.event_id, createdAt: isoReq(r.created_at), updatedAt: isoReq(r.updated_at) };
  if (r.kind === 'card') return { ...base, kind: 'card', key: String(config.key), hasSecretKey: r.has_secret_key };
  return { ...base, kind: r.kind, ...config } as PaymentMethodDto;
}

/** An event by id or by eventCode. */
export async function findEvent(db: Kysely<DB>, idOrCode: string): Promise<EventRow | undefined> {
  const q = db.selectFrom('events').selectAll();
  if (UUID.test(idOrCode)) return q.where('id', '=', idOrCode).executeTakeFirst();
  return q.where('event_code', '=', idOrCode.toLowerCase()).orderBy('created_at', 'desc').executeTakeFirst();
}

export async function ticketTypesOf(db: Kysely<DB>, eventId: string): Promise<TicketTypeDto[]> {
  const rows = await db.selectFrom('event_ticket_types').selectAll().where('event_id', '=', eventId).orderBy('created_at').orderBy('id').execute();
  return rows.map(ticketDtoFromRow);
}

export async function paymentMethodsOf(db: Kysely<DB>, eventId: string): Promise<PaymentMethodDto[]> {
  const rows = await db.selectFrom('event_payment_methods').selectAll().where('event_id', '=', eventId).orderBy('created_at').orderBy('id').execute();
  return rows.map(methodDtoFromRow);
}

/** An e-mail invitation (pending, used or cancelled) by id: the event it belongs to. */
export async function findInvitation(db: Kysely<DB>, invitationId: string): Promise<{ eventId: string } | null> {
  const row = await db.selectFrom('event_invitations').select('event_id').where('id', '=', invitationId).executeTakeFirst();
  return row ? { eventId: row.event_id } : null;
}

/** E-mail invitation details for its mail: null once used, replaced or cancelled. */
export async function invitationForMail(db: Kysely<DB>, invitationId: string) {
  return (
    (await db
      .selectFrom('event_invitations')
      .select(['id', 'email_cipher', 'module', 'role'])
      .where('id', '=', invitationId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

// ---------------------------------------------------------------------------------------------------------
// Lists

const priceRange = (db: Kysely<DB>) =>
  db
    .selectFrom('event_ticket_types')
    .select(['event_id', sql<string | null>`min(price)`.as('min_price'), sql<string | null>`max(price)`.as('max_price')])
    .where('visibility', '=', 'public')
    .groupBy('event_id')
    .as('p');

function summaryFromRow(r: EventRow & { min_price: string | null; max_price: string | null }): EventSummary {
  const currency = r.currency as Currency;
  return {
    _id: r.id,
    eventCode: r.event_code,
    eventName: r.event_name,
    startDate: isoReq(r.start_date),
    endDate: isoReq(r.end_date),
    timeZone: r.time_zone,
    currency,
    currencyPrefix: CURRENCY_PREFIX[currency],
    venue: r.venue,
    onlineUrl: r.online_url,
    coverUrl: r.cover_url,
    published: r.published,
    cancelled: (r.cancelled_at ?? null) !== null,
    minPrice: r.min_price === null ? null : Number(r.min_price),
    maxPrice: r.max_price === null ? null : Number(r.max_price),
  };
}

/**
 * The user's events: owned or on the team, and those they attend (`attendedIds`, from the sales module: events of
 * their tickets); filter all|published|draft|upcoming|past; optional text.
 */
export async function myEvents(db: Kysely<DB>, userId: string, filter: string, q: string | undefined, now: Date, attendedIds: string[] = []) {
  const team = db.selectFrom('event_members').select('event_id').where('user_id', '=', userId);
  let query = db
    .selectFrom('events')
    .leftJoin(priceRange(db), 'p.event_id', 'events.id')
    .selectAll('events')
    .select(['p.min_price', 'p.max_price'])
    .where((eb) => (attendedIds.length ? eb.or([eb('events.id', 'in', team), eb('events.id', 'in', attendedIds)]) : eb('events.id', 'in', team)));
  if (filter === 'published') query = query.where('events.published', '=', true);
  if (filter === 'draft') query = query.where('events.published', '=', false).where('events.cancelled_at', 'is', null);
  if (filter === 'upcoming') query = query.where('events.end_date', '>=', now);
  if (filter === 'past') query = query.where('events.end_date', '<', now);
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(aforo_unaccent(events.event_name || ' ' || events.event_code)) LIKE lower(aforo_unaccent(${like}))`);
  }
  const rows = await query.orderBy('events.start_date', filter === 'past' ? 'desc' : 'asc').limit(500).execute();
  const memberRows = rows.length
    ? await db
        .selectFrom('event_members')
        .select(['event_id', 'module', 'role', 'owner'])
        .where('user_id', '=', userId)
        .where('event_id', 'in', rows.map((r) => r.id))
        .execute()
    : [];
  return rows.map((r) => {
    const mine = memberRows.filter((x) => x.event_id === r.id);
    return {
      ...summaryFromRow(r as never),
      ownerId: r.owner_id,
      owner: r.owner_id === userId,
      roles: Object.fromEntries(mine.map((x) => [x.module, x.role])),
      attending: attendedIds.includes(r.id),
    };
  });
}

/** Published events for the home page: upcoming first (by start), then past ones. */
export async function publishedEvents(db: Kysely<DB>, page: number, pageSize: number, now: Date) {
  const base = db.selectFrom('events').where('events.published', '=', true);
  const [{ total }] = await base.select(sql<string>`count(*)`.as('total')).execute();
  const rows = await base
    .leftJoin(priceRange(db), 'p.event_id', 'events.id')
    .selectAll('events')
    .select(['p.min_price', 'p.max_price'])
    .orderBy(sql`(events.end_date < ${now})`)
    .orderBy('events.start_date', 'asc')
    .orderBy('events.id')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { data: rows.map((r) => summaryFromRow(r as never)), total: Number(total) };
}

/**
 * Search over published events, accent- and case-insensitive (aforo_unaccent + lower on both sides). An event
 * matches when the Spanish full text matches (stems: "ferias" finds "feria") or when every word of 3+ letters
 * is close to a word of its text by trigram word similarity (pg_trgm `<%`, threshold 0.6): a partial word
 * ("gastronomi", any word prefix scores n/(n+1) >= 0.75) or a one-letter typo ("gastronmica") still finds "Feria
 * Gastronómica". Shorter words ("de") are left to the full text, where they are stop words, unless there are
 * only short words. Both arms are indexed (GIN on `search`, GIN trigram on the folded text).
 * Order: the name is the text, then the name starts with it, then every word begins a word of the name, then
 * of the rest of the event; within each, by similarity (the name counts double) and full-text rank.
 * The folded text and its trigram index: migrations/0205_events_search.sql.
 */
export async function searchEvents(db: Kysely<DB>, q: string, page: number, pageSize: number) {
  const words = q
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return { data: [], total: 0 };
  const long = words.filter((w) => [...w].length >= 3);
  // Words hold only letters and digits, so they carry no LIKE wildcard.
  const phrase = sql`lower(aforo_unaccent(${words.join(' ')}))`;
  const fold = (w: string) => sql`lower(aforo_unaccent(${w}))`;
  const tsq = sql`websearch_to_tsquery('spanish', aforo_unaccent(${words.join(' ')}))`;
  const doc = sql`aforo_event_search_text(events.event_name, events.event_code, events.venue, events.description)`;
  const name = sql`lower(aforo_unaccent(events.event_name))`;
  // Words of the name (or of the whole text) with a space before each, for "begins a word" matches.
  const nameWords = sql`(' ' || regexp_replace(${name}, '[^[:alnum:]]+', ' ', 'g'))`;
  const docWords = sql`(' ' || regexp_replace(${doc}, '[^[:alnum:]]+', ' ', 'g'))`;
  const all = (f: (w: string) => ReturnType<typeof sql>) => sql.join(words.map(f), sql` AND `);
  const fuzzy = sql.join((long.length ? long : words).map((w) => sql`${fold(w)} <% ${doc}`), sql` AND `);
  const match = sql<boolean>`(events.search @@ ${tsq} OR (${fuzzy}))`;
  const tier = sql`CASE
      WHEN ${name} = ${phrase} THEN 0
      WHEN ${name} LIKE ${phrase} || '%' THEN 1
      WHEN ${all((w) => sql`${nameWords} LIKE '% ' || ${fold(w)} || '%'`)} THEN 2
      WHEN ${all((w) => sql`${docWords} LIKE '% ' || ${fold(w)} || '%'`)} THEN 3
      ELSE 4 END`;
  const similarity = sql`(${sql.join(
    words.map((w) => sql`2 * word_similarity(${fold(w)}, ${name}) + word_similarity(${fold(w)}, ${doc})`),
    sql` + `,
  )} + ts_rank(events.search, ${tsq}))`;
  const base = db.selectFrom('events').where('events.published', '=', true).where(match);
  const [{ total }] = await base.select(sql<string>`count(*)`.as('total')).execute();
  const rows = await base
    .leftJoin(priceRange(db), 'p.event_id', 'events.id')
    .selectAll('events')
    .select(['p.min_price', 'p.max_price'])
    .orderBy(tier)
    .orderBy(similarity, 'desc')
    .orderBy('events.start_date', 'asc')
    .orderBy('events.id')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { data: rows.map((r) => summaryFromRow(r as never)), total: Number(total) };
}

// ---------------------------------------------------------------------------------------------------------
// Platform administration: the events side of its figures (users are the accounts module's)

/** Totals for the platform dashboard. */
export async function eventTotals(db: Kysely<DB>) {
  const r = await sql<{ organizers: string; events: string; published: string; tickets: string }>`SELECT
      (SELECT count(DISTINCT owner_id) FROM events) AS organizers,
      (SELECT count(*) FROM events) AS events,
      (SELECT count(*) FROM events WHERE published) AS published,
      (SELECT count(*) FROM event_ticket_types) AS tickets`.execute(db);
  const row = r.rows[0];
  return { organizers: Number(row.organizers), events: Number(row.events), publishedEvents: Number(row.published), ticketTypes: Number(row.tickets) };
}

/** Display names of users (for the audit trail and the collaborator list): the accounts module's query. */
export { usersByIds } from '../accounts/queries.js';

/** Users sharing an event team (any module, any role) with the user, the user excluded (chat's contacts). */
export async function teammateIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT em2.user_id FROM event_members em1
      JOIN event_members em2 ON em2.event_id = em1.event_id
     WHERE em1.user_id = ${userId} AND em2.user_id <> ${userId}`.execute(db);
  return rows.map((r) => r.user_id);
}

/** Whether two users share an event team. */
export async function shareEventTeam(db: Kysely<DB>, userId: string, otherId: string): Promise<boolean> {
  const { rows } = await sql<{ ok: number }>`
    SELECT 1 AS ok FROM event_members em1
      JOIN event_members em2 ON em2.event_id = em1.event_id
     WHERE em1.user_id = ${userId} AND em2.user_id = ${otherId}
     LIMIT 1`.execute(db);
  return rows.length > 0;
}
