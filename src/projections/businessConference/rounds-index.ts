import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { roundsProjection } from './rounds.js';

/** Read models and reactors of the business conference's rounds area. */
export const roundsProjections: Projection[] = [roundsProjection];
/** Tables the rounds area owns (only its queries read them). */
export const roundsTables: (keyof DB)[] = ['bc_rounds'];
