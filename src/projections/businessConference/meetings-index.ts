import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { meetingsNotifierProjection } from './meetings-notifier.js';
import { meetingsProjection } from './meetings-requests.js';

/** Read models and reactors of the business conference's meetings area. */
export const meetingsProjections: Projection[] = [meetingsProjection, meetingsNotifierProjection];
/** Tables the meetings area owns (only its queries read them). */
export const meetingsTables: (keyof DB)[] = ['bc_meetings', 'bc_meeting_feeds'];
