import type pg from 'pg';
import type { EventStore } from './port.js';
import { PostgresEventStore } from './postgres.js';

export * from './port.js';

/** KurrentDB when EVENTSTORE_URL is set, else the PostgreSQL event store in the read-model database. */
export async function createEventStore(opts: { pool: pg.Pool; databaseUrl: string; eventStoreUrl?: string }): Promise<EventStore> {
  if (opts.eventStoreUrl) {
    const { KurrentEventStore } = await import('./kurrent.js');
    return KurrentEventStore.connect(opts.eventStoreUrl);
  }
  return new PostgresEventStore(opts.pool, opts.databaseUrl);
}
