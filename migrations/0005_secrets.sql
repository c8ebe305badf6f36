-- Secrets of every module (payment-provider keys, WhatsApp tokens, SMTP passwords, API keys), kept out of the
-- append-only log: events carry only the reference. Each row is envelope-encrypted: `cipher` is the secret under
-- its own data key, `data_key` that key wrapped under SECRETS_MASTER_KEY (both bind `ref`). A rotation rewrites
-- `data_key` only (npm run secrets:rewrap); deleting a row erases the secret.
CREATE TABLE secrets (
  ref text PRIMARY KEY,
  data_key bytea NOT NULL,
  cipher bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
