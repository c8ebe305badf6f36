import type { JobDefinition } from '../jobs.js';

/** Background jobs of the business conference's desk area. */
export const deskJobs: JobDefinition[] = [];
