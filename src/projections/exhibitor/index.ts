import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { companiesProjection } from './companies.js';

/** Read models and reactors of the exhibitor module. */
export const exhibitorProjections: Projection[] = [companiesProjection];
/** Tables the exhibitor module owns (only its queries read them). */
export const exhibitorTables: (keyof DB)[] = ['exhibitor_companies', 'exhibitor_invitations'];
