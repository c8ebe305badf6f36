-- CRM integration (issue 22, settings/integration). contacts_api_keys and contacts_webhooks are the
-- contacts.integration projection's (from the contacts-integration-<client> streams; a rebuild refills them).
-- Last uses and deliveries are facts written by the public endpoint and the delivery job, never reset.
CREATE TABLE contacts_api_keys (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  name text NOT NULL,
  prefix text NOT NULL,            -- the key's first characters, to tell keys apart on the page
  hash text NOT NULL UNIQUE,       -- sha256 (hex) of the whole key; the key itself is never stored
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX contacts_api_keys_client ON contacts_api_keys (client_id, created_at);

CREATE TABLE contacts_api_key_uses (
  key_id text PRIMARY KEY,
  last_used_at timestamptz NOT NULL
);

CREATE TABLE contacts_webhooks (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  url text NOT NULL,
  events jsonb NOT NULL,
  secret_ref text NOT NULL,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX contacts_webhooks_client ON contacts_webhooks (client_id) WHERE removed_at IS NULL;

-- One row per delivery attempt (status code, or the refusal / network error).
CREATE TABLE contacts_webhook_deliveries (
  id bigserial PRIMARY KEY,
  webhook_id text NOT NULL,
  delivery_key text NOT NULL,      -- webhook and contact event: the attempts of one delivery share it
  client_id text NOT NULL,
  event text NOT NULL,
  contact_id text NOT NULL,
  attempt integer NOT NULL,
  status_code integer,
  error text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_webhook_deliveries_hook ON contacts_webhook_deliveries (webhook_id, at DESC);
