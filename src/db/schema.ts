import type { Generated } from 'kysely';
import type { AccessTables } from '../projections/access/tables.js';
import type { AccountsTables } from '../projections/accounts/tables.js';
import type { EventsTables } from '../projections/events/tables.js';
import type { ChatTables } from '../projections/chat/tables.js';
import type { NotificationsTables } from '../projections/notifications/tables.js';
import type { PaymentsTables } from '../payments/tables.js';
import type { SalesTables } from '../projections/sales/tables.js';
import type { SalesDocumentsTables } from '../projections/sales/documents-tables.js';
import type { SalesCodesTables } from '../projections/sales/codes-tables.js';
import type { SalesSettingsTables } from '../projections/sales/settings-tables.js';
import type { CheckinTables } from '../projections/sales/checkin-tables.js';
import type { SalesTillTables } from '../projections/sales/till-tables.js';
import type { SalesAdminTables } from '../projections/sales/admin-tables.js';
import type { BcInsightsTables } from '../projections/businessConference/insights-tables.js';
import type { BcParticipantsTables } from '../projections/businessConference/participants-tables.js';
import type { BcRoundsTables } from '../projections/businessConference/rounds-tables.js';
import type { BcAgendaTables } from '../projections/businessConference/agenda-tables.js';
import type { BcDeskTables } from '../projections/businessConference/desk-tables.js';
import type { BcMeetingsTables } from '../projections/businessConference/meetings-tables.js';
import type { BcHomeTables } from '../projections/businessConference/home-tables.js';
import type { ContactsTables } from '../projections/contacts/tables.js';
import type { ContactsCampaignTables } from '../projections/contacts/campaign-tables.js';
import type { ContactsGroupTables } from '../projections/contacts/group-tables.js';
import type { ContactsImportTables } from '../projections/contacts/import-tables.js';
import type { ContactsCampaignLinkTables } from '../projections/contacts/campaign-link-tables.js';
import type { ContactsIntegrationTables } from '../projections/contacts/integration-tables.js';
import type { ExhibitorTables } from '../projections/exhibitor/tables.js';
import type { VirtualFairTables } from '../projections/virtualFair/tables.js';

/** Tables owned by the platform's infrastructure (migrations/0002_core.sql). */
export interface CoreTables {
  projection_checkpoints: {
    name: string;
    position: string | null;
    status: string;
    error: string | null;
    updated_at: Generated<Date>;
  };
  job_sent_log: { job_key: string; job_name: string; sent_at: Generated<Date>; result: unknown | null };
  http_idempotency: {
    key: string;
    user_id: string;
    method: string;
    path: string;
    request_hash: string | null;
    status: number | null;
    body: unknown | null;
    created_at: Generated<Date>;
  };
  pii_keys: { subject_id: string; key: Buffer; created_at: Generated<Date> };
  secrets: { ref: string; data_key: Buffer; cipher: Buffer; created_at: Generated<Date>; updated_at: Generated<Date> };
}

/** The read-model database: every module adds its tables in src/projections/<module>/tables.ts. */
export interface DB extends CoreTables, AccountsTables, EventsTables, ChatTables, NotificationsTables, AccessTables, SalesTables, SalesDocumentsTables, SalesCodesTables, PaymentsTables, SalesAdminTables, SalesTillTables, CheckinTables, SalesSettingsTables, BcAgendaTables, BcDeskTables, BcRoundsTables, BcParticipantsTables, BcInsightsTables, BcMeetingsTables, BcHomeTables, ContactsTables, ContactsCampaignTables, ContactsGroupTables, ContactsCampaignLinkTables, ContactsIntegrationTables, ContactsImportTables, ExhibitorTables, VirtualFairTables {}
