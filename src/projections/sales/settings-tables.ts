import type { Generated } from 'kysely';

/** Read-model table of the store's settings and registration form (SQL in migrations/0670_sales_settings.sql). */
export interface SalesSettingsTables {
  sales_settings: {
    event_id: string;
    hold_minutes: number | null;
    max_tickets_per_order: number | null;
    max_orders_per_email: number | null;
    /** InvoiceSettings (src/contracts/sales-settings.ts) as jsonb; null until the settings are first saved. */
    invoice: unknown | null;
    /** BankDepositInstructions as jsonb, or null. */
    bank_deposit: unknown | null;
    settings_version: Generated<number>;
    settings_updated_at: Date | string | null;
    /** FormField[] as jsonb. */
    form_fields: Generated<unknown>;
    form_version: Generated<number>;
    form_updated_at: Date | string | null;
  };
}
