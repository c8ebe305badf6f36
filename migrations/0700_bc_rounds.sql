-- Business-conference rounds (projection businessConference.rounds, from the businessConference-round-<id>
-- streams). A deleted round's row is removed. Slots are stored computed (src/domain/businessConference/round.ts,
-- roundSlots) so that readers never recompute them.
CREATE TABLE bc_rounds (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  start_date text NOT NULL,
  end_date text NOT NULL,
  time_zone text NOT NULL,
  meeting_minutes integer NOT NULL,
  days jsonb NOT NULL,
  venue text NOT NULL,
  tables integer NOT NULL,
  request_deadline timestamptz,
  request_mode text NOT NULL,
  scheduling_mode text NOT NULL,
  max_requests_per_participant integer,
  product_deadline timestamptz,
  offer_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  demand_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  catalogue_filter jsonb NOT NULL DEFAULT '[]'::jsonb,
  slots jsonb NOT NULL DEFAULT '[]'::jsonb,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX bc_rounds_event_code ON bc_rounds (event_id, lower(code));
CREATE INDEX bc_rounds_event_start ON bc_rounds (event_id, start_date);
