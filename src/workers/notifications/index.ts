import type { JobDefinition } from '../jobs.js';

/** Background jobs of the notifications module. */
export const notificationsJobs: JobDefinition[] = [];
