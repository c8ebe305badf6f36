import { registerSalesRoutes } from '../http/sales/routes.js';
import { salesProjections } from '../projections/sales/index.js';
import { salesJobs } from '../workers/sales/index.js';
import { defineModule } from './manifest.js';

/** The store (TIENDA): reservations with seat quotas and their expiry (issue 20, first slice). */
export const salesModule = defineModule({
  name: 'sales',
  routes: registerSalesRoutes,
  projections: salesProjections,
  jobs: salesJobs,
  tables: ['sales_orders', 'sales_order_lines'],
});
