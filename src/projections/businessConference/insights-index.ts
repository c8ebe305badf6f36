import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { pollLinksReactor } from './insights-poll-links.js';
import { pollsProjection } from './insights-polls.js';

/** Read models and reactors of the business conference's insights area. */
export const insightsProjections: Projection[] = [pollsProjection, pollLinksReactor];
/** Tables the insights area owns (only its queries read them). */
export const insightsTables: (keyof DB)[] = ['bc_poll_answers'];
