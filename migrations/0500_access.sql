-- Access module (src/projections/access): who holds which role where, answered by one indexed query per request.

-- Events as the guard needs them: existence, organizer (client) and code; name and state for the menus.
CREATE TABLE access_events (
  event_id text PRIMARY KEY,
  client_id text NOT NULL,
  event_code text NOT NULL,
  event_name text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX access_events_code ON access_events (event_code);
CREATE INDEX access_events_client ON access_events (client_id);

-- Granted roles. The organizer's own administrator role is not stored: it follows from access_events.client_id.
-- event_id null: a role of the organizer's client-level modules (contacts, settings) once they are held there;
-- round_id / exhibitor_company_id narrow a role to one business-conference round or one exhibitor company.
CREATE TABLE access_memberships (
  user_id text NOT NULL,
  client_id text NOT NULL,
  event_id text,
  module text NOT NULL,
  role text NOT NULL,
  round_id text,
  exhibitor_company_id text,
  granted_by text,
  granted_at timestamptz NOT NULL
);
-- One role per user, scope and module (NULLS NOT DISTINCT: an event-wide role has null narrower scopes).
CREATE UNIQUE INDEX access_memberships_scope ON access_memberships (user_id, event_id, module, round_id, exhibitor_company_id) NULLS NOT DISTINCT;
CREATE INDEX access_memberships_event ON access_memberships (event_id);

-- E-mail invitations, kept by the claimer reactor so a verified e-mail finds its pending invitations at once, and
-- so a used or cancelled invitation's link still names its event (closed_at set, row kept).
CREATE TABLE access_invitations (
  invitation_id text PRIMARY KEY,
  event_id text NOT NULL,
  email_hash text NOT NULL,
  module text NOT NULL,
  role text NOT NULL,
  invited_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX access_invitations_pending_email ON access_invitations (email_hash) WHERE closed_at IS NULL;
