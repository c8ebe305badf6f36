import type { Generated } from 'kysely';

/** Read-model tables of the contacts module (SQL in migrations/0800_contacts.sql). */
export interface ContactsTables {
  contacts_contacts: {
    id: string;
    client_id: string;
    name: string;
    email: string | null;
    phone: string | null;
    company_id: string | null;
    email_consent: string | null;
    whatsapp_consent: string | null;
    /** Where the contact came from (migrations/0890): manual, import, sales, businessConference, exhibitors, api. */
    source: Generated<string>;
    profile: unknown;
    fields: unknown;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
  contacts_companies: {
    id: string;
    client_id: string;
    name: string;
    website: string | null;
    phone: string | null;
    profile: unknown;
    fields: unknown;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
  contacts_audit: {
    id: string;
    client_id: string;
    entity: string;
    entity_id: string;
    entity_name: string;
    action: string;
    field: string | null;
    before: unknown;
    after: unknown;
    by_user: string | null;
    at: Date | string;
  };
}
