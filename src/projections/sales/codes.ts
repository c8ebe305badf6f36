import { sql } from 'kysely';
import type { CodesEvent } from '../../domain/sales/codes.js';
import type { CompanyEvent } from '../../domain/sales/company.js';
import { defineProjection } from '../projection.js';

/** The quota events as the code uses read them (a hold names its code; a release gives its use back). */
type CodeUseEvent =
  | { type: 'sales.SeatsHeld'; data: { eventId: string; orderId: string; codeId?: string | null } }
  | { type: 'sales.SeatsReleased'; data: { eventId: string; orderId: string } };

/** The columns a code's creation and its edits both write. */
function editable(d: Extract<CodesEvent, { type: 'sales.CodeUpdated' }>['data']) {
  return {
    description: d.description,
    discount_type: d.discountType,
    percent: d.percent,
    amount: d.amount,
    free: d.free,
    ticket_type_ids: JSON.stringify(d.ticketTypeIds),
    max_uses: d.maxUses,
    valid_from: d.validFrom,
    valid_until: d.validUntil,
    active: d.active,
  };
}

/**
 * `sales.codes`: one row per code with its uses. A use is an order holding seats with the code (the quota stream's
 * SeatsHeld names it); a release of that order's seats gives the use back, as the quota decider counts them.
 */
export const codesProjection = defineProjection<CodesEvent | CodeUseEvent>({
  name: 'sales.codes',
  eventTypes: ['sales.CodeCreated', 'sales.CodeUpdated', 'sales.SeatsHeld', 'sales.SeatsReleased'],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.CodeCreated': {
          const d = e.data;
          await trx
            .insertInto('sales_codes')
            .values({
              id: d.codeId,
              event_id: d.eventId,
              code: d.code,
              kind: d.kind,
              ...editable(d),
              token: d.token,
              created_at: d.at,
              updated_at: d.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'sales.CodeUpdated': {
          const d = e.data;
          await trx
            .updateTable('sales_codes')
            .set({
              ...editable(d),
              updated_at: d.at,
            })
            .where('id', '=', d.codeId)
            .execute();
          break;
        }
        case 'sales.SeatsHeld': {
          const { codeId, orderId, eventId } = e.data;
          if (!codeId) break;
          const inserted = await trx
            .insertInto('sales_code_orders')
            .values({ order_id: orderId, code_id: codeId, event_id: eventId, released: false })
            .onConflict((oc) => oc.column('order_id').doNothing())
            .returning('order_id')
            .executeTakeFirst();
          if (inserted) await trx.updateTable('sales_codes').set({ uses: sql`uses + 1` }).where('id', '=', codeId).execute();
          break;
        }
        case 'sales.SeatsReleased': {
          const released = await trx
            .updateTable('sales_code_orders')
            .set({ released: true })
            .where('order_id', '=', e.data.orderId)
            .where('released', '=', false)
            .returning('code_id')
            .executeTakeFirst();
          if (released) await trx.updateTable('sales_codes').set({ uses: sql`uses - 1` }).where('id', '=', released.code_id).execute();
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_code_orders').execute();
    await trx.deleteFrom('sales_codes').execute();
  },
});

/** `sales.companies`: company registrations beside their orders. */
export const companiesProjection = defineProjection<CompanyEvent>({
  name: 'sales.companies',
  eventTypes: ['sales.CompanyRegistered'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      await trx
        .insertInto('sales_companies')
        .values({
          id: d.companyId,
          order_id: d.orderId,
          event_id: d.eventId,
          ruc: d.ruc,
          business_name: d.businessName,
          contact_name: d.contactName,
          email: d.email,
          phone: d.phone,
          created_at: d.at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_companies').execute();
  },
});
