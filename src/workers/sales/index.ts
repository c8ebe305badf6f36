import type { JobDefinition } from '../jobs.js';
import { expireOrderJob } from './expire-order.js';
import { sweepHoldJob } from './sweep-hold.js';

/** Background jobs of the sales module. */
export const salesJobs: JobDefinition[] = [expireOrderJob, sweepHoldJob];
