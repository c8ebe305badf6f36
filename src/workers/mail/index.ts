import type { JobDefinition } from '../jobs.js';
import { sendMailJob } from './jobs.js';

export { sendMailJob } from './jobs.js';

/** The mail queue's jobs (registered through src/workers/accounts/index.ts). */
export const mailJobs: JobDefinition[] = [sendMailJob];
