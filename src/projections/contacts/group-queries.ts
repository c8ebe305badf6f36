/**
 * Readers of the CRM's groups: the organizer's groups, one group, its members as a server-side grid (static
 * lists from their member rows, saved filters evaluated now over the contacts), and the two functions other areas
 * build on (the campaigns' audiences): `groupMemberIds` and `groupsOf`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FilterCondition, GroupDto, GroupFilter, GroupKind } from '../../contracts/contacts-groups.js';
import type { CustomField, RecordGridQuery } from '../../contracts/contacts.js';
import { isoReq } from '../../db/dates.js';
import { gridQuery } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';
import { contactColumns, contactDto, contactSearch, type ContactRow } from './queries.js';

const folded = (x: RawBuilder<unknown> | ReturnType<typeof sql>) => sql`lower(aforo_unaccent(${x}::text))`;

/** The SQL expression a filter field reads on `contacts_contacts c`, and how its values compare. */
function fieldExpr(field: string, fields: CustomField[]): { expr: RawBuilder<unknown>; type: 'text' | 'number' | 'date' | 'multi' } | null {
  switch (field) {
    case 'name':
      return { expr: sql`c.name`, type: 'text' };
    case 'email':
      return { expr: sql`c.email`, type: 'text' };
    case 'phone':
      return { expr: sql`c.phone`, type: 'text' };
    case 'companyId':
      return { expr: sql`c.company_id`, type: 'text' };
    case 'consent.email':
      return { expr: sql`c.email_consent`, type: 'text' };
    case 'consent.whatsapp':
      return { expr: sql`c.whatsapp_consent`, type: 'text' };
    case 'source':
      // The record's own source once contacts carry one (imports, inflow), else the consent's.
      return { expr: sql`coalesce(c.profile->>'source', c.profile#>>'{consent,email,source}', c.profile#>>'{consent,whatsapp,source}')`, type: 'text' };
    case 'createdAt':
      return { expr: sql`c.created_at`, type: 'date' };
  }
  const def = field.startsWith('fields.') ? fields.find((f) => `fields.${f.key}` === field) : undefined;
  if (!def) return null;
  const raw = sql`c.fields->>${def.key}`;
  if (def.type === 'number') return { expr: sql`CASE WHEN ${raw} ~ '^-?[0-9]+([.][0-9]+)?$' THEN (${raw})::numeric END`, type: 'number' };
  if (def.type === 'multiChoice') return { expr: sql`c.fields->${def.key}`, type: 'multi' };
  return { expr: raw, type: def.type === 'date' ? 'date' : 'text' };
}

function conditionSql(c: FilterCondition, fields: CustomField[]): RawBuilder<unknown> {
  const f = fieldExpr(c.field, fields);
  if (!f) return sql`false`; // a custom field removed since the filter was saved matches nobody
  const { expr } = f;
  const v = c.value ?? '';
  const text = String(v);
  if (c.operator === 'isEmpty') return f.type === 'multi' ? sql`coalesce(jsonb_array_length(${expr}), 0) = 0` : sql`coalesce(${expr}::text, '') = ''`;
  if (c.operator === 'isNotEmpty') return f.type === 'multi' ? sql`coalesce(jsonb_array_length(${expr}), 0) > 0` : sql`coalesce(${expr}::text, '') <> ''`;
  if (f.type === 'multi') {
    const has = sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(${expr}, '[]'::jsonb)) AS x(v) WHERE ${folded(sql`x.v`)} = ${folded(sql`${text}`)})`;
    return c.operator === 'notEquals' ? sql`NOT ${has}` : has;
  }
  if (f.type === 'number') {
    const n = Number(v);
    if (!Number.isFinite(n)) return sql`false`;
    const ops = { equals: '=', notEquals: '<>', gt: '>', lt: '<', contains: '=' } as const;
    const cmp = sql`${expr} ${sql.raw(ops[c.operator])} ${n}::numeric`;
    return c.operator === 'notEquals' ? sql`(${expr} IS NULL OR ${cmp})` : cmp;
  }
  if (f.type === 'date') {
    const at = c.field === 'createdAt' ? sql`${expr}` : sql`${expr}::date`;
    const value = c.field === 'createdAt' ? sql`${text}::timestamptz` : sql`${text}::date`;
    if (c.operator === 'gt') return sql`${at} > ${value}`;
    if (c.operator === 'lt') return sql`${at} < ${value}`;
    if (c.operator === 'equals') return sql`${at}::date = ${value}::date`;
    if (c.operator === 'notEquals') return sql`(${expr} IS NULL OR ${at}::date <> ${value}::date)`;
    return sql`strpos(${expr}::text, ${text}) > 0`;
  }
  switch (c.operator) {
    case 'equals':
      return sql`${folded(expr)} = ${folded(sql`${text}`)}`;
    case 'notEquals':
      return sql`(${expr} IS NULL OR ${folded(expr)} <> ${folded(sql`${text}`)})`;
    case 'contains':
      return sql`strpos(${folded(expr)}, ${folded(sql`${text}`)}) > 0`;
    case 'gt':
      return sql`${folded(expr)} > ${folded(sql`${text}`)}`;
    case 'lt':
      return sql`${folded(expr)} < ${folded(sql`${text}`)}`;
  }
  return sql`false`;
}

/** A saved filter as one boolean SQL expression over `contacts_contacts c`. */
export function filterSql(filter: GroupFilter, fields: CustomField[]): RawBuilder<unknown> {
  const parts = filter.conditions.map((c) => sql`(${conditionSql(c, fields)})`);
  return sql`(${sql.join(parts, sql.raw(filter.match === 'any' ? ' OR ' : ' AND '))})`;
}

type GroupRow = { id: string; client_id: string; name: string; kind: string; filter: GroupFilter | null; members: number; version: number; created_at: Date | string; updated_at: Date | string };
const groupDto = (r: GroupRow, members: number): GroupDto => ({
  _id: r.id,
  name: r.name,
  kind: r.kind as GroupKind,
  filter: r.filter,
  members,
  version: r.version,
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
});

/** The contacts of a group as a FROM clause with the contacts grid's shape (alias `c`). */
function membersFrom(clientId: string, group: GroupRow, fields: CustomField[]) {
  const where =
    group.kind === 'filter' && group.filter
      ? filterSql(group.filter, fields)
      : sql`EXISTS (SELECT 1 FROM contacts_group_members gm WHERE gm.group_id = ${group.id} AND gm.contact_id = c.id)`;
  return sql`(SELECT c.*, co.name AS company_name FROM contacts_contacts c LEFT JOIN contacts_companies co ON co.id = c.company_id
    WHERE c.client_id = ${clientId} AND ${where}) AS c`;
}

async function groupRow(db: Kysely<DB>, clientId: string, groupId: string): Promise<GroupRow | null> {
  const r = await db.selectFrom('contacts_groups').selectAll().where('id', '=', groupId).where('client_id', '=', clientId).executeTakeFirst();
  return (r as GroupRow | undefined) ?? null;
}

async function filterCount(db: Kysely<DB>, clientId: string, filter: GroupFilter, fields: CustomField[]) {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM contacts_contacts c WHERE c.client_id = ${clientId} AND ${filterSql(filter, fields)}`.execute(db);
  return Number(r.rows[0].n);
}

/** Members now: a filter's matches, or a static list's members that are still contacts (deleted or erased ones drop out). */
async function memberCount(db: Kysely<DB>, clientId: string, g: GroupRow, fields: CustomField[]) {
  if (g.kind === 'filter' && g.filter) return filterCount(db, clientId, g.filter, fields);
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM contacts_group_members gm JOIN contacts_contacts c ON c.id = gm.contact_id
    WHERE gm.group_id = ${g.id} AND c.client_id = ${clientId}`.execute(db);
  return Number(r.rows[0].n);
}

/** The organizer's groups, newest first, with their member counts (filters counted now). */
export async function groupsOf(db: Kysely<DB>, clientId: string, fields: CustomField[] = []): Promise<GroupDto[]> {
  const rows = (await db.selectFrom('contacts_groups').selectAll().where('client_id', '=', clientId).orderBy('created_at', 'desc').limit(1000).execute()) as GroupRow[];
  return Promise.all(rows.map(async (r) => groupDto(r, await memberCount(db, clientId, r, fields))));
}

export async function findGroup(db: Kysely<DB>, clientId: string, groupId: string, fields: CustomField[] = []): Promise<GroupDto | null> {
  const r = await groupRow(db, clientId, groupId);
  if (!r) return null;
  return groupDto(r, await memberCount(db, clientId, r, fields));
}

/**
 * The ids of a group's contacts now: a static list's members that still exist, or the contacts its filter
 * matches. Empty for an unknown group or another organizer's. `fields` are the organizer's custom contact fields
 * (a filter on a custom field needs its type).
 */
export async function groupMemberIds(db: Kysely<DB>, clientId: string, groupId: string, fields: CustomField[] = []): Promise<string[]> {
  const g = await groupRow(db, clientId, groupId);
  if (!g) return [];
  const r = await sql<{ id: string }>`SELECT c.id FROM ${membersFrom(clientId, g, fields)} ORDER BY c.id`.execute(db);
  return r.rows.map((x) => x.id);
}

/** The members grid: the contacts grid's columns, paging, sorting, filter and search over the group's contacts. */
export async function groupMembersGrid(db: Kysely<DB>, clientId: string, groupId: string, fields: CustomField[], q: RecordGridQuery) {
  const g = await groupRow(db, clientId, groupId);
  if (!g) return null;
  const res = await gridQuery<ContactRow>(db, membersFrom(clientId, g, fields), contactColumns(fields), sql`c.*`, q, 'createdAt', contactSearch(q));
  return { rows: res.rows.map(contactDto), rowCount: res.rowCount };
}

/** Which of these ids are contacts of the organizer (a static group only takes those). */
export async function existingContactIds(db: Kysely<DB>, clientId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('contacts_contacts').select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Names of contacts by id (deleted ones are absent). */
export async function contactNames(db: Kysely<DB>, clientId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('contacts_contacts').select(['id', 'name']).where('client_id', '=', clientId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
