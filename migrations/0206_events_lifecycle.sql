-- Event life cycle (issue 24): a published event may be cancelled. A cancelled event leaves the public lists and
-- search (published goes false in the read model), and its public page says it is cancelled. Deleted drafts leave
-- no row at all (their stream keeps the history).
ALTER TABLE events ADD COLUMN IF NOT EXISTS cancelled_at timestamptz;
