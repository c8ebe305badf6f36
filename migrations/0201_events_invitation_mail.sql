-- The invitee's e-mail, encrypted per invitation (pii_keys), so the invitation mail can be sent; the key is
-- deleted when the invitation is used or replaced.
ALTER TABLE event_invitations ADD COLUMN email_cipher text;
