import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { participantsProjection } from './participants.js';
import { participantsNotifierProjection } from './participants-notifier.js';

/** Read models and reactors of the business conference's participants area. */
export const participantsProjections: Projection[] = [participantsProjection, participantsNotifierProjection];
/** Tables the participants area owns (only its queries read them). */
export const participantsTables: (keyof DB)[] = ['bc_participants', 'bc_products'];
