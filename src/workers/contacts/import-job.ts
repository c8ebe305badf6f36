import { z } from 'zod';
import { runImport } from '../../commands/contacts/import.js';
import { defineJob } from '../jobs.js';

/**
 * Runs a started import (src/commands/contacts/import.ts). A worker killed mid-way leaves the job stalled: BullMQ
 * hands it to another, which goes on from the last recorded chunk (the rows of the chunk cut short are done again
 * and write nothing new: `recordInflow` is keyed per row).
 */
export const importJob = defineJob({
  name: 'contacts.import',
  version: 1,
  queue: 'imports',
  schema: z.object({ importId: z.string() }),
  async handler({ importId }, { db, commands }) {
    await runImport({ ...commands, db }, importId);
  },
  options: { attempts: 5, backoff: { type: 'exponential', delay: 2000 } },
});
