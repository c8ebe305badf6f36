/**
 * Spanish labels of the event audit trail, shared by the history page (web) and the history CSV (server) so both
 * say the same: the column titles, each field path's label and each coded value's label. The texts themselves
 * live in the web's catalogue (web/src/i18n/es.json, `events.history.*` and the workspace's labels); both sides
 * pass a lookup into it.
 */

/** A catalogue lookup: the text of a dotted key, or undefined when the catalogue has none. */
export type LabelLookup = (key: string) => string | undefined;

/** Column titles of the page: when, who, what (the action above its subject), field, before, after. */
export const AUDIT_COLUMN_KEYS = ['when', 'who', 'what', 'field', 'before', 'after'].map((k) => `events.history.${k}`);
/** The CSV's: the same, with the subject in a column of its own (spreadsheets filter by it). */
export const AUDIT_CSV_COLUMN_KEYS = ['when', 'who', 'what', 'subject', 'field', 'before', 'after'].map((k) => `events.history.${k}`);

/**
 * Coded values of the audit trail (src/domain/events/audit.ts) and the keys of the labels the rest of the
 * workspace shows for them, by field name; `role.<module>` fields hold a role. Other fields are free text.
 */
const VALUE_KEYS: Partial<Record<string, (code: string) => string>> = {
  role: (code) => `events.roles.${code}`,
  module: (code) => `events.modules.${code}`,
  kind: (code) => `events.payments.kind_${code}`,
  mode: (code) => `events.payments.mode_${code}`,
  visibility: (code) => `events.tickets.visibility_${code}`,
  currency: (code) => `events.currency.${code}`,
};

/** "ticket.price" -> "Precio"; a collaborator's role in one module ("role.store") -> "Rol · TIENDA". */
export function auditFieldLabel(field: string, lookup: LabelLookup): string {
  const role = /^role\.(.+)$/.exec(field);
  if (role) return `${lookup('events.history.fields.role') ?? 'role'} · ${lookup(`events.modules.${role[1]}`) ?? role[1]}`;
  return lookup(`events.history.fields.${field.split('.').pop()}`) ?? field;
}

/**
 * A before/after value: coded values ("bankDeposit", "store", "public") with their label, booleans as the
 * catalogue's yes/no, missing values as `empty`; anything else goes to `other` (dates are formatted by the caller).
 */
export function auditValueLabel(field: string, value: unknown, lookup: LabelLookup, opts: { empty: string; other: (v: unknown) => string }): string {
  if (value === null || value === undefined || value === '') return opts.empty;
  const keyOf = VALUE_KEYS[field.startsWith('role.') ? 'role' : (field.split('.').pop() ?? '')];
  if (keyOf && typeof value === 'string') return lookup(keyOf(value)) ?? value;
  if (typeof value === 'boolean') return lookup(value ? 'events.history.yes' : 'events.history.no') ?? String(value);
  return opts.other(value);
}
