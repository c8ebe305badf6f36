import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ConfirmationMailEvent } from '../../domain/sales/confirmation-mail.js';
import { isoReq } from '../../db/dates.js';
import { defineProjection } from '../projection.js';

/** `sales.confirmation-mail`: each event's confirmation mail template (no row: the default one). */
export const confirmationMailProjection = defineProjection<ConfirmationMailEvent>({
  name: 'sales.confirmation-mail',
  eventTypes: ['sales.ConfirmationMailTemplateSet', 'sales.ConfirmationMailTemplateReset'],
  async handle(events, { trx }) {
    for (const e of events) {
      const custom = e.type === 'sales.ConfirmationMailTemplateSet';
      const row = {
        event_id: e.data.eventId,
        custom,
        subject: custom ? e.data.subject : null,
        html: custom ? e.data.html : null,
        version: e.streamVersion,
        updated_at: e.data.at,
        updated_by: e.data.by,
      };
      // A replayed event never moves the row back (the version only grows).
      await trx
        .insertInto('sales_confirmation_mails')
        .values(row)
        .onConflict((oc) => oc.column('event_id').doUpdateSet(row).where('sales_confirmation_mails.version', '<', e.streamVersion))
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_confirmation_mails').execute();
  },
});

export interface ConfirmationMailRow {
  custom: boolean;
  subject: string | null;
  html: string | null;
  /** The stream's revision (-1: never edited). */
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The event's template as stored (custom false: the default applies). */
export async function findConfirmationMail(db: Kysely<DB>, eventId: string): Promise<ConfirmationMailRow> {
  const r = await db.selectFrom('sales_confirmation_mails').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  if (!r) return { custom: false, subject: null, html: null, version: -1, updatedAt: null, updatedBy: null };
  return { custom: r.custom, subject: r.subject, html: r.html, version: r.version, updatedAt: isoReq(r.updated_at), updatedBy: r.updated_by };
}
