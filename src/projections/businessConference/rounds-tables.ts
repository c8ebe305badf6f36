/** Read-model tables of the business conference's rounds (SQL in migrations/0700_bc_rounds.sql). */
export interface BcRoundsTables {
  bc_rounds: {
    id: string;
    event_id: string;
    code: string;
    name: string;
    start_date: string;
    end_date: string;
    time_zone: string;
    meeting_minutes: number;
    /** RoundDay[] as jsonb. */
    days: unknown;
    venue: string;
    tables: number;
    request_deadline: Date | string | null;
    request_mode: string;
    scheduling_mode: string;
    max_requests_per_participant: number | null;
    product_deadline: Date | string | null;
    /** FieldDef[] as jsonb. */
    offer_fields: unknown;
    demand_fields: unknown;
    /** string[] as jsonb. */
    catalogue_filter: unknown;
    /** Slot[] as jsonb. */
    slots: unknown;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
