import type { Generated } from 'kysely';

/** Read-model tables of the CRM's campaigns area (SQL in migrations/0850_contacts_campaigns.sql). */
export interface ContactsCampaignTables {
  contacts_campaigns: {
    id: string;
    client_id: string;
    channel: string;
    sender_id: string;
    name: string;
    status: string;
    content: unknown;
    recipient_count: number;
    run: Generated<number>;
    scheduled_for: Date | string | null;
    created_by: string | null;
    created_at: Date | string;
    started_at: Date | string | null;
    finished_at: Date | string | null;
    counts: unknown | null;
    position: string;
  };
  contacts_campaign_recipients: {
    campaign_id: string;
    recipient_key: string;
    contact_id: string;
    address: string;
    name: string;
    merge: unknown;
    consent: boolean;
    state: string;
    skip_reason: string | null;
  };
  contacts_campaign_deliveries: {
    campaign_id: string;
    recipient_key: string;
    state: string;
    state_rank: number;
    provider_message_id: string | null;
    error: string | null;
    updated_at: Generated<Date>;
  };
  contacts_campaign_status_log: { provider_message_id: string; status: string; error: string | null; received_at: Generated<Date> };
  contacts_campaign_senders: {
    id: string;
    client_id: string;
    channel: string;
    name: string;
    from_name: string | null;
    from_email: string | null;
    phone_number_id: string | null;
    secret_ref: string | null;
    position: string;
  };
  contacts_campaign_optouts: { client_id: string; channel: string; address: string; contact_id: string; source: string; at: Date | string };
}
