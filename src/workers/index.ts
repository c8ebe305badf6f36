import { accountsJobs } from './accounts/index.js';
import { eventsJobs } from './events/index.js';
import { chatJobs } from './chat/index.js';
import { notificationsJobs } from './notifications/index.js';
import type { JobDefinition } from './jobs.js';

export const jobDefinitions: JobDefinition[] = [...accountsJobs, ...eventsJobs, ...chatJobs, ...notificationsJobs];
