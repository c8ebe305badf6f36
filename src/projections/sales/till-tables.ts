import type { Generated } from 'kysely';

/** Read-model tables of the box office's tills (SQL in migrations/0640_sales_tills.sql). */
export interface SalesTillTables {
  sales_tills: {
    id: string;
    event_id: string;
    opened_by: string;
    status: string;
    currency: string;
    float: number;
    cash_sales: Generated<number>;
    card_sales: Generated<number>;
    cash_in: Generated<number>;
    cash_out: Generated<number>;
    sales_count: Generated<number>;
    tickets_count: Generated<number>;
    counted: number | null;
    expected_at_close: number | null;
    difference: number | null;
    note: string | null;
    opened_at: Date | string;
    closed_at: Date | string | null;
  };
  sales_till_entries: {
    till_id: string;
    seq: number;
    kind: string;
    amount: number;
    order_id: string | null;
    method: string | null;
    reference: string | null;
    tickets: number | null;
    direction: string | null;
    reason: string | null;
    at: Date | string;
  };
}
