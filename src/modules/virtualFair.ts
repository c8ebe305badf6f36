import { registerCatalogRoutes } from '../http/virtualFair/admin-routes.js';
import { virtualFairProjections, virtualFairTables } from '../projections/virtualFair/index.js';
import { defineModule } from './manifest.js';

/**
 * Virtual fair (issue 23): the platform catalogue (fairground and stand templates, auditoriums, meeting rooms)
 * kept by administrators. Each area keeps its own routes and read models and is listed here once.
 */
export const virtualFairModule = defineModule({
  name: 'virtualFair',
  routes: (router, ctx) => {
    registerCatalogRoutes(router, ctx);
  },
  projections: [...virtualFairProjections],
  tables: [...virtualFairTables],
});
