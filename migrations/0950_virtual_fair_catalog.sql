-- Platform catalogue of the virtual fair (projection virtualFair.catalog, from the virtualFair-catalog-<id> streams):
-- fairground templates, stand templates, auditoriums and meeting rooms, kept by platform administrators.
CREATE TABLE virtual_fair_catalog (
  id text PRIMARY KEY,
  kind text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text,
  capacity integer NOT NULL DEFAULT 0,
  link text,
  archived boolean NOT NULL DEFAULT false,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX virtual_fair_catalog_kind ON virtual_fair_catalog (kind, archived, lower(name));
