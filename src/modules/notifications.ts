import { registerNotificationsRoutes } from '../http/notifications/routes.js';
import { notificationsProjections } from '../projections/notifications/index.js';
import { notificationsJobs } from '../workers/notifications/index.js';
import { defineModule } from './manifest.js';

/** In-app notifications: the notifier reactor and each user's inbox. */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: registerNotificationsRoutes,
  projections: notificationsProjections,
  jobs: notificationsJobs,
  tables: ['notifications'],
});
