import type { JobDefinition } from '../jobs.js';
import { invitationMailJob } from './invitation-mail.js';
import { confirmStandSaleJob, expireStandJob } from './stands.js';

/** Background jobs of the exhibitor module. */
export const exhibitorJobs: JobDefinition[] = [invitationMailJob, expireStandJob, confirmStandSaleJob];
