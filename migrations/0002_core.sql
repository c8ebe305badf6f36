-- Projection runner: one row per projection; written in the same transaction as its read-model rows.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  position text,
  status text NOT NULL DEFAULT 'running',
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Side effects already performed (e-mail sent, WhatsApp sent), keyed by the causing event and job name,
-- so a retried or replayed job never sends twice.
CREATE TABLE job_sent_log (
  job_key text PRIMARY KEY,
  job_name text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  result jsonb
);

-- HTTP Idempotency-Key: the first response to a key is stored and answered again to retries.
CREATE TABLE http_idempotency (
  key text NOT NULL,
  user_id text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Personal-data keys live outside the event log; deleting a row shreds every encrypted value of its subject.
CREATE TABLE pii_keys (
  subject_id text PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
