/** Read-model tables of the exhibitor module (SQL in migrations/09xx_exhibitor_*.sql). */
export interface ExhibitorTables {
  /** Sales orders that pay a stand (migrations/0910). */
  exhibitor_stand_orders: { order_id: string; event_id: string; reservation_id: string };
  exhibitor_companies: {
    id: string;
    event_id: string;
    ruc: string;
    name: string;
    sector: string;
    logo_url: string | null;
    quantity_exhibitors: number;
    quantity_speakers: number;
    used_exhibitors: number;
    used_speakers: number;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
  exhibitor_invitations: {
    id: string;
    company_id: string;
    event_id: string;
    kind: string;
    email_hash: string;
    email_cipher: string;
    status: string;
    user_id: string | null;
    invited_by: string | null;
    invited_at: Date | string;
    accepted_at: Date | string | null;
  };
}
