import type { Router } from 'express';
import type { AppContext } from '../context.js';
import { modules } from '../modules/index.js';

/** Every module's routes under /api/v2, from the module list. */
export function registerRoutes(router: Router, ctx: AppContext) {
  for (const mod of modules) mod.routes?.(router, ctx);
}
