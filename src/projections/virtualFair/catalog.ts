import { CATALOG_EVENT_TYPES, type CatalogEvent, type CatalogProfile } from '../../domain/virtualFair/catalog.js';
import { defineProjection } from '../projection.js';

const columns = (p: CatalogProfile) => ({ name: p.name, description: p.description, image_url: p.imageUrl, capacity: p.capacity, link: p.link });

/** `virtualFair.catalog`: one row per catalogue item; `version` follows the stream's event count. */
export const catalogProjection = defineProjection<CatalogEvent>({
  name: 'virtualFair.catalog',
  eventTypes: CATALOG_EVENT_TYPES,
  async handle(events, ctx) {
    for (const e of events) {
      const at = e.data.at;
      switch (e.type) {
        case 'virtualFair.CatalogItemCreated':
          await ctx.trx
            .insertInto('virtual_fair_catalog')
            .values({ id: e.data.itemId, kind: e.data.kind, ...columns(e.data.profile), archived: false, version: 1, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'virtualFair.CatalogItemChanged':
          await ctx.trx
            .updateTable('virtual_fair_catalog')
            .set((eb) => ({ ...columns(e.data.profile), version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.itemId)
            .execute();
          break;
        case 'virtualFair.CatalogItemArchived':
          await ctx.trx
            .updateTable('virtual_fair_catalog')
            .set((eb) => ({ archived: true, version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.itemId)
            .execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('virtual_fair_catalog').execute();
  },
});
