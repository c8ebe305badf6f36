import type { JobDefinition } from '../jobs.js';
import { invitationMailJob } from './invitation-mail.js';

/** Background jobs of the events module. */
export const eventsJobs: JobDefinition[] = [invitationMailJob];
