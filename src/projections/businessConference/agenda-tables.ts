/** Read-model tables of the business conference's agenda (SQL in migrations/0730_bc_agenda.sql). */
export interface BcAgendaTables {
  bc_placements: {
    meeting_id: string;
    round_id: string;
    slot_id: string | null;
    table_no: number | null;
    room: string | null;
    phase: string;
    sequence: number;
    pinned: boolean;
    offer_participant_id: string;
    demand_participant_id: string;
    updated_at: Date | string;
  };
  bc_agendas: {
    round_id: string;
    version: number;
    phase: string;
    published_at: Date | string | null;
    /** jsonb ScheduleSummaryDto. */
    last_run: unknown | null;
    updated_at: Date | string;
  };
  bc_unavailability: {
    participant_id: string;
    round_id: string;
    /** jsonb array of slot ids. */
    slot_ids: string[] | string;
    updated_at: Date | string;
  };
}
