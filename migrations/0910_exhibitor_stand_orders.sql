-- Sales orders of exhibitor stand reservations (reactor exhibitor.stands, from the exhibitor-stands-<eventId>
-- streams): which sales.OrderPaid is a stand's sale. Filled from exhibitor.StandReserved, which is appended
-- before its order exists, so the reactor always knows a stand's order before the order is paid.
CREATE TABLE exhibitor_stand_orders (
  order_id text PRIMARY KEY,
  event_id text NOT NULL,
  reservation_id text NOT NULL
);
