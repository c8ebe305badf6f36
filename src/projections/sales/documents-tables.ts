/** Read-model tables of the store's documents area (SQL in migrations/0680_sales_confirmation_mail.sql). */
export interface SalesDocumentsTables {
  sales_confirmation_mails: {
    event_id: string;
    custom: boolean;
    subject: string | null;
    html: string | null;
    version: number;
    updated_at: Date | string;
    updated_by: string | null;
  };
}
