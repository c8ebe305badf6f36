import type { Generated } from 'kysely';

/** Read-model tables of the events module (kysely types; SQL in migrations/0200_events.sql). */
export interface EventsTables {
  /** View published for other modules' grids (migrations/0204_events_by_owner.sql): each organizer's event figures. */
  events_by_owner: { owner_id: string; events: number; published_events: number; last_event_at: Date | string | null };
  events: {
    id: string;
    owner_id: string;
    event_code: string;
    event_name: string;
    description: string | null;
    venue: string | null;
    online_url: string | null;
    start_date: Date | string;
    end_date: Date | string;
    time_zone: string;
    currency: string;
    capacity: number | null;
    cover_url: string | null;
    published: Generated<boolean>;
    published_at: Date | string | null;
    /** Set when a published event was cancelled (published is then false: it left the public lists). */
    cancelled_at: Generated<Date | string | null>;
    created_at: Date | string;
    updated_at: Date | string;
    version: number;
    /** Generated tsvector (Spanish, unaccented); never written. */
    search: Generated<string>;
  };
  event_ticket_types: {
    id: string;
    event_id: string;
    name: string;
    /** numeric(12,2): pg answers strings. */
    price: string | number;
    quantity: number;
    sale_start: Date | string | null;
    sale_end: Date | string | null;
    min_per_order: number;
    max_per_order: number;
    visibility: string;
    created_at: Date | string;
    updated_at: Date | string;
  };
  event_payment_methods: {
    id: string;
    event_id: string;
    kind: string;
    config: unknown;
    has_secret_key: Generated<boolean>;
    created_at: Date | string;
    updated_at: Date | string;
  };
  /** Team of each event (owner rows have owner = true, role administrator, one per module). */
  event_members: {
    event_id: string;
    user_id: string;
    module: string;
    role: string;
    owner: Generated<boolean>;
    granted_at: Date | string;
  };
  event_invitations: {
    id: string;
    event_id: string;
    email_hash: string;
    email_masked: string;
    module: string;
    role: string;
    invited_by: string;
    invited_at: Date | string;
    email_cipher: string | null;
    /** Set when an organizer cancelled the invitation (migrations/0202); the row stays so its link is refused as cancelled. */
    cancelled_at: Date | string | null;
    cancelled_by: string | null;
  };
}
