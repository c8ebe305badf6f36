import { modules } from '../modules/index.js';
import type { JobDefinition } from './jobs.js';

/** Every module's background jobs, from the module list. */
export const jobDefinitions: JobDefinition[] = modules.flatMap((m) => m.jobs ?? []);
