-- In-app notifications (read model of the notifications.notifier projection). The page query marks rows read.
CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  type text NOT NULL,
  model text NOT NULL,
  model_id text,
  message text NOT NULL,
  url text NOT NULL,
  unread boolean NOT NULL DEFAULT true,
  save_date timestamptz NOT NULL,
  source_event_id text NOT NULL,
  UNIQUE (source_event_id, user_id)
);
CREATE INDEX notifications_user_date ON notifications (user_id, save_date DESC, id DESC);
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE unread;
