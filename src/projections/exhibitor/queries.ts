import type { Kysely, Selectable } from 'kysely';
import type { CompanyDto } from '../../contracts/exhibitor.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

/** How other modules and the routes read exhibitor companies (exhibitor_companies, projection exhibitor.companies). */
type Row = Selectable<DB['exhibitor_companies']>;

export function companyDto(r: Row): CompanyDto {
  return {
    _id: r.id,
    eventId: r.event_id,
    ruc: r.ruc,
    name: r.name,
    sector: r.sector,
    logoUrl: r.logo_url,
    quantityExhibitors: r.quantity_exhibitors,
    quantitySpeakers: r.quantity_speakers,
    usedExhibitors: r.used_exhibitors,
    usedSpeakers: r.used_speakers,
    version: r.version,
    createdAt: isoReq(r.created_at),
  };
}

/** The companies of an event, by name. */
export async function companiesOfEvent(db: Kysely<DB>, eventId: string): Promise<CompanyDto[]> {
  const rows = await db.selectFrom('exhibitor_companies').selectAll().where('event_id', '=', eventId).orderBy('name').orderBy('id').execute();
  return rows.map(companyDto);
}

/** A company of the event, or null (unknown, or of another event). */
export async function companyOfEvent(db: Kysely<DB>, eventId: string, companyId: string): Promise<CompanyDto | null> {
  const row = await db.selectFrom('exhibitor_companies').selectAll().where('id', '=', companyId).where('event_id', '=', eventId).executeTakeFirst();
  return row ? companyDto(row) : null;
}

/** Companies by id (any event): the toolbar's selector and the invitations' pages name them. */
export async function companiesByIds(db: Kysely<DB>, ids: readonly string[]): Promise<CompanyDto[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('exhibitor_companies').selectAll().where('id', 'in', ids).orderBy('name').execute();
  return rows.map(companyDto);
}
