-- Exhibitor companies of an event (projection exhibitor.companies, from the exhibitor-company-<id> streams).
-- The RUC is unique per event in the event store (reservation exhibitor-ruc:<eventId>); the index only serves reads.
CREATE TABLE exhibitor_companies (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  ruc text NOT NULL,
  name text NOT NULL,
  sector text NOT NULL DEFAULT '',
  logo_url text,
  quantity_exhibitors integer NOT NULL,
  quantity_speakers integer NOT NULL,
  used_exhibitors integer NOT NULL DEFAULT 0,
  used_speakers integer NOT NULL DEFAULT 0,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX exhibitor_companies_event ON exhibitor_companies (event_id, lower(name));
