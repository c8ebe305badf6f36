-- Sales read model (projection sales.orders): orders and their lines. The quota itself is the event's
-- sales-quota-<eventId> stream; these rows are what the store's pages and the counts read.
CREATE TABLE sales_orders (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  buyer_id text,
  status text NOT NULL,
  currency text NOT NULL,
  total bigint NOT NULL,
  hold_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_orders_event ON sales_orders (event_id, status);
CREATE INDEX sales_orders_buyer ON sales_orders (buyer_id, created_at DESC) WHERE buyer_id IS NOT NULL;

CREATE TABLE sales_order_lines (
  order_id text NOT NULL REFERENCES sales_orders (id) ON DELETE CASCADE,
  ticket_type_id text NOT NULL,
  name text NOT NULL,
  quantity integer NOT NULL,
  unit_price bigint NOT NULL,
  PRIMARY KEY (order_id, ticket_type_id)
);
