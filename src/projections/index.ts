import { modules } from '../modules/index.js';
import type { Projection } from './projection.js';

/** Every module's projections, from the module list. */
export const projections: Projection[] = modules.flatMap((m) => m.projections ?? []);
