import type { TourEvent } from '../../domain/businessConference/tour.js';
import { defineProjection } from '../projection.js';

/** `bc_tours`: each user's tour flags (a row from their first answer; no row means every tour still to show). */
export const toursProjection = defineProjection<TourEvent>({
  name: 'businessConference.tours',
  eventTypes: ['businessConference.TourUpdated'],
  async handle(events, ctx) {
    for (const e of events) {
      const { userId, tour, at } = e.data;
      const set = {
        ...(tour.offer?.module !== undefined ? { offer_module: tour.offer.module } : {}),
        ...(tour.offer?.productCatalogue !== undefined ? { offer_product_catalogue: tour.offer.productCatalogue } : {}),
        ...(tour.demand?.module !== undefined ? { demand_module: tour.demand.module } : {}),
        updated_at: at,
      };
      await ctx.trx
        .insertInto('bc_tours')
        .values({ user_id: userId, ...set })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_tours').execute();
  },
});
