import type { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Routes of the accounts module (see the spec's call table). */
export function registerAccountsRoutes(_router: Router, _ctx: AppContext) {}
