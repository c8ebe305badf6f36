import type { JobDefinition } from '../jobs.js';

/** Background jobs of the events module. */
export const eventsJobs: JobDefinition[] = [];
