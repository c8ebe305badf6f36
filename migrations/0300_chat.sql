-- Chat module read models (projections of the `chat-room-<id>` streams) and presence. Rebuildable from the
-- log except chat_presence, which is live connection state kept by the socket handlers (not a business fact).

CREATE TABLE chat_rooms (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('individual', 'group')),
  name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  last_message_id text,
  last_message_at timestamptz
);

CREATE TABLE chat_room_members (
  room_id text NOT NULL,
  user_id text NOT NULL,
  participant_id text NOT NULL,
  PRIMARY KEY (room_id, user_id)
);
CREATE INDEX chat_room_members_user ON chat_room_members (user_id);

-- seq = the message event's revision in its room stream: the per-room order.
CREATE TABLE chat_messages (
  id text PRIMARY KEY,
  room_id text NOT NULL,
  client_id text NOT NULL,
  sender_id text NOT NULL,
  participant_id text NOT NULL,
  public_user_id text NOT NULL,
  receiver_id text,
  message text NOT NULL,
  seq integer NOT NULL,
  state text NOT NULL CHECK (state IN ('sent', 'delivered', 'viewed')),
  save_date timestamptz NOT NULL,
  UNIQUE (room_id, sender_id, client_id)
);
CREATE INDEX chat_messages_room_seq ON chat_messages (room_id, seq);
CREATE INDEX chat_messages_room_date ON chat_messages (room_id, save_date);

-- One receipt per recipient; the message's state is the lowest of its receipts.
CREATE TABLE chat_receipts (
  message_id text NOT NULL,
  user_id text NOT NULL,
  room_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('sent', 'delivered', 'viewed')),
  PRIMARY KEY (message_id, user_id)
);
CREATE INDEX chat_receipts_unread ON chat_receipts (user_id, room_id) WHERE state <> 'viewed';
CREATE INDEX chat_receipts_undelivered ON chat_receipts (user_id) WHERE state = 'sent';

-- Presence: written by the socket handlers; seq (from a Redis counter) keeps late writes from going back.
CREATE TABLE chat_presence (
  user_id text PRIMARY KEY,
  online boolean NOT NULL,
  seq bigint NOT NULL,
  last_connection timestamptz,
  last_disconnection timestamptz
);
