import { registerCampaignRoutes } from '../http/contacts/campaign-routes.js';
import { campaignProjections, campaignTables } from '../projections/contacts/campaign-projections.js';
import { campaignJobs } from '../workers/contacts/campaign-jobs.js';
import { defineModule } from './manifest.js';

/**
 * The CRM (issue 22). Each area keeps its own routes, read models and jobs and is listed here once; only the
 * campaigns area (delivery engine: senders, campaigns, opt-outs, e-mail and WhatsApp workers) is on this branch,
 * the contacts core (contacts, companies, fields, audit, "as of") joins it when both branches are merged.
 */
export const contactsModule = defineModule({
  name: 'contacts',
  routes: (router, ctx) => {
    registerCampaignRoutes(router, ctx);
  },
  projections: [...campaignProjections],
  jobs: [...campaignJobs],
  tables: [...campaignTables],
});
