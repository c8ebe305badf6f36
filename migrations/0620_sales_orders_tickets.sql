-- Sales read models, second slice (projections sales.orders and sales.tickets): who bought, how it was paid, the
-- issued tickets and every order's history. Money stays in minor units (bigint) with the order's currency.
ALTER TABLE sales_orders
  ADD COLUMN buyer_name text,
  ADD COLUMN buyer_email text,
  ADD COLUMN buyer_phone text,
  ADD COLUMN created_by text,
  ADD COLUMN payment_method text,
  ADD COLUMN charge_id text,
  ADD COLUMN paid_at timestamptz,
  ADD COLUMN paid_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN voucher_ref text,
  ADD COLUMN voucher_name text,
  ADD COLUMN voucher_type text,
  ADD COLUMN voucher_size integer,
  ADD COLUMN cancel_reason text,
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN late_refunded_amount bigint NOT NULL DEFAULT 0;
CREATE INDEX sales_orders_buyer_email ON sales_orders (lower(buyer_email)) WHERE buyer_email IS NOT NULL;

-- Attendee data per seat (position = the seat's index in the order's lines expanded), answers of the event's
-- registration form included.
CREATE TABLE sales_order_attendees (
  order_id text NOT NULL REFERENCES sales_orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  ticket_type_id text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (order_id, position)
);

CREATE TABLE sales_tickets (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  order_id text NOT NULL,
  event_id text NOT NULL,
  position integer NOT NULL,
  ticket_type_id text NOT NULL,
  ticket_type_name text NOT NULL,
  attendee_name text,
  attendee_email text,
  holder_user_id text,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_tickets_order ON sales_tickets (order_id, position);
CREATE INDEX sales_tickets_event ON sales_tickets (event_id, status);
CREATE INDEX sales_tickets_email ON sales_tickets (lower(attendee_email)) WHERE attendee_email IS NOT NULL;
CREATE INDEX sales_tickets_holder ON sales_tickets (holder_user_id) WHERE holder_user_id IS NOT NULL;

-- Every event of an order's stream, for the order's history (stream version = its place).
CREATE TABLE sales_order_history (
  order_id text NOT NULL,
  version integer NOT NULL,
  type text NOT NULL,
  at timestamptz NOT NULL,
  by text,
  detail jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (order_id, version)
);
