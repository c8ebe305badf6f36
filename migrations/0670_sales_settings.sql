-- Store settings and registration form of an event (projection sales.settings, from the sales-settings-<eventId>
-- streams). Absent row: the defaults (src/domain/sales/settings.ts, DEFAULT_SETTINGS) and an empty form.
CREATE TABLE sales_settings (
  event_id text PRIMARY KEY,
  hold_minutes integer,
  max_tickets_per_order integer,
  max_orders_per_email integer,
  invoice jsonb,
  bank_deposit jsonb,
  settings_version integer NOT NULL DEFAULT 0,
  settings_updated_at timestamptz,
  form_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  form_version integer NOT NULL DEFAULT 0,
  form_updated_at timestamptz
);
