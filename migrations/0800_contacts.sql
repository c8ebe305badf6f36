-- Contacts module (CRM, issue 22): read models of an organizer's contacts and companies and the audit of their
-- changes. The records are the contacts-contact-<id> and contacts-company-<id> streams; custom field definitions
-- are the contacts-fields-<clientId> stream (folded when needed, no table).
CREATE TABLE contacts_contacts (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  name text NOT NULL,
  email text,
  phone text,
  company_id text,
  email_consent text,
  whatsapp_consent text,
  profile jsonb NOT NULL,
  fields jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX contacts_contacts_client ON contacts_contacts (client_id, created_at DESC);
CREATE INDEX contacts_contacts_company ON contacts_contacts (company_id) WHERE company_id IS NOT NULL;

CREATE TABLE contacts_companies (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  name text NOT NULL,
  website text,
  phone text,
  profile jsonb NOT NULL,
  fields jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX contacts_companies_client ON contacts_companies (client_id, created_at DESC);

-- One row per changed field of a contact or company (created: every field set; deleted: one row).
CREATE TABLE contacts_audit (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  entity_name text NOT NULL,
  action text NOT NULL,
  field text,
  before jsonb,
  after jsonb,
  by_user text,
  at timestamptz NOT NULL
);
CREATE INDEX contacts_audit_client ON contacts_audit (client_id, at DESC);
CREATE INDEX contacts_audit_entity ON contacts_audit (entity_id, at);
