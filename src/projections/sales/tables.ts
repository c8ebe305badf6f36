/** Read-model tables of the sales module (SQL in migrations/0600_sales.sql). */
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
  };
  sales_order_lines: {
    order_id: string;
    ticket_type_id: string;
    name: string;
    quantity: number;
    unit_price: number;
  };
}
