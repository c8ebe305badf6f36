import type { Generated } from 'kysely';

/** Short links, clicks and opens of campaign e-mails (SQL in migrations/0870_contacts_campaign_links.sql). */
export interface ContactsCampaignLinkTables {
  contacts_campaign_links: {
    code: string;
    client_id: string;
    campaign_id: string;
    recipient_key: string;
    kind: string;
    url: string;
    created_at: Generated<Date>;
  };
  contacts_campaign_hits: {
    id: Generated<string>;
    code: string;
    campaign_id: string;
    recipient_key: string;
    kind: string;
    at: Generated<Date>;
  };
  contacts_campaign_events: { campaign_id: string; event_id: string; client_id: string; purpose: string };
}
