-- E-mail reminders to an event's attendees (projection sales.reminders over the sales-reminder-<id> streams).
CREATE TABLE sales_reminders (
  id text PRIMARY KEY,
  event_id text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  "when" jsonb NOT NULL,
  due_at timestamptz NOT NULL,
  status text NOT NULL,
  revision integer NOT NULL,
  sent_count integer NOT NULL DEFAULT 0,
  sent_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sales_reminders_event ON sales_reminders (event_id, due_at);
