/** Read-model tables of the door (SQL in migrations/0630_sales_checkins.sql; projection ./checkins.ts). */
export interface CheckinTables {
  sales_checkins: {
    ticket_id: string;
    event_id: string;
    inside: boolean;
    room_id: string | null;
    last_door: string;
    first_in_at: Date | string;
    last_in_at: Date | string;
    last_out_at: Date | string | null;
    entries: number;
    exits: number;
    updated_at: Date | string;
  };
  sales_checkin_scans: {
    id: string;
    ticket_id: string;
    event_id: string;
    direction: string;
    door: string;
    room_id: string | null;
    scan_id: string;
    at: Date | string;
    by_user: string | null;
  };
  sales_rooms: {
    id: string;
    event_id: string;
    name: string;
    capacity: number | null;
    /** jsonb array of ticket type ids (empty: every type). */
    ticket_type_ids: string[] | string;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
