-- One index entry less per receipt: the unread index, (user_id, room_id) WHERE state <> 'viewed', also serves
-- the "still sent" lookups (PUT chatMessages delivered); the planner proves that state = 'sent' implies it.
DROP INDEX IF EXISTS chat_receipts_undelivered;
