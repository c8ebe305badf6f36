import type { JobDefinition } from '../jobs.js';

/** Background jobs of the business conference's participants area. */
export const participantsJobs: JobDefinition[] = [];
