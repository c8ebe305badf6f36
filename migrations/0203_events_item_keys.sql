-- Ticket types and payment methods may carry a client-made id, unique only inside their event's stream. Keyed by
-- id alone, one organizer's item could collide with another's: the second insert was skipped, and a change or
-- removal by that id reached the other organizer's row. They are keyed by (event, id) now.
ALTER TABLE event_ticket_types DROP CONSTRAINT event_ticket_types_pkey;
ALTER TABLE event_ticket_types ADD PRIMARY KEY (event_id, id);
DROP INDEX IF EXISTS event_ticket_types_event;

ALTER TABLE event_payment_methods DROP CONSTRAINT event_payment_methods_pkey;
ALTER TABLE event_payment_methods ADD PRIMARY KEY (event_id, id);
DROP INDEX IF EXISTS event_payment_methods_event;
