import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { GUEST_CSV_MAX_ROWS, guestSchema, type GuestCsvRow } from '../../contracts/sales-admin.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';

const m = messages.salesAdmin;

/** Header and ticket-type names compared without case, accents or extra spaces ("Tipo de Entrada" = "tipo de entrada"). */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const HEADERS = {
  name: ['nombre', 'nombres', 'nombre completo', 'name'],
  email: ['correo', 'correo electronico', 'email', 'e-mail'],
  ticketType: ['tipo de entrada', 'tipo', 'entrada', 'ticket'],
};

/**
 * Reads a guest-list CSV (columns nombre, correo, tipo de entrada; comma or semicolon separated, header row
 * first) and checks every row against the event's ticket types: each row comes back with its error or none.
 * The whole file is refused only when it cannot be read or lacks a column.
 */
export function parseGuestCsv(csv: string, ticketTypes: { id: string; name: string }[]): GuestCsvRow[] {
  let records: string[][];
  try {
    const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
    records = parse(csv, { bom: true, delimiter, skip_empty_lines: false, relax_column_count: true, trim: true });
  } catch {
    throw new DomainError('CSV_UNREADABLE', m.csvUnreadable, 400, { field: 'csv' });
  }
  const header = (records[0] ?? []).map(fold);
  const col = (names: string[]) => header.findIndex((h) => names.includes(h));
  const idx = { name: col(HEADERS.name), email: col(HEADERS.email), ticketType: col(HEADERS.ticketType) };
  if (idx.name < 0 || idx.email < 0 || idx.ticketType < 0) throw new DomainError('CSV_COLUMNS', m.csvColumns, 400, { field: 'csv' });
  const body = records.slice(1).map((r, i) => ({ r, line: i + 2 })).filter(({ r }) => r.some((c) => c !== ''));
  if (body.length === 0) throw new DomainError('CSV_EMPTY', m.csvEmpty, 400, { field: 'csv' });
  if (body.length > GUEST_CSV_MAX_ROWS) throw new DomainError('CSV_TOO_MANY_ROWS', m.csvTooManyRows(GUEST_CSV_MAX_ROWS), 400, { field: 'csv' });
  const byName = new Map(ticketTypes.map((t) => [fold(t.name), t.id]));
  const seen = new Map<string, number>();
  return body.map(({ r, line }) => {
    const name = r[idx.name] ?? '';
    const email = (r[idx.email] ?? '').toLowerCase();
    const ticketType = r[idx.ticketType] ?? '';
    const ticketTypeId = byName.get(fold(ticketType)) ?? ticketTypes.find((t) => t.id === ticketType)?.id ?? null;
    let error: string | null = null;
    if (!guestSchema.shape.name.safeParse(name).success) error = m.csvNameMissing;
    else if (!guestSchema.shape.email.safeParse(email).success) error = m.csvEmailInvalid;
    else if (!ticketTypeId) error = m.csvTicketTypeUnknown(ticketType);
    else {
      const key = `${email}\n${ticketTypeId}`;
      const first = seen.get(key);
      if (first !== undefined) error = m.csvDuplicate(first);
      else seen.set(key, line);
    }
    return { line, name, email, ticketType, ticketTypeId, error };
  });
}

/** The client id of one row of one file: importing the same file again (a retry) issues nothing twice. */
export function guestRowClientId(eventId: string, csv: string, line: number): string {
  const file = createHash('sha256').update(csv).digest('hex');
  const h = createHash('sha256').update(`sales-guest\n${eventId}\n${file}\n${line}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
