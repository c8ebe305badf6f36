-- CRM imports (issue 22): the uploaded file (kept for the worker; rows are read from it, not from events) and the
-- read model of the contacts-import-<id> streams (progress, counts and per-row errors).
CREATE TABLE contacts_import_files (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  kind text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contacts_imports (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  file_name text NOT NULL,
  columns jsonb NOT NULL,
  row_count integer NOT NULL,
  status text NOT NULL,
  mapping jsonb,
  processed integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX contacts_imports_client ON contacts_imports (client_id, created_at DESC);
