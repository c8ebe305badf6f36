-- The door (projection sales.checkins): where each ticket is now, every admission and exit, and the event's
-- rooms. The guard against double admission is the ticket's sales-checkin-<ticketId> stream, not these rows.

-- One row per ticket that was ever scanned in: inside the venue or not, the room it is in, its counts.
CREATE TABLE sales_checkins (
  ticket_id text PRIMARY KEY,
  event_id text NOT NULL,
  inside boolean NOT NULL,
  room_id text,
  last_door text NOT NULL,
  first_in_at timestamptz NOT NULL,
  last_in_at timestamptz NOT NULL,
  last_out_at timestamptz,
  entries integer NOT NULL DEFAULT 0,
  exits integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_checkins_event ON sales_checkins (event_id, inside);
CREATE INDEX sales_checkins_room ON sales_checkins (room_id) WHERE room_id IS NOT NULL AND inside;

-- Every passage (admission or exit), keyed by the stored event's id; a scan id is the client's nonce.
CREATE TABLE sales_checkin_scans (
  id text PRIMARY KEY,
  ticket_id text NOT NULL,
  event_id text NOT NULL,
  direction text NOT NULL,
  door text NOT NULL,
  room_id text,
  scan_id text NOT NULL,
  at timestamptz NOT NULL,
  by_user text
);
CREATE INDEX sales_checkin_scans_ticket ON sales_checkin_scans (ticket_id, at DESC);
CREATE INDEX sales_checkin_scans_event ON sales_checkin_scans (event_id, at);
CREATE INDEX sales_checkin_scans_room ON sales_checkin_scans (room_id, at DESC) WHERE room_id IS NOT NULL;

-- The event's rooms (auditoriums): who may enter (no ticket type listed: everyone) and the capacity shown.
CREATE TABLE sales_rooms (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  name text NOT NULL,
  capacity integer,
  ticket_type_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_rooms_event ON sales_rooms (event_id, name);
