/** Tables of the contacts integration (SQL in migrations/0891_contacts_integration.sql). */
export interface ContactsIntegrationTables {
  contacts_api_keys: { id: string; client_id: string; name: string; prefix: string; hash: string; created_at: Date | string; revoked_at: Date | string | null };
  contacts_api_key_uses: { key_id: string; last_used_at: Date | string };
  contacts_webhooks: { id: string; client_id: string; url: string; events: unknown; secret_ref: string; created_at: Date | string; removed_at: Date | string | null };
  contacts_webhook_deliveries: {
    id: import('kysely').Generated<string>;
    webhook_id: string;
    delivery_key: string;
    client_id: string;
    event: string;
    contact_id: string;
    attempt: number;
    status_code: number | null;
    error: string | null;
    at: import('kysely').Generated<Date | string>;
  };
}
