import { sql, type Kysely } from 'kysely';
import {
  type BankDepositInstructions,
  type FormField,
  type InvoiceSettings,
  type RegistrationForm,
  type StoreSettingsValues,
} from '../../contracts/sales-settings.js';
import { iso } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';
import { DEFAULT_SETTINGS, type SettingsEvent } from '../../domain/sales/settings.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.settings`: one row per event whose store settings or registration form were ever saved, from the
 * `sales-settings-<eventId>` streams. The query functions below are how other areas read them (checkout, the
 * order's hold time and limits, the desk, the events module's eventInformation `fields`).
 */
export const settingsProjection = defineProjection<SettingsEvent>({
  name: 'sales.settings',
  eventTypes: ['sales.SettingsChanged', 'sales.FormChanged'],
  async handle(events, ctx) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.SettingsChanged': {
          const s = e.data.settings;
          const values = {
            hold_minutes: s.holdMinutes,
            max_tickets_per_order: s.maxTicketsPerOrder,
            max_orders_per_email: s.maxOrdersPerEmail,
            invoice: JSON.stringify(s.invoice),
            bank_deposit: s.bankDeposit ? JSON.stringify(s.bankDeposit) : null,
            settings_updated_at: e.data.at,
          };
          await ctx.trx
            .insertInto('sales_settings')
            .values({ event_id: e.data.eventId, ...values, settings_version: 1 })
            .onConflict((oc) => oc.column('event_id').doUpdateSet((eb) => ({ ...values, settings_version: eb('sales_settings.settings_version', '+', 1) })))
            .execute();
          break;
        }
        case 'sales.FormChanged': {
          const values = { form_fields: JSON.stringify(e.data.fields), form_updated_at: e.data.at };
          await ctx.trx
            .insertInto('sales_settings')
            .values({ event_id: e.data.eventId, ...values, form_version: 1 })
            .onConflict((oc) => oc.column('event_id').doUpdateSet((eb) => ({ ...values, form_version: eb('sales_settings.form_version', '+', 1) })))
            .execute();
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_settings').execute();
  },
});

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The platform's hold time when the organizer set none: 15 minutes unless the caller passes its config's. */
const DEFAULT_HOLD_SECONDS = 15 * 60;

export interface StoreSettings extends StoreSettingsValues {
  eventId: string;
  /**
   * The hold time to apply, in seconds: the organizer's holdMinutes, else `defaultHoldSeconds` (pass
   * `ctx.config.salesHoldSeconds`), else 15 minutes. `holdMinutes` itself is null while the organizer set none.
   */
  holdSeconds: number;
  /** Times the settings were saved (0: never, the defaults). */
  version: number;
  updatedAt: string | null;
}

/**
 * The store settings of an event, with the defaults when none were saved: hold time, order limits (null = no
 * limit), invoice data (IGV 18 % by default), bank-deposit instructions (null when none).
 */
export async function storeSettings(db: Kysely<DB>, eventId: string, opts: { defaultHoldSeconds?: number } = {}): Promise<StoreSettings> {
  const row = await db
    .selectFrom('sales_settings')
    .select(['hold_minutes', 'max_tickets_per_order', 'max_orders_per_email', 'invoice', 'bank_deposit', 'settings_version', 'settings_updated_at'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  const defaultHoldSeconds = opts.defaultHoldSeconds ?? DEFAULT_HOLD_SECONDS;
  if (!row || row.settings_version === 0) {
    return { ...DEFAULT_SETTINGS, eventId, holdSeconds: defaultHoldSeconds, version: 0, updatedAt: null };
  }
  return {
    eventId,
    holdMinutes: row.hold_minutes,
    maxTicketsPerOrder: row.max_tickets_per_order,
    maxOrdersPerEmail: row.max_orders_per_email,
    invoice: row.invoice ? json<InvoiceSettings>(row.invoice) : DEFAULT_SETTINGS.invoice,
    bankDeposit: row.bank_deposit ? json<BankDepositInstructions>(row.bank_deposit) : null,
    holdSeconds: row.hold_minutes !== null ? row.hold_minutes * 60 : defaultHoldSeconds,
    version: row.settings_version,
    updatedAt: iso(row.settings_updated_at),
  };
}

/**
 * The registration form of an event: its fields in order (`{ fields: [], version: 0 }` when none was built).
 * Check an attendee's answers with validateAnswers (src/domain/sales/settings.ts).
 */
export async function registrationForm(db: Kysely<DB>, eventId: string): Promise<RegistrationForm & { updatedAt: string | null }> {
  const row = await db
    .selectFrom('sales_settings')
    .select(['form_fields', 'form_version', 'form_updated_at'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return { fields: [], version: 0, updatedAt: null };
  return { fields: json<FormField[]>(row.form_fields), version: row.form_version, updatedAt: iso(row.form_updated_at) };
}

/**
 * Orders a buyer e-mail already holds for an event (reserved, awaiting payment or paid; expired and cancelled ones
 * do not count), leaving out `exceptOrderId`: what the orders-per-e-mail limit of manage/settings counts. A soft
 * limit: two purchases completed at the same instant may both pass.
 */
export async function ordersOfEmail(db: Kysely<DB>, eventId: string, email: string, exceptOrderId?: string): Promise<number> {
  let q = db
    .selectFrom('sales_orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .where(sql<string>`lower(buyer_email)`, '=', email.trim().toLowerCase())
    .where('status', 'in', ['reserved', 'awaiting_payment', 'paid']);
  if (exceptOrderId) q = q.where('id', '!=', exceptOrderId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
