-- Cancelled e-mail invitations keep their row, marked, so the e-mailed link is refused as cancelled (not as
-- unknown) and the sign-in claim skips them.
ALTER TABLE event_invitations ADD COLUMN cancelled_at timestamptz;
ALTER TABLE event_invitations ADD COLUMN cancelled_by text;
