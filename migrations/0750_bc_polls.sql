-- Post-meeting poll answers of the business conference (projection businessConference.polls, streams
-- businessConference-poll-<meetingId>-<side>): one row per meeting and side, the latest revision.
CREATE TABLE bc_poll_answers (
  meeting_id text NOT NULL,
  side text NOT NULL,
  round_id text NOT NULL,
  event_id text NOT NULL,
  participant_id text NOT NULL,
  counterpart_id text NOT NULL,
  interest text NOT NULL,
  expected_amount bigint NOT NULL,
  currency text NOT NULL,
  satisfaction integer NOT NULL,
  comment text NOT NULL,
  revision integer NOT NULL,
  answered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (meeting_id, side)
);
CREATE INDEX bc_poll_answers_round ON bc_poll_answers (round_id);
CREATE INDEX bc_poll_answers_participant ON bc_poll_answers (participant_id);
