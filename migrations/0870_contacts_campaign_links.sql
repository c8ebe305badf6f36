-- CRM campaigns (issue 22): short links, clicks and opens. Like contacts_campaign_deliveries these are facts
-- written by the e-mail job (links) and by the redirect and the open pixel (clicks, opens), not events: a rebuild
-- of the campaigns projection never resets them.

-- One short code per campaign, recipient and original URL (random, 16 base62 characters: not guessable). The
-- unique (campaign, recipient, url) makes a retried job reuse the code it made before.
CREATE TABLE contacts_campaign_links (
  code text PRIMARY KEY,
  client_id text NOT NULL,
  campaign_id text NOT NULL,
  recipient_key text NOT NULL,
  kind text NOT NULL,               -- 'link' (a rewritten href) or 'open' (the open pixel)
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, recipient_key, kind, url)
);

-- Every counted hit of a code (a HEAD, a prefetch or a repeat of the same code within 10 s is not counted).
CREATE TABLE contacts_campaign_hits (
  id bigserial PRIMARY KEY,
  code text NOT NULL REFERENCES contacts_campaign_links (code),
  campaign_id text NOT NULL,
  recipient_key text NOT NULL,
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_campaign_hits_campaign ON contacts_campaign_hits (campaign_id, kind, recipient_key);
CREATE INDEX contacts_campaign_hits_code ON contacts_campaign_hits (code, at DESC);

-- Campaigns made from a store event's attendee pages (manageAttendees/campaignWhatsApp, remindersWhatsApp): which
-- event each belongs to, written with the creation (the campaign stream itself is organizer-level).
CREATE TABLE contacts_campaign_events (
  campaign_id text PRIMARY KEY,
  event_id text NOT NULL,
  client_id text NOT NULL,
  purpose text NOT NULL       -- 'campaign' or 'reminder'
);
CREATE INDEX contacts_campaign_events_event ON contacts_campaign_events (event_id);
