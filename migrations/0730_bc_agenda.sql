-- Business conference agenda (projection businessConference.agenda): each meeting's place (slot and table or
-- virtual room), the round's agenda state and the slots each participant cannot meet. The guard against double
-- booking is the round's businessConference-agenda-<roundId> stream, not these rows.

-- One row per meeting that was ever placed; slot_id is null while it is unscheduled (the row keeps the sequence,
-- so an iCal SEQUENCE only grows).
CREATE TABLE bc_placements (
  meeting_id text PRIMARY KEY,
  round_id text NOT NULL,
  slot_id text,
  table_no integer,
  room text,
  phase text NOT NULL,
  sequence integer NOT NULL DEFAULT 0,
  pinned boolean NOT NULL DEFAULT false,
  offer_participant_id text NOT NULL,
  demand_participant_id text NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bc_placements_round ON bc_placements (round_id, slot_id) WHERE slot_id IS NOT NULL;
CREATE INDEX bc_placements_offer ON bc_placements (offer_participant_id) WHERE slot_id IS NOT NULL;
CREATE INDEX bc_placements_demand ON bc_placements (demand_participant_id) WHERE slot_id IS NOT NULL;

-- The round's agenda: stream revision, phase, and the last "Programar todo" summary.
CREATE TABLE bc_agendas (
  round_id text PRIMARY KEY,
  version integer NOT NULL,
  phase text NOT NULL,
  published_at timestamptz,
  last_run jsonb,
  updated_at timestamptz NOT NULL
);

-- The slots a participant cannot meet (slot ids of their round).
CREATE TABLE bc_unavailability (
  participant_id text PRIMARY KEY,
  round_id text NOT NULL,
  slot_ids jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bc_unavailability_round ON bc_unavailability (round_id);
