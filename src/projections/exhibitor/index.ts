import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { companiesProjection } from './companies.js';
import { standsReactor } from './stands.js';

/** Read models and reactors of the exhibitor module. */
export const exhibitorProjections: Projection[] = [companiesProjection, standsReactor];
/** Tables the exhibitor module owns (only its queries read them). */
export const exhibitorTables: (keyof DB)[] = ['exhibitor_companies', 'exhibitor_invitations', 'exhibitor_stand_orders'];
