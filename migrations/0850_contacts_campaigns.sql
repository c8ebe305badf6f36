-- CRM campaigns (issue 22, module contacts, campaigns area). The lifecycle is the stream contacts-campaign-<id>,
-- the frozen audience contacts-campaign-audience-<id> (chunks of 1,000 recipients), senders contacts-sender-<id>,
-- opt-outs contacts-optout-<client>-<contact>. Per-recipient delivery outcomes are NOT events: the workers and
-- the status webhook write them into contacts_campaign_deliveries (one row per recipient, a state that only moves
-- up its rank), and the campaign stream gets summaries (contacts.CampaignProgressed / CampaignCompleted).

-- Projection contacts.campaigns: one row per campaign.
CREATE TABLE contacts_campaigns (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  channel text NOT NULL,
  sender_id text NOT NULL,
  name text NOT NULL,
  status text NOT NULL,
  content jsonb NOT NULL,
  recipient_count integer NOT NULL,
  run integer NOT NULL DEFAULT 0,
  scheduled_for timestamptz,
  created_by text,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  counts jsonb,
  position text NOT NULL
);
CREATE INDEX contacts_campaigns_client ON contacts_campaigns (client_id, created_at DESC);

-- Projection contacts.campaigns: the frozen audience; state is pending (not started), queued or unsubscribed
-- (skipped at start: no consent for the channel, or opted out).
CREATE TABLE contacts_campaign_recipients (
  campaign_id text NOT NULL,
  recipient_key text NOT NULL,
  contact_id text NOT NULL,
  address text NOT NULL,
  name text NOT NULL,
  merge jsonb NOT NULL,
  consent boolean NOT NULL,
  state text NOT NULL,
  skip_reason text,
  PRIMARY KEY (campaign_id, recipient_key)
);
CREATE INDEX contacts_campaign_recipients_state ON contacts_campaign_recipients (campaign_id, state);

-- Written by the campaign workers and the WhatsApp status webhook (not a projection: a rebuild never resets it).
-- state_rank only grows: queued 0, sent 1, delivered 2, failed/bounced 3, read 4, unsubscribed 5.
CREATE TABLE contacts_campaign_deliveries (
  campaign_id text NOT NULL,
  recipient_key text NOT NULL,
  state text NOT NULL,
  state_rank smallint NOT NULL,
  provider_message_id text,
  error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, recipient_key)
);
CREATE UNIQUE INDEX contacts_campaign_deliveries_message ON contacts_campaign_deliveries (provider_message_id) WHERE provider_message_id IS NOT NULL;

-- Every WhatsApp status received once (webhooks are retried and may repeat): the de-duplication key.
CREATE TABLE contacts_campaign_status_log (
  provider_message_id text NOT NULL,
  status text NOT NULL,
  error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_message_id, status)
);

-- Projection contacts.campaign-senders: e-mail and WhatsApp senders (secrets are in the vault, by reference).
CREATE TABLE contacts_campaign_senders (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  channel text NOT NULL,
  name text NOT NULL,
  from_name text,
  from_email text,
  phone_number_id text,
  secret_ref text,
  position text NOT NULL
);
CREATE INDEX contacts_campaign_senders_client ON contacts_campaign_senders (client_id);

-- Projection contacts.campaign-optouts: who withdrew consent for a channel (one-click unsubscribe, "baja").
CREATE TABLE contacts_campaign_optouts (
  client_id text NOT NULL,
  channel text NOT NULL,
  address text NOT NULL,
  contact_id text NOT NULL,
  source text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (client_id, channel, address)
);
