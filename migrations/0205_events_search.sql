-- Search that forgives: partial words without their accents ("gastronomi") and one-letter typos ("gastronmica")
-- find "Feria Gastronómica". Trigram word similarity (pg_trgm, shipped with PostgreSQL and with the embedded
-- package) over the accent-folded, lower-cased text of the event; the full-text `search` column stays for stems.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One IMMUTABLE expression, written once: the index and searchEvents (src/projections/events/queries.ts) must
-- name the very same expression for the planner to use the index. aforo_unaccent is schema-qualified: PostgreSQL 17+
-- runs index expressions with search_path = pg_catalog, pg_temp (the embedded server and docker-compose's are 17+).
CREATE OR REPLACE FUNCTION aforo_event_search_text(name text, code text, venue text, description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.aforo_unaccent(coalesce(name, '') || ' ' || coalesce(code, '') || ' ' || coalesce(venue, '') || ' ' || coalesce(description, ''))) $$;

-- Only published events are ever searched.
CREATE INDEX events_search_trgm ON events
  USING gin (aforo_event_search_text(event_name, event_code, venue, description) gin_trgm_ops)
  WHERE published;
