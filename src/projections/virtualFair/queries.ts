import type { Kysely, Selectable } from 'kysely';
import type { CatalogItemDto, CatalogKind } from '../../contracts/virtualFair.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

/** How other modules and the routes read the virtual fair's catalogue (virtual_fair_catalog). */
type Row = Selectable<DB['virtual_fair_catalog']>;

export const catalogItemDto = (r: Row): CatalogItemDto => ({
  _id: r.id,
  kind: r.kind as CatalogKind,
  name: r.name,
  description: r.description,
  imageUrl: r.image_url,
  capacity: r.capacity,
  link: r.link,
  archived: r.archived,
  version: r.version,
  createdAt: isoReq(r.created_at),
});

/** The items of a kind, by name; archived ones only when asked (the admin pages show them, organizers don't). */
export async function catalogItems(db: Kysely<DB>, kind: CatalogKind, withArchived = false): Promise<CatalogItemDto[]> {
  let q = db.selectFrom('virtual_fair_catalog').selectAll().where('kind', '=', kind);
  if (!withArchived) q = q.where('archived', '=', false);
  const rows = await q.orderBy('name').orderBy('id').execute();
  return rows.map(catalogItemDto);
}

/** One item of a kind, or null. */
export async function catalogItem(db: Kysely<DB>, kind: CatalogKind, id: string): Promise<CatalogItemDto | null> {
  const row = await db.selectFrom('virtual_fair_catalog').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  return row ? catalogItemDto(row) : null;
}
