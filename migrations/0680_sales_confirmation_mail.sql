-- The organizer's confirmation mail template per event (projection sales.confirmation-mail, stream
-- sales-confirmation-mail-<eventId>). No row: the default Spanish template. `version` is the stream's revision,
-- which the editor sends back so that two people editing at once do not overwrite each other unseen.
CREATE TABLE sales_confirmation_mails (
  event_id text PRIMARY KEY,
  custom boolean NOT NULL,
  subject text,
  html text,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text
);
