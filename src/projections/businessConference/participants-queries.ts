import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  CatalogueProductDto,
  CompanyCardDto,
  ParticipantDto,
  ParticipantStatus,
  ParticipantType,
  ProductDto,
} from '../../contracts/businessConference-participants.js';
import { foldText } from '../../contracts/businessConference-participants.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';
import type { BcParticipantsTables } from './participants-tables.js';

/** Readers of the participants area's tables (other areas call these, never the tables). */

type ParticipantRow = Selectable<BcParticipantsTables['bc_participants']>;
type ProductRow = Selectable<BcParticipantsTables['bc_products']>;

const parseFields = (v: ParticipantRow['fields']): Record<string, unknown> => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v ?? {}));

const company = (r: ParticipantRow): ParticipantDto['company'] => ({
  name: r.company_name,
  ruc: r.company_ruc,
  sector: r.company_sector,
  logoUrl: r.company_logo_url,
  description: r.company_description,
});

export const participantDto = (r: ParticipantRow): ParticipantDto => ({
  _id: r.id,
  roundId: r.round_id,
  eventId: r.event_id,
  userId: r.user_id,
  type: r.type as ParticipantType,
  status: r.status as ParticipantStatus,
  company: company(r),
  contactName: r.contact_name,
  email: r.email,
  phone: r.phone,
  fields: parseFields(r.fields),
  createdAt: isoReq(r.created_at),
});

const productDto = (r: ProductRow): ProductDto => ({
  _id: r.id,
  participantId: r.participant_id,
  roundId: r.round_id,
  name: r.name,
  description: r.description,
  sector: r.sector,
  imageUrl: r.image_url,
});

export async function findParticipant(db: Kysely<DB>, id: string): Promise<ParticipantDto | null> {
  const row = await db.selectFrom('bc_participants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? participantDto(row) : null;
}

/** The user's participant in a round, if they registered. */
export async function participantOfUser(db: Kysely<DB>, roundId: string, userId: string): Promise<ParticipantDto | null> {
  const row = await db.selectFrom('bc_participants').selectAll().where('round_id', '=', roundId).where('user_id', '=', userId).executeTakeFirst();
  return row ? participantDto(row) : null;
}

/** Every registration of a user (all rounds, all events), newest first. */
export async function participantsOfUser(db: Kysely<DB>, userId: string): Promise<ParticipantDto[]> {
  const rows = await db.selectFrom('bc_participants').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
  return rows.map(participantDto);
}

/**
 * A round's participants, optionally of one type and status. `type: 'offer'` answers the offerers, that is the
 * offer and offer_demand participants (likewise demand); the company name orders them.
 */
export async function participantsOfRound(db: Kysely<DB>, roundId: string, filter: { type?: ParticipantType; status?: ParticipantStatus } = {}): Promise<ParticipantDto[]> {
  let q = db.selectFrom('bc_participants').selectAll().where('round_id', '=', roundId);
  if (filter.type === 'offer_demand') q = q.where('type', '=', 'offer_demand');
  else if (filter.type) q = q.where('type', 'in', [filter.type, 'offer_demand']);
  if (filter.status) q = q.where('status', '=', filter.status);
  const rows = await q.orderBy('company_name').orderBy('id').execute();
  return rows.map(participantDto);
}

export async function productsOf(db: Kysely<DB>, participantId: string): Promise<ProductDto[]> {
  const rows = await db.selectFrom('bc_products').selectAll().where('participant_id', '=', participantId).orderBy('created_at').orderBy('id').execute();
  return rows.map(productDto);
}

/** How many products each participant of a round has (participants without products are absent). */
export async function productCountsOfRound(db: Kysely<DB>, roundId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('bc_products').select(['participant_id']).select((eb) => eb.fn.countAll<string>().as('n')).where('round_id', '=', roundId).groupBy('participant_id').execute();
  return new Map(rows.map((r) => [r.participant_id, Number(r.n)]));
}

export async function productsOfRound(db: Kysely<DB>, roundId: string): Promise<ProductDto[]> {
  const rows = await db.selectFrom('bc_products').selectAll().where('round_id', '=', roundId).orderBy('name').orderBy('id').execute();
  return rows.map(productDto);
}

/** The catalogue's filters: accent-free words (all must appear), a sector, values of custom fields. */
export type CatalogueFilter = { search?: string; sector?: string; filters?: Record<string, string> };

/** Escapes LIKE's wildcards so a search for "50%" is taken literally. */
const likeWord = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions on the participant alias `p` for a catalogue filter (approved only; the words may also match `extra`). */
function companyConditions(f: CatalogueFilter, extra?: ReturnType<typeof sql>) {
  const conds = [sql`p.status = 'approved'`];
  if (f.sector) conds.push(sql`lower(p.company_sector) = lower(${f.sector})`);
  for (const [key, value] of Object.entries(f.filters ?? {})) {
    if (key === 'sector') conds.push(sql`lower(p.company_sector) = lower(${value})`);
    else conds.push(sql`(p.fields ->> ${key} = ${value} OR p.fields -> ${key} @> to_jsonb(${value}::text))`);
  }
  for (const word of foldText(f.search ?? '').split(' ').filter(Boolean).slice(0, 8)) {
    conds.push(extra ? sql`(p.search LIKE ${likeWord(word)} OR ${extra} LIKE ${likeWord(word)})` : sql`p.search LIKE ${likeWord(word)}`);
  }
  return sql.join(conds, sql` AND `);
}

/**
 * The round's approved companies of one side (offerers or demanders) with their product counts, filtered for the
 * catalogue; a word matches the company's text or any of its products'.
 */
export async function companiesOfRound(db: Kysely<DB>, roundId: string, side: 'offer' | 'demand', f: CatalogueFilter = {}): Promise<CompanyCardDto[]> {
  const types = side === 'offer' ? ['offer', 'offer_demand'] : ['demand', 'offer_demand'];
  const productText = sql`coalesce((SELECT string_agg(x.search, ' ') FROM bc_products x WHERE x.participant_id = p.id), '')`;
  const { rows } = await sql<ParticipantRow & { product_count: string | number }>`
    SELECT p.*, (SELECT count(*) FROM bc_products x WHERE x.participant_id = p.id) AS product_count
    FROM bc_participants p
    WHERE p.round_id = ${roundId} AND p.type IN (${sql.join(types)}) AND ${companyConditions(f, productText)}
    ORDER BY p.company_name, p.id
    LIMIT 1000`.execute(db);
  return rows.map((r) => ({
    participantId: r.id,
    type: r.type as ParticipantType,
    company: company(r),
    contactName: r.contact_name,
    fields: parseFields(r.fields),
    productCount: Number(r.product_count),
  }));
}

/** The round's products of approved offerers, filtered for the catalogue (a word matches product or company). */
export async function catalogueOfRound(db: Kysely<DB>, roundId: string, f: CatalogueFilter = {}): Promise<CatalogueProductDto[]> {
  const { rows } = await sql<ProductRow & { company_name: string; company_sector: string; company_logo_url: string | null }>`
    SELECT x.*, p.company_name, p.company_sector, p.company_logo_url
    FROM bc_products x JOIN bc_participants p ON p.id = x.participant_id
    WHERE x.round_id = ${roundId} AND ${companyConditions({ ...f, sector: undefined, filters: { ...(f.filters ?? {}) } }, sql`x.search`)}
      ${f.sector ? sql`AND (lower(x.sector) = lower(${f.sector}) OR lower(p.company_sector) = lower(${f.sector}))` : sql``}
    ORDER BY x.name, x.id
    LIMIT 2000`.execute(db);
  return rows.map((r) => ({
    ...productDto(r),
    company: { participantId: r.participant_id, name: r.company_name, sector: r.company_sector, logoUrl: r.company_logo_url },
  }));
}

/** Distinct sectors of a round's approved companies and products (the catalogue's sector filter options). */
export async function sectorsOfRound(db: Kysely<DB>, roundId: string): Promise<string[]> {
  const { rows } = await sql<{ sector: string }>`
    SELECT DISTINCT sector FROM (
      SELECT company_sector AS sector FROM bc_participants WHERE round_id = ${roundId} AND status = 'approved'
      UNION SELECT x.sector FROM bc_products x JOIN bc_participants p ON p.id = x.participant_id WHERE x.round_id = ${roundId} AND p.status = 'approved'
    ) s ORDER BY sector`.execute(db);
  return rows.map((r) => r.sector);
}
