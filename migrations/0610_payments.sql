-- Provider webhooks as received, once per (provider, event id): providers retry and replay, so the inbox answers
-- whether an event is new before anyone acts on it (src/payments/webhook-inbox.ts). The key includes the provider
-- since two providers' event ids may collide. `payload` is the normalised event (no card data, no secret).
CREATE TABLE payment_webhooks (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL,
  PRIMARY KEY (provider, event_id)
);
