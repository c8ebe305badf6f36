/**
 * Server-side paging, sorting and filtering for MUI X Data Grid (server mode), shared by every module's grids:
 * a module passes its own FROM (its tables, or another module's published views) and column map.
 */
import { sql, type Kysely } from 'kysely';
import type { GridQuery } from '../contracts/events.js';
import type { DB } from './schema.js';

export type GridColumn = { expr: ReturnType<typeof sql>; type: 'text' | 'number' | 'boolean' | 'date' };

/**
 * Text filters compare case- and accent-insensitively, like the public search ("perez" finds "Pérez"): both
 * sides folded with lower(aforo_unaccent(..)), the expression form the unaccent indexes (events_name_unaccent) use.
 */
const folded = (x: unknown) => sql<string>`lower(aforo_unaccent(${x}))`;
/**
 * The folded filter value as a literal LIKE fragment, escaped after folding in SQL: unaccent maps some
 * characters to LIKE's own (full-width '％' and '＿' become '%' and '_'), so escaping before would not hold.
 */
const likeLiteral = (value: string) =>
  sql<string>`replace(replace(replace(${folded(sql`${value}::text`)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

function gridWhere(col: GridColumn, operator: string | undefined, raw: string | undefined) {
  const value = raw ?? '';
  const e = col.expr;
  switch (operator) {
    case undefined:
      return null;
    case 'isEmpty':
      return col.type === 'text' ? sql<boolean>`coalesce(${e}::text, '') = ''` : sql<boolean>`${e} IS NULL`;
    case 'isNotEmpty':
      return col.type === 'text' ? sql<boolean>`coalesce(${e}::text, '') <> ''` : sql<boolean>`${e} IS NOT NULL`;
  }
  if (raw === undefined || raw === '') return null; // the grid sends operators without a value while typing
  if (col.type === 'text') {
    const f = folded(e);
    switch (operator) {
      case 'contains':
        return sql<boolean>`${f} LIKE ('%' || ${likeLiteral(value)} || '%')`;
      case 'doesNotContain':
        return sql<boolean>`${f} NOT LIKE ('%' || ${likeLiteral(value)} || '%')`;
      case 'startsWith':
        return sql<boolean>`${f} LIKE (${likeLiteral(value)} || '%')`;
      case 'endsWith':
        return sql<boolean>`${f} LIKE ('%' || ${likeLiteral(value)})`;
      case 'equals':
      case 'is':
        return sql<boolean>`${f} = ${folded(sql`${value}::text`)}`;
      case 'doesNotEqual':
      case 'not':
        return sql<boolean>`${f} <> ${folded(sql`${value}::text`)}`;
    }
    return null;
  }
  if (col.type === 'boolean') {
    if (!['true', 'false'].includes(value)) return null;
    const b = value === 'true';
    return operator === 'not' || operator === '!=' ? sql<boolean>`${e} <> ${b}` : sql<boolean>`${e} = ${b}`;
  }
  const v = col.type === 'number' ? Number(value) : new Date(value);
  // Years PostgreSQL's timestamptz cannot hold (or 0) are no filter, not a database error.
  const badDate = (d: Date) => Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999;
  if (col.type === 'number' ? !Number.isFinite(v as number) : badDate(v as Date)) return null;
  const ops: Record<string, string> = {
    '=': '=',
    is: '=',
    equals: '=',
    '!=': '<>',
    not: '<>',
    doesNotEqual: '<>',
    '>': '>',
    after: '>',
    '>=': '>=',
    onOrAfter: '>=',
    '<': '<',
    before: '<',
    '<=': '<=',
    onOrBefore: '<=',
  };
  const op = ops[operator];
  if (!op) return null;
  // A decimal compared with an integer column: bound as numeric, or PostgreSQL refuses '1.5' as an integer.
  return col.type === 'number' ? sql<boolean>`${e} ${sql.raw(op)} ${v}::numeric` : sql<boolean>`${e} ${sql.raw(op)} ${v}`;
}

/**
 * The grid's quick search: every word must appear in one of the columns, compared as the text filters do
 * (case- and accent-insensitive, "jose perez" finds "José Pérez" and "perez@correo.pe").
 */
function quickSearch(value: string | undefined, columns: ReturnType<typeof sql>[]) {
  const words = (value ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length || !columns.length) return null;
  const haystack = folded(sql.join(columns.map((c) => sql`coalesce(${c}::text, '')`), sql` || ' ' || `));
  return sql.join(
    words.map((w) => sql<boolean>`${haystack} LIKE ('%' || ${likeLiteral(w)} || '%')`),
    sql` AND `,
  );
}

export async function gridQuery<Row>(
  db: Kysely<DB>,
  from: ReturnType<typeof sql>,
  columns: Record<string, GridColumn>,
  select: ReturnType<typeof sql>,
  q: GridQuery,
  defaultSort: string,
  search?: { value: string | undefined; columns: ReturnType<typeof sql>[] },
): Promise<{ rows: Row[]; rowCount: number }> {
  const filterCol = q.filterField ? columns[q.filterField] : undefined;
  const conditions = [filterCol ? gridWhere(filterCol, q.filterOperator, q.filterValue) : null, search ? quickSearch(search.value, search.columns) : null].filter(
    (c) => c !== null,
  );
  const whereSql = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const sortCol = columns[q.sortField ?? ''] ?? columns[defaultSort];
  const dir = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const count = await sql<{ n: string }>`SELECT count(*) AS n FROM ${from} ${whereSql}`.execute(db);
  const rows = await sql<Row>`SELECT ${select} FROM ${from} ${whereSql}
    ORDER BY ${sortCol.expr} ${dir} NULLS LAST, id ASC LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}`.execute(db);
  return { rows: rows.rows, rowCount: Number(count.rows[0].n) };
}

