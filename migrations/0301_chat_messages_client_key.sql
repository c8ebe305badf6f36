-- A message's client id is already unique where it matters: the event store claims the command id
-- `<sender>:<client id>` once per room stream, and the projection skips a replayed message by its id. This second
-- unique index (three text keys) only made every message's insert dearer (docs/benchmarks.md); a retried send now
-- finds its first message by (room, seq), the revision the store answers the duplicate with.
ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_room_id_sender_id_client_id_key;
