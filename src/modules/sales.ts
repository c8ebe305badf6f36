import { registerAdminRoutes } from '../http/sales/admin-routes.js';
import { registerBoxOfficeRoutes } from '../http/sales/boxoffice-routes.js';
import { registerCheckinRoutes } from '../http/sales/checkin-routes.js';
import { registerCheckoutRoutes } from '../http/sales/checkout-routes.js';
import { registerCodesRoutes } from '../http/sales/codes-routes.js';
import { registerDocumentsRoutes } from '../http/sales/documents-routes.js';
import { registerSalesRoutes } from '../http/sales/routes.js';
import { registerSettingsRoutes } from '../http/sales/settings-routes.js';
import { checkinsProjection } from '../projections/sales/checkins.js';
import { codesProjection, companiesProjection } from '../projections/sales/codes.js';
import { waitlistProjection } from '../projections/sales/waitlist.js';
import { confirmationMailProjection } from '../projections/sales/confirmation-mail.js';
import { confirmationMailReactor } from '../projections/sales/confirmation-mail-reactor.js';
import { salesProjections } from '../projections/sales/index.js';
import { remindersProjection } from '../projections/sales/reminders.js';
import { settingsProjection } from '../projections/sales/settings.js';
import { tillsProjection } from '../projections/sales/tills.js';
import { salesJobs } from '../workers/sales/index.js';
import { sendReminderJob } from '../workers/sales/reminders.js';
import { confirmationMailJob } from '../workers/sales/confirmation-mail.js';
import { waitlistOfferMailJob, waitlistOffersJob } from '../workers/sales/waitlist.js';
import { defineModule } from './manifest.js';

/** The store (TIENDA): reservations with seat quotas and their expiry (issue 20, first slice). */
export const salesModule = defineModule({
  name: 'sales',
  // One line per area's routes file.
  routes: (router, ctx) => {
    registerSalesRoutes(router, ctx);
    registerCheckoutRoutes(router, ctx);
    registerCheckinRoutes(router, ctx);
    registerSettingsRoutes(router, ctx);
    registerBoxOfficeRoutes(router, ctx);
    registerAdminRoutes(router, ctx);
    registerDocumentsRoutes(router, ctx);
    registerCodesRoutes(router, ctx);
  },
  projections: [...salesProjections, confirmationMailProjection, confirmationMailReactor, checkinsProjection, tillsProjection, settingsProjection, remindersProjection, codesProjection, companiesProjection, waitlistProjection],
  jobs: [...salesJobs, confirmationMailJob, sendReminderJob, waitlistOffersJob, waitlistOfferMailJob],
  tables: ['sales_confirmation_mails', 'sales_checkins', 'sales_checkin_scans', 'sales_rooms', 'sales_orders', 'sales_order_lines', 'sales_order_attendees', 'sales_tickets', 'sales_order_history', 'sales_tills', 'sales_till_entries', 'sales_settings', 'sales_reminders', 'sales_codes', 'sales_code_orders', 'sales_waitlist', 'sales_companies'],
});
