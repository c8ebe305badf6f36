import type { Generated } from 'kysely';

/** Read-model tables of the sales module's orders and tickets (SQL in migrations/0600_sales.sql, 0620). */
export interface SalesTables {
  sales_orders: {
    id: string;
    event_id: string;
    buyer_id: string | null;
    status: string;
    currency: string;
    total: number;
    hold_until: Date | string;
    created_at: Date | string;
    updated_at: Date | string;
    buyer_name: string | null;
    buyer_email: string | null;
    buyer_phone: string | null;
    created_by: string | null;
    payment_method: string | null;
    charge_id: string | null;
    paid_at: Date | string | null;
    paid_amount: Generated<number>;
    voucher_ref: string | null;
    voucher_name: string | null;
    voucher_type: string | null;
    voucher_size: number | null;
    cancel_reason: string | null;
    refunded_at: Date | string | null;
    refunded_amount: Generated<number>;
    late_refunded_amount: Generated<number>;
    /** The buyer's receipt (ReceiptDto as JSON), null until chosen (migration 0690). */
    receipt: unknown | null;
  };
  sales_order_lines: {
    order_id: string;
    ticket_type_id: string;
    name: string;
    quantity: number;
    unit_price: number;
  };
  sales_order_attendees: {
    order_id: string;
    position: number;
    ticket_type_id: string;
    name: string;
    email: string;
    answers: Generated<unknown>;
  };
  sales_tickets: {
    id: string;
    code: string;
    order_id: string;
    event_id: string;
    position: number;
    ticket_type_id: string;
    ticket_type_name: string;
    attendee_name: string | null;
    attendee_email: string | null;
    holder_user_id: string | null;
    status: string;
    created_at: Date | string;
    updated_at: Date | string;
  };
  sales_order_history: {
    order_id: string;
    version: number;
    type: string;
    at: Date | string;
    by: string | null;
    detail: Generated<unknown>;
  };
}
