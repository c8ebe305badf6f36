import type { JobDefinition } from '../jobs.js';

/** Background jobs of the business conference's rounds area. */
export const roundsJobs: JobDefinition[] = [];
