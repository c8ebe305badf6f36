import type { JobDefinition } from '../jobs.js';
import { mailJobs } from '../mail/index.js';

/** Background jobs of the accounts module: its e-mails go through the shared `mail.send` job. */
export const accountsJobs: JobDefinition[] = [...mailJobs];
