-- Box office read model (projection sales.tills): one row per till (a cashier's drawer at one event) and its
-- entries (sales and cash movements), from the sales-till-<tillId> streams.
CREATE TABLE sales_tills (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  opened_by text NOT NULL,
  status text NOT NULL,
  currency text NOT NULL,
  float bigint NOT NULL,
  cash_sales bigint NOT NULL DEFAULT 0,
  card_sales bigint NOT NULL DEFAULT 0,
  cash_in bigint NOT NULL DEFAULT 0,
  cash_out bigint NOT NULL DEFAULT 0,
  sales_count integer NOT NULL DEFAULT 0,
  tickets_count integer NOT NULL DEFAULT 0,
  counted bigint,
  expected_at_close bigint,
  difference bigint,
  note text,
  opened_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX sales_tills_event ON sales_tills (event_id, opened_at DESC);
CREATE INDEX sales_tills_opener ON sales_tills (opened_by, event_id, status);

CREATE TABLE sales_till_entries (
  till_id text NOT NULL REFERENCES sales_tills (id) ON DELETE CASCADE,
  -- The event's stream version: entries in the order they were recorded, a replay writes each once.
  seq integer NOT NULL,
  kind text NOT NULL,
  amount bigint NOT NULL,
  order_id text,
  method text,
  reference text,
  tickets integer,
  direction text,
  reason text,
  at timestamptz NOT NULL,
  PRIMARY KEY (till_id, seq)
);
CREATE UNIQUE INDEX sales_till_entries_order ON sales_till_entries (order_id) WHERE order_id IS NOT NULL;
