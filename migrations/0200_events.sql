-- Events module read models (projections of the `events-event-<id>` streams). Rebuildable from the log.

-- Accent-insensitive Spanish full text: unaccent() is only STABLE (it reads its dictionary), so indexes and
-- generated columns need an IMMUTABLE wrapper that names the dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE OR REPLACE FUNCTION aforo_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE events (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  event_code text NOT NULL,
  event_name text NOT NULL,
  description text,
  venue text,
  online_url text,
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  time_zone text NOT NULL,
  currency text NOT NULL,
  capacity integer,
  cover_url text,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version integer NOT NULL,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, aforo_unaccent(coalesce(event_name, ''))), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, aforo_unaccent(coalesce(event_code, '') || ' ' || coalesce(venue, ''))), 'B') ||
    setweight(to_tsvector('spanish'::regconfig, aforo_unaccent(coalesce(description, ''))), 'C')
  ) STORED
);
-- Not unique: uniqueness is the event store's reservation (scope events.code); a projection must never fail.
CREATE INDEX events_code ON events (event_code);
CREATE INDEX events_owner ON events (owner_id);
CREATE INDEX events_published_start ON events (published, start_date);
CREATE INDEX events_search ON events USING gin (search);
CREATE INDEX events_name_unaccent ON events (lower(aforo_unaccent(event_name)) text_pattern_ops);

CREATE TABLE event_ticket_types (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  name text NOT NULL,
  price numeric(12, 2) NOT NULL,
  quantity integer NOT NULL,
  sale_start timestamptz,
  sale_end timestamptz,
  min_per_order integer NOT NULL,
  max_per_order integer NOT NULL,
  visibility text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX event_ticket_types_event ON event_ticket_types (event_id);

-- Public configuration only: the card secret key stays (encrypted) in the log and is never projected.
CREATE TABLE event_payment_methods (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  kind text NOT NULL,
  config jsonb NOT NULL,
  has_secret_key boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX event_payment_methods_event ON event_payment_methods (event_id);

-- Team of each event: the owner as administrator of every module, plus invited collaborators.
-- Other modules (chat contacts) read it: users who share an event team.
CREATE TABLE event_members (
  event_id text NOT NULL,
  user_id text NOT NULL,
  module text NOT NULL,
  role text NOT NULL,
  owner boolean NOT NULL DEFAULT false,
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, user_id, module)
);
CREATE INDEX event_members_user ON event_members (user_id);

-- Invitations to e-mails without an account, granted when that person signs up or signs in.
-- email_hash = sha256(lower(trim(email))), the same hash accounts keeps for sign-in.
CREATE TABLE event_invitations (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  email_hash text NOT NULL,
  email_masked text NOT NULL,
  module text NOT NULL,
  role text NOT NULL,
  invited_by text NOT NULL,
  invited_at timestamptz NOT NULL
);
CREATE INDEX event_invitations_email ON event_invitations (email_hash);
CREATE INDEX event_invitations_event ON event_invitations (event_id);
