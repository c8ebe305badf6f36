/** Read-model tables of the business conference's meetings area (SQL in migrations/0720_bc_meetings.sql). */
export interface BcMeetingsTables {
  bc_meetings: {
    id: string;
    round_id: string;
    event_id: string;
    requester_id: string;
    counterpart_id: string;
    requester_user_id: string;
    counterpart_user_id: string;
    offer_participant_id: string;
    demand_participant_id: string;
    status: string;
    preferred_slot_id: string | null;
    message: string | null;
    expires_at: Date | string | null;
    created_at: Date | string;
    responded_at: Date | string | null;
    sequence: number;
    last_slot_id: string | null;
    last_table: number | null;
    last_room: string | null;
    updated_at: Date | string;
  };
  bc_meeting_feeds: {
    participant_id: string;
    round_id: string;
    user_id: string;
    token: string;
    created_at: Date | string;
  };
}
