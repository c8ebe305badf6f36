import type { JobDefinition } from '../jobs.js';

/** Background jobs of the business conference's agenda area. */
export const agendaJobs: JobDefinition[] = [];
