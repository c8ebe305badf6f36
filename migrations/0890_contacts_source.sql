-- CRM integration (issue 22): where each contact came from. Written by the contacts.records projection from
-- ContactCreated's `source` (absent on contacts created by hand: 'manual'); a rebuild fills it again.
ALTER TABLE contacts_contacts ADD COLUMN source text NOT NULL DEFAULT 'manual';
CREATE INDEX contacts_contacts_source ON contacts_contacts (client_id, source);
