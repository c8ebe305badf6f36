import type { JobDefinition } from '../jobs.js';
import { expireOrderJob } from './expire-order.js';

/** Background jobs of the sales module. */
export const salesJobs: JobDefinition[] = [expireOrderJob];
