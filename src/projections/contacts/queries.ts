/** Readers of the contacts module's tables (contacts, companies, audit): the grids, one record, export rows. */
import { sql, type Kysely } from 'kysely';
import type { AuditRowDto, CompanyDto, ContactDto, CustomField, FieldValue, RecordGridQuery } from '../../contracts/contacts.js';
import { isoReq } from '../../db/dates.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';
import type { ContactProfile } from '../../domain/contacts/contact.js';

const EXPORT_LIMIT = 50_000;

/** The custom values as one text for the quick search (values only: a field's key must not match every row). */
const valuesText = (alias: string) => sql`(SELECT string_agg(v.value, ' ') FROM jsonb_each_text(${sql.ref(`${alias}.fields`)}) AS v)`;

/** Grid columns of the custom fields, named `fields.<key>`. */
function fieldColumns(alias: string, fields: CustomField[]): Record<string, GridColumn> {
  return Object.fromEntries(
    fields.map((f) => [
      `fields.${f.key}`,
      f.type === 'number'
        ? // A value kept from when the field had another type is no number: it sorts last instead of failing the cast.
          { expr: sql`CASE WHEN ${sql.ref(`${alias}.fields`)}->>${f.key} ~ '^-?[0-9]+([.][0-9]+)?$' THEN (${sql.ref(`${alias}.fields`)}->>${f.key})::numeric END`, type: 'number' as const }
        : { expr: sql`${sql.ref(`${alias}.fields`)}->>${f.key}`, type: 'text' as const },
    ]),
  );
}

export type ContactRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company_id: string | null;
  company_name: string | null;
  profile: ContactProfile;
  source: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
};
export const contactDto = (r: ContactRow): ContactDto => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  companyId: r.company_id,
  companyName: r.company_name,
  consent: r.profile.consent,
  fields: r.profile.fields,
  source: r.source as ContactDto['source'],
  version: r.version,
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});

const contactsFrom = (clientId: string) =>
  sql`(SELECT c.*, co.name AS company_name FROM contacts_contacts c LEFT JOIN contacts_companies co ON co.id = c.company_id WHERE c.client_id = ${clientId}) AS c`;

export function contactColumns(fields: CustomField[]): Record<string, GridColumn> {
  return {
    name: { expr: sql`c.name`, type: 'text' },
    email: { expr: sql`c.email`, type: 'text' },
    phone: { expr: sql`c.phone`, type: 'text' },
    companyName: { expr: sql`c.company_name`, type: 'text' },
    emailConsent: { expr: sql`c.email_consent`, type: 'text' },
    whatsappConsent: { expr: sql`c.whatsapp_consent`, type: 'text' },
    source: { expr: sql`c.source`, type: 'text' },
    createdAt: { expr: sql`c.created_at`, type: 'date' },
    updatedAt: { expr: sql`c.updated_at`, type: 'date' },
    ...fieldColumns('c', fields),
  };
}
export const contactSearch = (q: RecordGridQuery) => ({ value: q.search, columns: [sql`c.name`, sql`c.email`, sql`c.phone`, sql`c.company_name`, valuesText('c')] });

/** The organizer's contacts: server-side paging, sorting, one filter (custom fields too) and an accent-blind search. */
export async function contactsGrid(db: Kysely<DB>, clientId: string, fields: CustomField[], q: RecordGridQuery) {
  const res = await gridQuery<ContactRow>(db, contactsFrom(clientId), contactColumns(fields), sql`c.*`, q, 'createdAt', contactSearch(q));
  return { rows: res.rows.map(contactDto), rowCount: res.rowCount };
}

/** Every contact of the grid's current view (same search, filter and sort), for the CSV export. */
export async function contactsForExport(db: Kysely<DB>, clientId: string, fields: CustomField[], q: RecordGridQuery) {
  return (await contactsGrid(db, clientId, fields, { ...q, page: 0, pageSize: EXPORT_LIMIT })).rows;
}

export async function findContact(db: Kysely<DB>, clientId: string, id: string): Promise<ContactDto | null> {
  const r = await sql<ContactRow>`SELECT c.* FROM ${contactsFrom(clientId)} WHERE c.id = ${id}`.execute(db);
  return r.rows[0] ? contactDto(r.rows[0]) : null;
}

type CompanyRow = {
  id: string;
  name: string;
  website: string | null;
  phone: string | null;
  fields: Record<string, FieldValue>;
  contacts: number | string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
};
const companyDto = (r: CompanyRow): CompanyDto => ({
  _id: r.id,
  name: r.name,
  website: r.website,
  phone: r.phone,
  fields: r.fields,
  contacts: Number(r.contacts),
  version: r.version,
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});
const companiesFrom = (clientId: string) =>
  sql`(SELECT co.*, (SELECT count(*) FROM contacts_contacts c WHERE c.company_id = co.id) AS contacts FROM contacts_companies co WHERE co.client_id = ${clientId}) AS co`;

export async function companiesGrid(db: Kysely<DB>, clientId: string, fields: CustomField[], q: RecordGridQuery) {
  const columns: Record<string, GridColumn> = {
    name: { expr: sql`co.name`, type: 'text' },
    website: { expr: sql`co.website`, type: 'text' },
    phone: { expr: sql`co.phone`, type: 'text' },
    contacts: { expr: sql`co.contacts`, type: 'number' },
    createdAt: { expr: sql`co.created_at`, type: 'date' },
    updatedAt: { expr: sql`co.updated_at`, type: 'date' },
    ...fieldColumns('co', fields),
  };
  const search = { value: q.search, columns: [sql`co.name`, sql`co.website`, sql`co.phone`, valuesText('co')] };
  const res = await gridQuery<CompanyRow>(db, companiesFrom(clientId), columns, sql`co.*`, q, 'createdAt', search);
  return { rows: res.rows.map(companyDto), rowCount: res.rowCount };
}

export async function companiesForExport(db: Kysely<DB>, clientId: string, fields: CustomField[], q: RecordGridQuery) {
  return (await companiesGrid(db, clientId, fields, { ...q, page: 0, pageSize: EXPORT_LIMIT })).rows;
}

export async function findCompany(db: Kysely<DB>, clientId: string, id: string): Promise<CompanyDto | null> {
  const r = await sql<CompanyRow>`SELECT co.* FROM ${companiesFrom(clientId)} WHERE co.id = ${id}`.execute(db);
  return r.rows[0] ? companyDto(r.rows[0]) : null;
}

/** Contacts that name the company (a company with contacts is not deleted). */
export async function contactsOfCompany(db: Kysely<DB>, companyId: string): Promise<number> {
  const r = await db.selectFrom('contacts_contacts').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return Number(r.n);
}

type AuditRow = {
  id: string;
  entity: string;
  entity_id: string;
  entity_name: string;
  action: string;
  field: string | null;
  before: unknown;
  after: unknown;
  by_user: string | null;
  at: Date | string;
};

/** Every change of the organizer's contacts and companies, newest first unless sorted otherwise. */
export async function auditGrid(db: Kysely<DB>, clientId: string, q: RecordGridQuery & { entityId?: string }) {
  const from = q.entityId
    ? sql`(SELECT * FROM contacts_audit WHERE client_id = ${clientId} AND entity_id = ${q.entityId}) AS a`
    : sql`(SELECT * FROM contacts_audit WHERE client_id = ${clientId}) AS a`;
  const columns: Record<string, GridColumn> = {
    at: { expr: sql`a.at`, type: 'date' },
    entity: { expr: sql`a.entity`, type: 'text' },
    entityName: { expr: sql`a.entity_name`, type: 'text' },
    action: { expr: sql`a.action`, type: 'text' },
    field: { expr: sql`a.field`, type: 'text' },
  };
  const search = { value: q.search, columns: [sql`a.entity_name`, sql`a.field`, sql`a.before`, sql`a.after`] };
  const sorted = { ...q, sortField: q.sortField ?? 'at', sortOrder: q.sortOrder ?? ('desc' as const) };
  const res = await gridQuery<AuditRow>(db, from, columns, sql`a.*`, sorted, 'at', search);
  return {
    rows: res.rows.map(
      (r): AuditRowDto => ({
        _id: r.id,
        entity: r.entity as AuditRowDto['entity'],
        entityId: r.entity_id,
        entityName: r.entity_name,
        action: r.action as AuditRowDto['action'],
        field: r.field,
        before: r.before,
        after: r.after,
        by: r.by_user,
        byName: null,
        at: isoReq(r.at),
      }),
    ),
    rowCount: res.rowCount,
  };
}
