import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { catalogProjection } from './catalog.js';

/** Read models and reactors of the virtual-fair module. */
export const virtualFairProjections: Projection[] = [catalogProjection];
/** Tables the virtual-fair module owns (only its queries read them). */
export const virtualFairTables: (keyof DB)[] = ['virtual_fair_catalog'];
