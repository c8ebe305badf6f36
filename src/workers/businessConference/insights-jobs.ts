import type { JobDefinition } from '../jobs.js';
import { sendPollLinkJob } from './insights-poll-link.js';

/** Background jobs of the business conference's insights area: the poll link mailed when a meeting ends. */
export const insightsJobs: JobDefinition[] = [sendPollLinkJob];
