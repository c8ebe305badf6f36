-- The business conference's desk (projections businessConference.desk-*): help requests answered live by the
-- support team, participants checked in per day, and what each side of a meeting says happened. The guards
-- (one taker per request, one open request per meeting side) are the streams' versions, not these rows.

-- One row per help request (stream businessConference-help-<meetingId>-<side>, one request open at a time).
CREATE TABLE bc_help_requests (
  id text PRIMARY KEY,
  round_id text NOT NULL,
  event_id text NOT NULL,
  meeting_id text NOT NULL,
  side text NOT NULL,
  participant_id text NOT NULL,
  user_id text NOT NULL,
  company_name text NOT NULL,
  contact_name text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  taken_at timestamptz,
  taken_by text,
  taken_by_name text,
  chat_room_id text,
  resolved_at timestamptz,
  resolved_by text,
  -- created -> taken and taken -> resolved, in whole seconds (the report's waits).
  wait_seconds integer,
  handling_seconds integer,
  position text NOT NULL
);
CREATE INDEX bc_help_requests_round ON bc_help_requests (round_id, created_at DESC);
CREATE INDEX bc_help_requests_meeting ON bc_help_requests (meeting_id, side);

-- Participants checked in per day of the round (present rows only; a toggle off deletes the row).
CREATE TABLE bc_attendance (
  participant_id text NOT NULL,
  day text NOT NULL,
  round_id text NOT NULL,
  event_id text NOT NULL,
  checked_in_at timestamptz NOT NULL,
  by_user text,
  PRIMARY KEY (participant_id, day)
);
CREATE INDEX bc_attendance_round ON bc_attendance (round_id, day);

-- What each side of a meeting said: did it happen? (null: not answered yet).
CREATE TABLE bc_meeting_outcomes (
  meeting_id text PRIMARY KEY,
  round_id text NOT NULL,
  event_id text NOT NULL,
  offer_participant_id text NOT NULL,
  demand_participant_id text NOT NULL,
  offer_says boolean,
  offer_at timestamptz,
  demand_says boolean,
  demand_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bc_meeting_outcomes_round ON bc_meeting_outcomes (round_id);
