import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { registerAccountsRoutes } from './accounts/routes.js';
import { registerEventsRoutes } from './events/routes.js';
import { registerChatRoutes } from './chat/routes.js';
import { registerNotificationsRoutes } from './notifications/routes.js';

/** Every module's routes under /api/v2. */
export function registerRoutes(router: Router, ctx: AppContext) {
  registerAccountsRoutes(router, ctx);
  registerEventsRoutes(router, ctx);
  registerChatRoutes(router, ctx);
  registerNotificationsRoutes(router, ctx);
}
