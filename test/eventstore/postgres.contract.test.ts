import { PostgresEventStore } from '../../src/eventstore/postgres.js';
import { eventStoreContract } from './contract.js';
import { createMigratedDatabase } from '../support/database.js';

eventStoreContract('PostgreSQL', async () => {
  const database = await createMigratedDatabase();
  const store = new PostgresEventStore(database.pool, database.url);
  return {
    store,
    async dispose() {
      await store.close();
      await database.drop();
    },
  };
});
