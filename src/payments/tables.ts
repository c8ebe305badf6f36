import type { Generated } from 'kysely';

/** Tables of the payment adapters (migrations/0610_payments.sql). */
export interface PaymentsTables {
  /** Every provider webhook received once, by (provider, event id): the de-duplication record. */
  payment_webhooks: { provider: string; event_id: string; received_at: Generated<Date>; payload: unknown };
}
