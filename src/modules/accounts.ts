import { registerAdminRoutes } from '../http/accounts/admin-routes.js';
import { registerAccountsRoutes } from '../http/accounts/routes.js';
import { accountsProjections } from '../projections/accounts/index.js';
import { accountsJobs } from '../workers/accounts/index.js';
import { defineModule } from './manifest.js';

/** Accounts: sign-up, sessions, verification, password reset, deletion, platform administrators and their area. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes(router, ctx) {
    registerAccountsRoutes(router, ctx);
    registerAdminRoutes(router, ctx);
  },
  projections: accountsProjections,
  jobs: accountsJobs,
  tables: ['users', 'account_credentials', 'account_sessions', 'account_tokens', 'account_admin_audit'],
});
