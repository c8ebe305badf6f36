import type { JobDefinition } from '../jobs.js';

/** Background jobs of the chat module. */
export const chatJobs: JobDefinition[] = [];
