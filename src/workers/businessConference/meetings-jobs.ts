import type { JobDefinition } from '../jobs.js';
import { expireMeetingJob } from './meetings-expiry.js';

/** Background jobs of the business conference's meetings area. */
export const meetingsJobs: JobDefinition[] = [expireMeetingJob];
