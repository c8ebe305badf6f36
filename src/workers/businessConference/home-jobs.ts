import type { JobDefinition } from '../jobs.js';
import { sendMeetingReminderJob } from './reminders-send.js';

/** Background jobs of the business conference's home area. */
export const homeJobs: JobDefinition[] = [sendMeetingReminderJob];
