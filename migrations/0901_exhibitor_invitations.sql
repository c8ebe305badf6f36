-- Invitations of exhibitor companies (projection exhibitor.companies, from the exhibitor-company-<id> streams):
-- the company's administrator, exhibitors and speakers. The address is kept encrypted (PII vault) for the mail.
CREATE TABLE exhibitor_invitations (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  event_id text NOT NULL,
  kind text NOT NULL,
  email_hash text NOT NULL,
  email_cipher text NOT NULL,
  status text NOT NULL,
  user_id text,
  invited_by text,
  invited_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX exhibitor_invitations_company ON exhibitor_invitations (company_id, invited_at);
CREATE INDEX exhibitor_invitations_event ON exhibitor_invitations (event_id, invited_at);
CREATE INDEX exhibitor_invitations_user ON exhibitor_invitations (user_id) WHERE user_id IS NOT NULL;
