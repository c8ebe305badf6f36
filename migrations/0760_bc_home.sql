-- Business conference home area: each user's tour flags (projection businessConference.tours over the
-- businessConference-tour-<userId> streams) and each event's reminder and support-contact settings (projection
-- businessConference.homeSettings over businessConference-reminderSettings-<eventId>).
CREATE TABLE bc_tours (
  user_id text PRIMARY KEY,
  offer_module boolean NOT NULL DEFAULT true,
  offer_product_catalogue boolean NOT NULL DEFAULT true,
  demand_module boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL
);

CREATE TABLE bc_home_settings (
  event_id text PRIMARY KEY,
  -- Minutes before each meeting, largest first (jsonb array of integers).
  offsets jsonb NOT NULL,
  email boolean NOT NULL,
  support_phone text,
  support_email text,
  -- Revision of the settings stream (the expectedVersion the page sends back).
  version integer NOT NULL,
  updated_at timestamptz NOT NULL
);
