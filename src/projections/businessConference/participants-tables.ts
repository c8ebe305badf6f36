/** Read-model tables of the business conference's participants area (SQL in migrations/0710_bc_participants.sql). */
export interface BcParticipantsTables {
  bc_participants: {
    id: string;
    round_id: string;
    event_id: string;
    user_id: string;
    type: string;
    status: string;
    company_name: string;
    company_ruc: string;
    company_sector: string;
    company_logo_url: string | null;
    company_description: string;
    contact_name: string;
    email: string;
    phone: string | null;
    fields: Record<string, unknown> | string;
    search: string;
    created_at: Date | string;
    updated_at: Date | string;
  };
  bc_products: {
    id: string;
    participant_id: string;
    round_id: string;
    name: string;
    description: string;
    sector: string;
    image_url: string | null;
    search: string;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
