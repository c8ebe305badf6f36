/** Reads of the CRM's imports (the only reader of contacts_imports and contacts_import_files). */
import type { Kysely } from 'kysely';
import type { ImportDto } from '../../contracts/contacts-import.js';
import type { RowError } from '../../domain/contacts/import.js';
import type { DB } from '../../db/schema.js';

type Row = DB['contacts_imports'];
const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export function importDto(r: Row): ImportDto {
  return {
    id: r.id,
    fileName: r.file_name,
    columns: parse<string[]>(r.columns),
    rowCount: r.row_count,
    status: r.status as ImportDto['status'],
    mapping: parse<ImportDto['mapping']>(r.mapping),
    processed: r.processed,
    created: r.created,
    updated: r.updated,
    failed: r.failed,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function findImport(db: Kysely<DB>, clientId: string, importId: string): Promise<ImportDto | null> {
  const r = await db.selectFrom('contacts_imports').selectAll().where('id', '=', importId).where('client_id', '=', clientId).executeTakeFirst();
  return r ? importDto(r as Row) : null;
}

export async function importErrors(db: Kysely<DB>, clientId: string, importId: string): Promise<RowError[] | null> {
  const r = await db.selectFrom('contacts_imports').select('errors').where('id', '=', importId).where('client_id', '=', clientId).executeTakeFirst();
  return r ? parse<RowError[]>(r.errors) : null;
}

export async function importFileContent(db: Kysely<DB>, importId: string): Promise<Buffer | null> {
  const r = await db.selectFrom('contacts_import_files').select('content').where('id', '=', importId).executeTakeFirst();
  return r?.content ?? null;
}
