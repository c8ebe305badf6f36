-- A cancelled event stays the team's (to read it and its history) but is no longer published: /module and the
-- module area's event list say "Cancelado" from this flag (access.memberships, events.EventCancelled).
ALTER TABLE access_events ADD COLUMN IF NOT EXISTS cancelled boolean NOT NULL DEFAULT false;
