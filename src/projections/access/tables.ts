import type { Generated } from 'kysely';

/** Read-model tables of the access module (kysely types; SQL in migrations/0500_access.sql). */
export interface AccessTables {
  access_events: {
    event_id: string;
    /** The organizer (owner): holds administrator in every module of the event. */
    client_id: string;
    event_code: string;
    event_name: string;
    published: boolean;
    /** A published event that was cancelled (published is then false). */
    cancelled: Generated<boolean>;
    created_at: Date | string;
  };
  access_memberships: {
    user_id: string;
    client_id: string;
    /** Null: a role at the organizer's level (client-level modules), not tied to one event. */
    event_id: string | null;
    module: string;
    role: string;
    /** Business-conference round the role is limited to (participants), or null. */
    round_id: string | null;
    /** Exhibitor company the role is limited to, or null. */
    exhibitor_company_id: string | null;
    granted_by: string | null;
    granted_at: Date | string;
  };
  /** E-mail invitations; closed_at set once used, replaced or cancelled (the row stays: its link names the event). */
  access_invitations: {
    invitation_id: string;
    event_id: string;
    email_hash: string;
    module: string;
    role: string;
    invited_at: Date | string;
    closed_at: Date | string | null;
  };
}
