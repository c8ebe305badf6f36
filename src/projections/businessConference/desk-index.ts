import type { DB } from '../../db/schema.js';
import type { Projection } from '../projection.js';
import { deskAttendanceProjection, deskOutcomesProjection } from './desk-attendance.js';
import { deskHelpProjection } from './desk-help.js';

/** Read models and reactors of the business conference's desk area. */
export const deskProjections: Projection[] = [deskHelpProjection, deskAttendanceProjection, deskOutcomesProjection];
/** Tables the desk area owns (only its queries read them). */
export const deskTables: (keyof DB)[] = ['bc_help_requests', 'bc_attendance', 'bc_meeting_outcomes'];
