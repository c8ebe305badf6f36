import { registerCampaignAudienceRoutes } from '../http/contacts/campaign-audience-routes.js';
import { registerCampaignRoutes } from '../http/contacts/campaign-routes.js';
import { registerGroupRoutes } from '../http/contacts/group-routes.js';
import { registerImportRoutes } from '../http/contacts/import-routes.js';
import { importsProjection } from '../projections/contacts/imports.js';
import { importJob } from '../workers/contacts/import-job.js';
import { registerContactsRoutes } from '../http/contacts/routes.js';
import { groupsProjection, tasksProjection } from '../projections/contacts/groups.js';
import { taskReminderJob } from '../workers/contacts/task-reminder.js';
import { campaignProjections, campaignTables } from '../projections/contacts/campaign-projections.js';
import { contactsProjections } from '../projections/contacts/index.js';
import { campaignJobs } from '../workers/contacts/campaign-jobs.js';
import { registerIntegrationRoutes } from '../http/contacts/integration-routes.js';
import { webhookDeliveryJob } from '../workers/contacts/webhook-delivery.js';
import { defineModule } from './manifest.js';

/**
 * The CRM (CONTACTOS, issue 22). Each area keeps its own routes, read models and jobs and is listed here once:
 * the contacts core (contacts, companies, custom fields, audit, "as of") and the campaigns' delivery engine
 * (senders, campaigns, opt-outs, the e-mail and WhatsApp workers).
 */
export const contactsModule = defineModule({
  name: 'contacts',
  routes: (router, ctx) => {
    // Groups first: its `group/{id}/asOf` would otherwise meet the core's `{entity}/{id}/asOf`.
    registerGroupRoutes(router, ctx);
    registerContactsRoutes(router, ctx);
    registerCampaignRoutes(router, ctx);
    registerCampaignAudienceRoutes(router, ctx);
    registerIntegrationRoutes(router, ctx);
    registerImportRoutes(router, ctx);
  },
  projections: [...contactsProjections, ...campaignProjections, groupsProjection, tasksProjection, importsProjection],
  jobs: [...campaignJobs, taskReminderJob, webhookDeliveryJob, importJob],
  tables: ['contacts_contacts', 'contacts_companies', 'contacts_audit', ...campaignTables, 'contacts_groups', 'contacts_group_members', 'contacts_tasks', 'contacts_api_keys', 'contacts_api_key_uses', 'contacts_webhooks', 'contacts_webhook_deliveries', 'contacts_imports', 'contacts_import_files'],
});
