import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Who attends what, for other modules' rules (the chat's attendee rule): a user attends an event when they hold
 * a valid ticket of it (sales_tickets.holder_user_id: the signed-in buyer, or whom a ticket was transferred to).
 */

/** Whether the user holds a valid ticket of one of these events. */
export async function holdsTicketOf(db: Kysely<DB>, userId: string, eventIds: string[]): Promise<boolean> {
  if (eventIds.length === 0) return false;
  const row = await db
    .selectFrom('sales_tickets')
    .select('id')
    .where('holder_user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('event_id', 'in', [...new Set(eventIds)])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether two users both hold a valid ticket of one same event. */
export async function sharesTicketedEvent(db: Kysely<DB>, userId: string, otherId: string): Promise<boolean> {
  if (userId === otherId) return false;
  const { rows } = await sql<{ ok: number }>`
    SELECT 1 AS ok FROM sales_tickets a
      JOIN sales_tickets b ON b.event_id = a.event_id AND b.holder_user_id = ${otherId} AND b.status = 'valid'
     WHERE a.holder_user_id = ${userId} AND a.status = 'valid'
     LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** Users holding a valid ticket of an event the user also holds one of (the user excluded), at most `limit`. */
export async function fellowAttendeeIds(db: Kysely<DB>, userId: string, limit = 200): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT DISTINCT b.holder_user_id AS user_id FROM sales_tickets a
      JOIN sales_tickets b ON b.event_id = a.event_id AND b.status = 'valid' AND b.holder_user_id IS NOT NULL AND b.holder_user_id <> ${userId}
     WHERE a.holder_user_id = ${userId} AND a.status = 'valid'
     LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.user_id);
}
