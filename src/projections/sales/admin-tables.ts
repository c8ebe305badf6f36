import type { Generated } from 'kysely';

/** Read-model tables of the organizer's attendee management (SQL in migrations/0650_sales_reminders.sql). */
export interface SalesAdminTables {
  sales_reminders: {
    id: string;
    event_id: string;
    subject: string;
    body: string;
    when: unknown;
    due_at: Date | string;
    status: string;
    revision: number;
    sent_count: Generated<number>;
    sent_at: Date | string | null;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
