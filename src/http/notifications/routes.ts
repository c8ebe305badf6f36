import type { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Routes of the notifications module (see the spec's call table). */
export function registerNotificationsRoutes(_router: Router, _ctx: AppContext) {}
