-- A profile preference (issue 20): people who hold tickets of one event may chat with each other when both allow
-- it. Off by default; written by the accounts.users projection from accounts.AttendeeChatPreferenceChanged.
ALTER TABLE users ADD COLUMN IF NOT EXISTS allow_attendee_chat boolean NOT NULL DEFAULT false;
