-- Event store (PostgreSQL adapter). See src/eventstore/postgres.ts for the ordering rules.
CREATE TABLE es_streams (
  stream_id text PRIMARY KEY,
  version integer NOT NULL
);

CREATE TABLE es_events (
  position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version integer NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_version)
);
CREATE INDEX es_events_commit_order ON es_events (transaction_id, position);

-- Idempotency: a command id is claimed once per stream; its first result is answered to retries.
CREATE TABLE es_commands (
  stream_id text NOT NULL,
  command_id text NOT NULL,
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, command_id)
);

-- Cross-stream uniqueness (e-mail per account, eventCode per event), written in the append's transaction.
CREATE TABLE es_reservations (
  scope text NOT NULL,
  value text NOT NULL,
  stream_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, value)
);
