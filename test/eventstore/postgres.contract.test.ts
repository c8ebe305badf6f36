import { createPool } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { PostgresEventStore } from '../../src/eventstore/postgres.js';
import { createTestDatabase } from '../support/context.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const pool = createPool(database.url, 10);
  await migrate(pool);
  const store = new PostgresEventStore(pool, database.url);
  return {
    store,
    async dispose() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
});
