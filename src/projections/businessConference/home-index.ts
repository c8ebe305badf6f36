import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { meetingRemindersReactor } from './home-reminders.js';
import { homeSettingsProjection } from './home-settings.js';
import { toursProjection } from './home-tours.js';

/** Read models and reactors of the business conference's home area. */
export const homeProjections: Projection[] = [toursProjection, homeSettingsProjection, meetingRemindersReactor];
/** Tables the home area owns (only its queries read them). */
export const homeTables: (keyof DB)[] = ['bc_tours', 'bc_home_settings'];
