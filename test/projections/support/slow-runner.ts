// Child process for the crash test: runs the counter projection with a slow handler and prints a line when a
// batch's rows are written but not yet committed, so the parent can SIGKILL it mid-batch.
import { createDb, createPool } from '../../../src/db/database.js';
import { PostgresEventStore } from '../../../src/eventstore/postgres.js';
import { counterProjection, counterRunner } from './counter-projection.js';

const [url, delayMs] = [process.argv[2], Number(process.argv[3] ?? 300)];
const pool = createPool(url, 4);
const db = createDb(pool);
const store = new PostgresEventStore(pool, url);
let batches = 0;
const projection = counterProjection({
  during: async (events) => {
    batches++;
    process.stdout.write(`in-batch ${batches} ${events}\n`);
    await new Promise((r) => setTimeout(r, delayMs));
  },
});
counterRunner({ db, pool, store }, [projection], { batchSize: 40 }).start();
process.stdout.write('started\n');
