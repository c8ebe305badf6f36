-- The events module's published view for other modules' server-side grids (a join cannot go through a query
-- function): each organizer's event figures. Other modules read it, never the events table.
CREATE OR REPLACE VIEW events_by_owner AS
SELECT owner_id,
       count(*)::int AS events,
       (count(*) FILTER (WHERE published))::int AS published_events,
       max(created_at) AS last_event_at
  FROM events
 GROUP BY owner_id;
