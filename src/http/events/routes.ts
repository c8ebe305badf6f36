import type { Router } from 'express';
import type { AppContext } from '../../context.js';

/** Routes of the events module (see the spec's call table). */
export function registerEventsRoutes(_router: Router, _ctx: AppContext) {}
