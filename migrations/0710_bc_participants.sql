-- Business conference, participants area (src/projections/businessConference/participants.ts): the participants of
-- each round with their company, and the offerers' products. `search` columns hold the accent- and case-free text
-- (foldText) the catalogue searches, so "cafe" finds "Café" without an extension.

CREATE TABLE bc_participants (
  id text PRIMARY KEY,
  round_id text NOT NULL,
  event_id text NOT NULL,
  user_id text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  company_name text NOT NULL,
  company_ruc text NOT NULL,
  company_sector text NOT NULL,
  company_logo_url text,
  company_description text NOT NULL,
  contact_name text NOT NULL,
  email text NOT NULL,
  phone text,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  search text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One participant per user and round (the stream id already guarantees it; the read model says it too).
CREATE UNIQUE INDEX bc_participants_round_user ON bc_participants (round_id, user_id);
CREATE INDEX bc_participants_round_type ON bc_participants (round_id, type, status);
CREATE INDEX bc_participants_user ON bc_participants (user_id);

CREATE TABLE bc_products (
  id text PRIMARY KEY,
  participant_id text NOT NULL,
  round_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  sector text NOT NULL,
  image_url text,
  search text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX bc_products_participant ON bc_products (participant_id);
CREATE INDEX bc_products_round ON bc_products (round_id);
