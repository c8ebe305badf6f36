import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { agendaPlacementsProjection } from './agenda-placements.js';
import { agendaReactorProjection } from './agenda-reactor.js';

/** Read models and reactors of the business conference's agenda area. */
export const agendaProjections: Projection[] = [agendaPlacementsProjection, agendaReactorProjection];
/** Tables the agenda area owns (only its queries read them). */
export const agendaTables: (keyof DB)[] = ['bc_placements', 'bc_agendas', 'bc_unavailability'];
