import type { CustomField, FieldValue, RecordEntity } from '@contracts/contacts';
import { useModuleArea } from '../events/area/context';

/** The organizer whose contacts these are (the URL's administrator) and the module's base path. */
export function useContactsBase() {
  const { administrator } = useModuleArea();
  return { client: administrator, base: `/module/${encodeURIComponent(administrator)}/contacts` };
}

export const entityPage = (entity: RecordEntity) => (entity === 'contact' ? '/contacts' : '/company');

/** A custom field's value as text ("a; b" for several options). */
export function fieldText(value: FieldValue | undefined | null): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** Any audited value as text: consent as "Otorgado (fuente, fecha)", lists joined, nothing as "—". */
export function valueText(value: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') {
    const c = value as { status?: string; source?: string; at?: string };
    if (c.status) return t('contacts.consent.summary', { status: t(`contacts.consent.${c.status}`), source: c.source ?? '', at: c.at ? new Date(c.at).toLocaleString('es-PE') : '' });
    return JSON.stringify(value);
  }
  return String(value);
}

/** The label of an audited field name ("name", "consent.email", "fields.talla"). */
export function fieldLabel(field: string | null, fields: CustomField[], t: (k: string) => string): string {
  if (!field) return '';
  if (field.startsWith('fields.')) return fields.find((f) => f.key === field.slice(7))?.label ?? field.slice(7);
  return t(`contacts.field.${field.replace('.', '_')}`);
}

/** Where a contact came from (ContactDto.source), in the grid's filter order. */
export const CONTACT_SOURCES = ['manual', 'import', 'sales', 'businessConference', 'exhibitors', 'api'] as const;
