/** Read-model tables of the CRM's groups and tasks (SQL in migrations/0810_contacts_groups.sql). */
export interface ContactsGroupTables {
  contacts_groups: {
    id: string;
    client_id: string;
    name: string;
    kind: string;
    filter: unknown;
    members: number;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
  contacts_group_members: {
    group_id: string;
    contact_id: string;
    client_id: string;
    added_at: Date | string;
  };
  contacts_tasks: {
    id: string;
    client_id: string;
    title: string;
    contact_id: string | null;
    company_id: string | null;
    owner_id: string;
    due_at: Date | string;
    done: boolean;
    done_at: Date | string | null;
    version: number;
    created_at: Date | string;
    updated_at: Date | string;
  };
}
