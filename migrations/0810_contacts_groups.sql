-- CRM groups and tasks (issue 22): read models of the contacts-group-<id> and contacts-task-<id> streams.
-- A group is a static list (members in contacts_group_members) or a saved filter (evaluated at read time over
-- contacts_contacts, so it has no member rows).
CREATE TABLE contacts_groups (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  filter jsonb,
  members integer NOT NULL DEFAULT 0,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX contacts_groups_client ON contacts_groups (client_id, created_at DESC);

CREATE TABLE contacts_group_members (
  group_id text NOT NULL,
  contact_id text NOT NULL,
  client_id text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (group_id, contact_id)
);
CREATE INDEX contacts_group_members_contact ON contacts_group_members (contact_id);

-- Follow-ups: one row per task (deleted ones leave the table).
CREATE TABLE contacts_tasks (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  title text NOT NULL,
  contact_id text,
  company_id text,
  owner_id text NOT NULL,
  due_at timestamptz NOT NULL,
  done boolean NOT NULL DEFAULT false,
  done_at timestamptz,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX contacts_tasks_client ON contacts_tasks (client_id, due_at);
CREATE INDEX contacts_tasks_contact ON contacts_tasks (contact_id) WHERE contact_id IS NOT NULL;
