import { registerAccountsRoutes } from '../http/accounts/routes.js';
import { accountsProjections } from '../projections/accounts/index.js';
import { accountsJobs } from '../workers/accounts/index.js';
import { defineModule } from './manifest.js';

/** Accounts: sign-up, sessions, verification, password reset, deletion, platform administrators. */
export const accountsModule = defineModule({
  name: 'accounts',
  routes: registerAccountsRoutes,
  projections: accountsProjections,
  jobs: accountsJobs,
  tables: ['users', 'account_credentials', 'account_sessions', 'account_tokens'],
});
