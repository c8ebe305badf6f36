-- Accounts module. The log (es_events) holds the account events with e-mail and name encrypted per user
-- (pii_keys); everything below is either a read model or data that must never enter the log.

-- Read model `accounts.users` (projection). Rows of a deleted account are removed.
CREATE TABLE users (
  id text PRIMARY KEY,
  display_name text NOT NULL,
  email text NOT NULL,
  email_normalized text NOT NULL,
  administrator boolean NOT NULL DEFAULT false,
  public_user_id text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Not unique: uniqueness is enforced by the event store's reservation; a projection must never fail on it.
CREATE INDEX users_email_normalized ON users (email_normalized);
CREATE INDEX users_public_user_id ON users (public_user_id);

-- Password hashes (argon2id), outside the log. Written by the command handler only after the registration
-- was appended, so a failed append leaves no row. email_hash = sha256(normalized e-mail), for sign-in.
CREATE TABLE account_credentials (
  user_id text PRIMARY KEY,
  email_hash text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in sessions: a JWT names its session; deleting the row (logout, password change) revokes the token.
CREATE TABLE account_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX account_sessions_user ON account_sessions (user_id);

-- One-time tokens sent by e-mail (verify, reset, delete): only their SHA-256 is stored.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'delete')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
