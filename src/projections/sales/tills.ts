import { sql, type InsertObject, type Transaction, type UpdateObject } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TillEvent } from '../../domain/sales/till.js';
import { defineProjection } from '../projection.js';

/** Writes a till entry once (keyed by the event's stream version) and, only when it is new, adds it to the till's totals. */
async function addEntry(trx: Transaction<DB>, tillId: string, entry: InsertObject<DB, 'sales_till_entries'>, totals: UpdateObject<DB, 'sales_tills'>) {
  const inserted = await trx.insertInto('sales_till_entries').values(entry).onConflict((oc) => oc.doNothing()).returning('seq').executeTakeFirst();
  if (inserted) await trx.updateTable('sales_tills').set(totals).where('id', '=', tillId).execute();
}

/**
 * `sales.tills`: one row per till with its running totals, and one entry row per sale or cash movement (keyed
 * by the event's stream version, so a batch applied twice writes nothing twice).
 */
export const tillsProjection = defineProjection<TillEvent>({
  name: 'sales.tills',
  eventTypes: ['sales.TillOpened', 'sales.SaleRecorded', 'sales.CashMovement', 'sales.TillClosed'],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.TillOpened': {
          const d = e.data;
          await trx
            .insertInto('sales_tills')
            .values({ id: d.tillId, event_id: d.eventId, opened_by: d.openedBy, status: 'open', currency: d.currency, float: d.float, opened_at: d.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'sales.SaleRecorded': {
          const d = e.data;
          await addEntry(
            trx,
            d.tillId,
            { till_id: d.tillId, seq: e.streamVersion, kind: 'sale', amount: d.amount, order_id: d.orderId, method: d.method, reference: d.reference, tickets: d.tickets, at: d.at },
            {
              cash_sales: sql`cash_sales + ${d.method === 'cash' ? d.amount : 0}`,
              card_sales: sql`card_sales + ${d.method === 'card' ? d.amount : 0}`,
              sales_count: sql`sales_count + 1`,
              tickets_count: sql`tickets_count + ${d.tickets}`,
            },
          );
          break;
        }
        case 'sales.CashMovement': {
          const d = e.data;
          await addEntry(
            trx,
            d.tillId,
            { till_id: d.tillId, seq: e.streamVersion, kind: 'movement', amount: d.amount, direction: d.direction, reason: d.reason, at: d.at },
            d.direction === 'in' ? { cash_in: sql`cash_in + ${d.amount}` } : { cash_out: sql`cash_out + ${d.amount}` },
          );
          break;
        }
        case 'sales.TillClosed': {
          const d = e.data;
          await trx
            .updateTable('sales_tills')
            .set({ status: 'closed', counted: d.counted, expected_at_close: d.expected, difference: d.difference, note: d.note, closed_at: d.at })
            .where('id', '=', d.tillId)
            .execute();
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_till_entries').execute();
    await trx.deleteFrom('sales_tills').execute();
  },
});
