-- Meetings area of the business conference (issue 21): meeting requests between participants of a round and
-- the participants' iCal feeds. Read models only: the truth is the businessConference-meeting-<id> streams (plus
-- the per-participant quota and feed streams).
CREATE TABLE bc_meetings (
  id text PRIMARY KEY,
  round_id text NOT NULL,
  event_id text NOT NULL,
  requester_id text NOT NULL,
  counterpart_id text NOT NULL,
  requester_user_id text NOT NULL,
  counterpart_user_id text NOT NULL,
  offer_participant_id text NOT NULL,
  demand_participant_id text NOT NULL,
  status text NOT NULL,
  preferred_slot_id text,
  message text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  responded_at timestamptz,
  sequence integer NOT NULL DEFAULT 0,
  -- The last place the agenda gave the meeting (kept when it is unscheduled, e.g. on a cancellation, so the
  -- iCal feed can still send the cancelled entry with its time).
  last_slot_id text,
  last_table integer,
  last_room text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bc_meetings_round ON bc_meetings (round_id, status);
CREATE INDEX bc_meetings_requester ON bc_meetings (requester_id);
CREATE INDEX bc_meetings_counterpart ON bc_meetings (counterpart_id);
CREATE INDEX bc_meetings_requester_user ON bc_meetings (requester_user_id, status);
CREATE INDEX bc_meetings_counterpart_user ON bc_meetings (counterpart_user_id, status);

-- A participant's calendar subscription: the secret token of its feed URL.
CREATE TABLE bc_meeting_feeds (
  participant_id text PRIMARY KEY,
  round_id text NOT NULL,
  user_id text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
