import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { EventStore } from '../eventstore/port.js';

/**
 * Read-your-writes: waits (bounded) until every running projection's checkpoint has passed `position`.
 * Projections may run in another process, so the checkpoints are read from the database.
 * Returns false when the time ran out; the caller then answers with what the read model has.
 */
export async function waitForPosition(
  db: Kysely<DB>,
  store: EventStore,
  position: string,
  { timeoutMs = 2000, intervalMs = 15 } = {},
): Promise<boolean> {
  try {
    store.comparePositions(position, position);
  } catch {
    // Not a position of this store (a stale or hand-made `after`): answer with what the read model has.
    return false;
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.selectFrom('projection_checkpoints').select(['position']).where('status', '=', 'running').execute();
    if (rows.every((r) => store.comparePositions(r.position, position) >= 0)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
