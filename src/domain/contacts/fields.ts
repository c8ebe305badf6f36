/**
 * Custom fields of an organizer's contacts and companies (settings/contactFields, settings/companyFields): one
 * stream per organizer, `contacts-fields-<clientId>`, holding both lists. `checkValues` is the one check of the
 * values a contact or company write carries. Pure.
 */
import type { CustomField, FieldValue, RecordEntity } from '../../contracts/contacts.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.contacts;

export const fieldsStreamId = (clientId: string) => `contacts-fields-${clientId}`;

export type FieldsDefined = {
  type: 'contacts.FieldsDefined';
  data: { clientId: string; entity: RecordEntity; fields: CustomField[]; by: string | null; at: string };
};
export type FieldsEvent = FieldsDefined;
export type DefineFields = { type: 'contacts.DefineFields'; data: { clientId: string; entity: RecordEntity; fields: CustomField[] } };
export type FieldsCommand = DefineFields;

export interface FieldsState {
  contact: CustomField[];
  company: CustomField[];
}
export const initialFieldsState = (): FieldsState => ({ contact: [], company: [] });

const refuse = (code: string, message: string, path: string) => new DomainError(code, message, 400, { errors: [{ path, message }] });

function checkDefinitions(fields: CustomField[]): CustomField[] {
  const keys = new Set<string>();
  return fields.map((f, i) => {
    if (keys.has(f.key)) throw refuse('FIELD_KEY_REPEATED', m.fieldKeyRepeated(f.key), `fields.${i}.key`);
    keys.add(f.key);
    const choice = f.type === 'choice' || f.type === 'multiChoice';
    const options = choice ? f.options.map((o) => o.trim()) : [];
    if (choice && options.length === 0) throw refuse('FIELD_OPTIONS_REQUIRED', m.fieldOptionsRequired(f.label), `fields.${i}.options`);
    if (new Set(options).size !== options.length) throw refuse('FIELD_OPTIONS_REPEATED', m.fieldOptionsRepeated(f.label), `fields.${i}.options`);
    return { key: f.key, label: f.label.trim(), type: f.type, required: f.required, options };
  });
}

export function decideFields(command: FieldsCommand, state: FieldsState, ctx: DecideContext): FieldsEvent[] {
  const { clientId, entity } = command.data;
  const fields = checkDefinitions(command.data.fields);
  if (JSON.stringify(fields) === JSON.stringify(state[entity])) return [];
  return [{ type: 'contacts.FieldsDefined', data: { clientId, entity, fields, by: ctx.userId ?? null, at: ctx.now.toISOString() } }];
}

export function evolveFields(state: FieldsState, event: FieldsEvent): FieldsState {
  return { ...state, [event.data.entity]: event.data.fields };
}

export const fieldsDecider: Decider<FieldsCommand, FieldsEvent, FieldsState> = { decide: decideFields, evolve: evolveFields, initialState: initialFieldsState };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * The values of a write checked against the definitions: unknown keys, required ones missing, wrong types and
 * options not offered are refused (all at once, one error per field); empty values are left out.
 */
export function checkValues(defs: CustomField[], values: Record<string, FieldValue | null | undefined>): Record<string, FieldValue> {
  const errors: { path: string; message: string }[] = [];
  const out: Record<string, FieldValue> = {};
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const key of Object.keys(values)) if (!byKey.has(key)) errors.push({ path: `fields.${key}`, message: m.fieldUnknown(key) });
  for (const d of defs) {
    const path = `fields.${d.key}`;
    let v = values[d.key];
    if (typeof v === 'string') v = v.trim();
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (empty) {
      if (d.required) errors.push({ path, message: m.fieldRequired(d.label) });
      continue;
    }
    switch (d.type) {
      case 'text':
        if (typeof v !== 'string') errors.push({ path, message: m.fieldNotText(d.label) });
        else out[d.key] = v;
        break;
      case 'number': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
        if (!Number.isFinite(n)) errors.push({ path, message: m.fieldNotNumber(d.label) });
        else out[d.key] = n;
        break;
      }
      case 'date':
        if (typeof v !== 'string' || !isDate(v)) errors.push({ path, message: m.fieldNotDate(d.label) });
        else out[d.key] = v;
        break;
      case 'choice':
        if (typeof v !== 'string' || !d.options.includes(v)) errors.push({ path, message: m.fieldNotOption(d.label) });
        else out[d.key] = v;
        break;
      case 'multiChoice': {
        const list = Array.isArray(v) ? [...new Set(v)] : null;
        if (!list || list.some((x) => !d.options.includes(x))) errors.push({ path, message: m.fieldNotOption(d.label) });
        else out[d.key] = d.options.filter((o) => list.includes(o));
        break;
      }
    }
  }
  if (errors.length) throw new DomainError(errors.length === 1 ? 'FIELD_INVALID' : 'FIELDS_INVALID', errors[0].message, 400, { errors });
  return out;
}
