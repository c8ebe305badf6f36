import type { Generated } from 'kysely';

/** Read-model tables of the store's codes area (SQL in migrations/0660_sales_codes.sql). */
export interface SalesCodesTables {
  sales_codes: {
    id: string;
    event_id: string;
    code: string;
    kind: string;
    description: string;
    discount_type: string | null;
    percent: number | null;
    amount: number | string | null;
    free: boolean;
    ticket_type_ids: string[] | string;
    max_uses: number | null;
    uses: Generated<number>;
    valid_from: Date | string | null;
    valid_until: Date | string | null;
    active: boolean;
    token: string;
    created_at: Date | string;
    updated_at: Date | string;
  };
  sales_code_orders: { order_id: string; code_id: string; event_id: string; released: boolean };
  sales_waitlist: {
    id: string;
    event_id: string;
    position: number;
    ticket_type_id: string;
    ticket_type_name: string;
    quantity: number;
    name: string;
    email: string;
    state: string;
    order_id: string | null;
    offered_until: Date | string | null;
    created_at: Date | string;
    updated_at: Date | string;
  };
  sales_companies: {
    id: string;
    order_id: string;
    event_id: string;
    ruc: string;
    business_name: string;
    contact_name: string;
    email: string;
    phone: string;
    created_at: Date | string;
  };
}
