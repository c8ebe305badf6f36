-- Two index entries per event instead of four (each costs the append a B-tree insert and its WAL record).
-- The primary key becomes readAll's order, (transaction_id, position), and replaces es_events_commit_order;
-- the event id's unique index goes: ids are random UUIDs made by the writer, never looked up, and idempotency
-- is the command id's job (es_commands).
ALTER TABLE es_events DROP CONSTRAINT es_events_pkey;
ALTER TABLE es_events DROP CONSTRAINT es_events_event_id_key;
DROP INDEX es_events_commit_order;
ALTER TABLE es_events ADD PRIMARY KEY (transaction_id, position);
-- Building the new key holds an exclusive lock on es_events for as long as it takes: on a large production log,
-- plan the deploy for it.
