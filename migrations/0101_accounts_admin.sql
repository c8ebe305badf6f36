-- Platform administration of accounts: suspension (read model `accounts.users`) and the audit trail of the
-- administrators' actions (read model `accounts.admin-audit`, built from the events that carry `by`).

ALTER TABLE users ADD COLUMN suspended boolean NOT NULL DEFAULT false;

-- One row per administrative event about an account; the id is the event id (a replayed batch writes nothing twice).
CREATE TABLE account_admin_audit (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  action text NOT NULL,
  by_user_id text,
  at timestamptz NOT NULL
);
CREATE INDEX account_admin_audit_user ON account_admin_audit (user_id, at DESC);
