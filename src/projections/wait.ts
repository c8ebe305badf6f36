import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { EventStore } from '../eventstore/port.js';

/**
 * Read-your-writes: waits (bounded) until every running projection's checkpoint has passed `position`.
 * Projections may run in another process, so the checkpoints are read from the database.
 * Returns false when the time ran out; the caller then answers with what the read model has.
 * `projections` narrows the wait to those (a named one not started yet is waited for; a failed one is not).
 */
export async function waitForPosition(
  db: Kysely<DB>,
  store: EventStore,
  position: string,
  { timeoutMs = 2000, intervalMs = 15, projections }: { timeoutMs?: number; intervalMs?: number; projections?: readonly string[] } = {},
): Promise<boolean> {
  try {
    store.comparePositions(position, position);
  } catch {
    // Not a position of this store (a stale or hand-made `after`): answer with what the read model has.
    return false;
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let query = db.selectFrom('projection_checkpoints').select(['name', 'position', 'status']);
    if (projections) query = query.where('name', 'in', [...projections]);
    const rows = await query.execute();
    // A named projection without a checkpoint row has not started yet: it is about to, so it is waited for.
    const missing = projections?.some((n) => !rows.some((r) => r.name === n)) ?? false;
    const running = rows.filter((r) => r.status === 'running');
    if (!missing && running.every((r) => store.comparePositions(r.position, position) >= 0)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
