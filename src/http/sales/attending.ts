import type { Kysely } from 'kysely';
import type { AuthUser } from '../../contracts/accounts.js';
import type { DB } from '../../db/schema.js';
import { findOrders, ordersOfBuyer } from '../../projections/sales/queries.js';

/**
 * Ids of the events a user attends (/myevent): those of a paid order they bought or holding a ticket in their
 * e-mail (only a proven e-mail counts: anyone could type someone else's address at checkout).
 */
export async function eventsAttendedBy(db: Kysely<DB>, user: Pick<AuthUser, '_id' | 'email' | 'emailVerified'>): Promise<string[]> {
  const orders = await ordersOfBuyer(db, user._id, user.emailVerified ? user.email : null);
  if (!orders.length) return [];
  const paid = (await findOrders(db, orders.map((o) => o.orderId))).filter((o) => o.status === 'paid');
  return [...new Set(paid.map((o) => o.eventId))];
}
