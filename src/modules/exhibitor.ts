import { registerCompanyRoutes } from '../http/exhibitor/company-routes.js';
import { registerInvitationRoutes } from '../http/exhibitor/invitation-routes.js';
import { registerStandRoutes } from '../http/exhibitor/stand-routes.js';
import { exhibitorJobs } from '../workers/exhibitor/index.js';
import { exhibitorProjections, exhibitorTables } from '../projections/exhibitor/index.js';
import { defineModule } from './manifest.js';

/**
 * Exhibitors (EXPOSITOR, issue 23): the exhibitor companies of an event, their invitations and quotas, stands.
 * Each area keeps its own routes and read models and is listed here once.
 */
export const exhibitorModule = defineModule({
  name: 'exhibitor',
  routes: (router, ctx) => {
    registerCompanyRoutes(router, ctx);
    registerInvitationRoutes(router, ctx);
    registerStandRoutes(router, ctx);
  },
  projections: [...exhibitorProjections],
  jobs: [...exhibitorJobs],
  tables: [...exhibitorTables],
});
