import type { JobDefinition } from '../jobs.js';

/** Background jobs of the accounts module. */
export const accountsJobs: JobDefinition[] = [];
