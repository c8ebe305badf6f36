import type { Generated } from 'kysely';

/** Read-model and side tables of the accounts module (SQL in migrations/0100_accounts.sql). */
export interface AccountsTables {
  users: {
    id: string;
    display_name: string;
    email: string;
    email_normalized: string;
    administrator: Generated<boolean>;
    public_user_id: string;
    email_verified: Generated<boolean>;
    /** Suspended by a platform administrator (migrations/0101_accounts_admin.sql): no sign-in, no session. */
    suspended: Generated<boolean>;
    /** The uploaded picture's URL, null for the initials (migrations/0103_accounts_avatar.sql). */
    avatar_url: Generated<string | null>;
    /** Profile preference: chats with other attendees of the same events (migrations/0104_accounts_attendee_chat.sql). */
    allow_attendee_chat: Generated<boolean>;
    created_at: Date | string;
    updated_at: Date | string;
  };
  account_credentials: {
    user_id: string;
    email_hash: string;
    password_hash: string;
    updated_at: Generated<Date>;
  };
  account_sessions: {
    id: string;
    user_id: string;
    created_at: Generated<Date>;
    expires_at: Date | string;
  };
  account_tokens: {
    token_hash: string;
    user_id: string;
    purpose: 'verify' | 'reset' | 'delete' | 'email';
    expires_at: Date | string;
    used_at: Date | string | null;
    created_at: Generated<Date>;
  };
  /** Read model `accounts.admin-audit`: administrators' actions on accounts (id = event id). */
  account_admin_audit: {
    id: string;
    user_id: string;
    action: 'suspended' | 'reactivated' | 'administratorGranted' | 'administratorRevoked';
    by_user_id: string | null;
    at: Date | string;
  };
}
