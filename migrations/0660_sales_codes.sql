-- Codes area of the store (issue 20): discount and invitation codes with their uses, the waiting list and
-- company registrations. Read models only: the codes are the sales-codes-<eventId> stream, their uses holds on
-- the event's quota stream, the waiting list the sales-waitlist-<eventId> stream.
CREATE TABLE sales_codes (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  code text NOT NULL,
  kind text NOT NULL,
  description text NOT NULL DEFAULT '',
  discount_type text,
  percent integer,
  amount bigint,
  free boolean NOT NULL DEFAULT false,
  ticket_type_ids jsonb NOT NULL DEFAULT '[]',
  max_uses integer,
  uses integer NOT NULL DEFAULT 0,
  valid_from timestamptz,
  valid_until timestamptz,
  active boolean NOT NULL DEFAULT true,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (event_id, code)
);

-- Orders holding seats with a code (one use each while held; a release gives it back).
CREATE TABLE sales_code_orders (
  order_id text PRIMARY KEY,
  code_id text NOT NULL,
  event_id text NOT NULL,
  released boolean NOT NULL DEFAULT false
);
CREATE INDEX sales_code_orders_code ON sales_code_orders (code_id);

CREATE TABLE sales_waitlist (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  position integer NOT NULL,
  ticket_type_id text NOT NULL,
  ticket_type_name text NOT NULL,
  quantity integer NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  state text NOT NULL,
  order_id text,
  offered_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_waitlist_event ON sales_waitlist (event_id, position);
CREATE INDEX sales_waitlist_order ON sales_waitlist (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE sales_companies (
  id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE,
  event_id text NOT NULL,
  ruc text NOT NULL,
  business_name text NOT NULL,
  contact_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sales_companies_event ON sales_companies (event_id, created_at);
