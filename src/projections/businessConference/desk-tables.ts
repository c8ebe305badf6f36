/** Read-model tables of the business conference's desk (SQL in migrations/0740_bc_desk.sql). */
export interface BcDeskTables {
  bc_help_requests: {
    id: string;
    round_id: string;
    event_id: string;
    meeting_id: string;
    side: string;
    participant_id: string;
    user_id: string;
    company_name: string;
    contact_name: string;
    status: string;
    created_at: Date | string;
    taken_at: Date | string | null;
    taken_by: string | null;
    taken_by_name: string | null;
    chat_room_id: string | null;
    resolved_at: Date | string | null;
    resolved_by: string | null;
    wait_seconds: number | null;
    handling_seconds: number | null;
    position: string;
  };
  bc_attendance: {
    participant_id: string;
    day: string;
    round_id: string;
    event_id: string;
    checked_in_at: Date | string;
    by_user: string | null;
  };
  bc_meeting_outcomes: {
    meeting_id: string;
    round_id: string;
    event_id: string;
    offer_participant_id: string;
    demand_participant_id: string;
    offer_says: boolean | null;
    offer_at: Date | string | null;
    demand_says: boolean | null;
    demand_at: Date | string | null;
    updated_at: Date | string;
  };
}
