/**
 * The store's settings of one event (stream `sales-settings-<eventId>`): what manage/settings edits (hold time,
 * order limits, invoice data, bank-deposit instructions) and the registration form manage/form builds. Each part
 * is saved whole and versioned on its own (`settingsVersion`, `formVersion`), so a save on one page never makes
 * the other page's copy stale; a client that edited an older version of its part gets a 409 in Spanish.
 *
 * Also the pure answer validator (`validateAnswers`) that checkout's attendee step and the registration desk run
 * against the form. Pure: time, ids and the acting user come in through DecideContext.
 */
import { rucProblem } from '../../contracts/ruc.js';
import {
  DEFAULT_TAX_RATE,
  DOCUMENT_KINDS,
  HOLD_MINUTES_MAX,
  HOLD_MINUTES_MIN,
  MAX_FIELD_OPTIONS,
  MAX_FORM_FIELDS,
  ORDER_LIMIT_MAX,
  type AnswerValue,
  type BankDepositInstructions,
  type DocumentKind,
  type FormField,
  type FormFieldInput,
  type InvoiceSettings,
  type StoreSettingsValues,
} from '../../contracts/sales-settings.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.storeSettings;

export const settingsStreamId = (eventId: string) => `sales-settings-${eventId}`;

export const DEFAULT_SETTINGS: StoreSettingsValues = {
  holdMinutes: null,
  maxTicketsPerOrder: null,
  maxOrdersPerEmail: null,
  invoice: { ruc: null, businessName: null, address: null, taxRate: DEFAULT_TAX_RATE, receiptChoice: false },
  bankDeposit: null,
};

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type SettingsChanged = E<'sales.SettingsChanged', { eventId: string; settings: StoreSettingsValues; by: string | null; at: string }>;
export type FormChanged = E<'sales.FormChanged', { eventId: string; fields: FormField[]; by: string | null; at: string }>;
export type SettingsEvent = SettingsChanged | FormChanged;

/** Settings as the request brings them: texts untrimmed, '' for "not set", bank deposit fields possibly partial. */
export interface SettingsInput {
  holdMinutes: number | null;
  maxTicketsPerOrder: number | null;
  maxOrdersPerEmail: number | null;
  invoice: { ruc: string | null; businessName: string | null; address: string | null; taxRate: number; receiptChoice: boolean };
  bankDeposit: { bank: string | null; accountNumber: string | null; cci: string | null; holder: string | null } | null;
}

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ChangeSettings = C<'sales.ChangeSettings', { eventId: string; settings: SettingsInput; expectedVersion?: number }>;
export type ChangeForm = C<
  'sales.ChangeForm',
  {
    eventId: string;
    fields: FormFieldInput[];
    /** The event's ticket types now (a field may be limited to some of them). */
    ticketTypeIds: string[];
    expectedVersion?: number;
  }
>;
export type SettingsCommand = ChangeSettings | ChangeForm;

export interface SettingsState {
  settings: StoreSettingsValues;
  settingsVersion: number;
  settingsUpdatedAt: string | null;
  fields: FormField[];
  formVersion: number;
  formUpdatedAt: string | null;
}

export const initialState = (): SettingsState => ({
  settings: DEFAULT_SETTINGS,
  settingsVersion: 0,
  settingsUpdatedAt: null,
  fields: [],
  formVersion: 0,
  formUpdatedAt: null,
});

const invalid = (code: string, message: string, field: string) => new DomainError(code, message, 400, { field });
const clean = (v: string | null | undefined) => {
  const s = (v ?? '').trim();
  return s === '' ? null : s;
};

// ----- settings ------------------------------------------------------------------------------------------

/** The RUC rule shared with the other modules (src/contracts/ruc.ts), with the settings page's messages. */
export function rucError(ruc: string): string | null {
  const problem = rucProblem(ruc);
  return problem === 'format' ? m.rucFormat : problem === 'prefix' ? m.rucPrefix : problem === 'checkDigit' ? m.rucCheckDigit : null;
}

function checkLimit(value: number | null, field: string): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > ORDER_LIMIT_MAX) throw invalid('INVALID_LIMIT', m.limit(ORDER_LIMIT_MAX), field);
  return value;
}

/** The settings of a request, trimmed and checked; throws the first refusal (with its field). */
export function normalizeSettings(input: SettingsInput): StoreSettingsValues {
  const { holdMinutes } = input;
  if (holdMinutes !== null && (!Number.isInteger(holdMinutes) || holdMinutes < HOLD_MINUTES_MIN || holdMinutes > HOLD_MINUTES_MAX)) {
    throw invalid('INVALID_HOLD_MINUTES', m.holdMinutes(HOLD_MINUTES_MIN, HOLD_MINUTES_MAX), 'holdMinutes');
  }
  const maxTicketsPerOrder = checkLimit(input.maxTicketsPerOrder, 'maxTicketsPerOrder');
  const maxOrdersPerEmail = checkLimit(input.maxOrdersPerEmail, 'maxOrdersPerEmail');

  const ruc = clean(input.invoice.ruc)?.replace(/\s+/g, '') ?? null;
  if (ruc !== null) {
    const err = rucError(ruc);
    if (err) throw invalid('INVALID_RUC', err, 'invoice.ruc');
  }
  const { taxRate } = input.invoice;
  if (!Number.isFinite(taxRate) || taxRate < 0 || taxRate > 100 || Math.round(taxRate * 100) !== taxRate * 100) {
    throw invalid('INVALID_TAX_RATE', m.taxRate, 'invoice.taxRate');
  }
  const invoice: InvoiceSettings = {
    ruc,
    businessName: clean(input.invoice.businessName),
    address: clean(input.invoice.address),
    taxRate,
    receiptChoice: input.invoice.receiptChoice,
  };
  // A factura names its issuer: offering it needs the organizer's tax identity complete.
  if (invoice.receiptChoice && (!invoice.ruc || !invoice.businessName || !invoice.address)) {
    throw invalid('RECEIPT_CHOICE_NEEDS_INVOICE', m.receiptChoiceNeedsInvoice, 'invoice.receiptChoice');
  }

  let bankDeposit: BankDepositInstructions | null = null;
  const b = input.bankDeposit;
  const bank = clean(b?.bank);
  const accountNumber = clean(b?.accountNumber);
  const cci = clean(b?.cci)?.replace(/[\s-]/g, '') ?? null;
  const holder = clean(b?.holder);
  // All fields empty: no bank-deposit instructions.
  if (bank || accountNumber || cci || holder) {
    if (!bank) throw invalid('BANK_REQUIRED', m.bankRequired, 'bankDeposit.bank');
    if (!accountNumber) throw invalid('ACCOUNT_REQUIRED', m.accountRequired, 'bankDeposit.accountNumber');
    const digits = accountNumber.replace(/-/g, '');
    if (!/^[\d-]+$/.test(accountNumber) || digits.length < 6 || digits.length > 30) {
      throw invalid('INVALID_ACCOUNT', m.accountFormat, 'bankDeposit.accountNumber');
    }
    if (cci !== null && !/^\d{20}$/.test(cci)) throw invalid('INVALID_CCI', m.cciFormat, 'bankDeposit.cci');
    if (!holder) throw invalid('HOLDER_REQUIRED', m.holderRequired, 'bankDeposit.holder');
    bankDeposit = { bank, accountNumber, cci, holder };
  }
  return { holdMinutes, maxTicketsPerOrder, maxOrdersPerEmail, invoice, bankDeposit };
}

/**
 * The store's order limits (manage/settings) for one purchase: `tickets` in it, and how many earlier orders the
 * buyer's e-mail holds for the event (when known). Throws the Spanish refusal; null limits never refuse.
 */
export function checkOrderLimits(
  s: Pick<StoreSettingsValues, 'maxTicketsPerOrder' | 'maxOrdersPerEmail'>,
  order: { tickets: number; earlierOrdersOfEmail?: number },
): void {
  if (s.maxTicketsPerOrder !== null && order.tickets > s.maxTicketsPerOrder) {
    throw new DomainError('OVER_MAX_TICKETS_PER_ORDER', m.overMaxTicketsPerOrder(s.maxTicketsPerOrder), 400, { field: 'lines' });
  }
  if (s.maxOrdersPerEmail !== null && order.earlierOrdersOfEmail !== undefined && order.earlierOrdersOfEmail >= s.maxOrdersPerEmail) {
    throw new DomainError('OVER_MAX_ORDERS_PER_EMAIL', m.overMaxOrdersPerEmail(s.maxOrdersPerEmail), 409, { field: 'buyer.email' });
  }
}

// ----- registration form ---------------------------------------------------------------------------------

const CHOICE_TYPES = new Set(['choice', 'multiChoice']);

/** The builder's field list, trimmed and checked (new fields get an id); throws the first refusal with its path. */
export function normalizeFields(input: FormFieldInput[], ticketTypeIds: string[], newId: () => string): FormField[] {
  if (input.length > MAX_FORM_FIELDS) throw invalid('TOO_MANY_FIELDS', m.tooManyFields(MAX_FORM_FIELDS), 'fields');
  const known = new Set(ticketTypeIds);
  const ids = new Set<string>();
  return input.map((f, i) => {
    const at = (what: string) => `fields.${i}.${what}`;
    const _id = f._id ?? newId();
    if (ids.has(_id)) throw invalid('DUPLICATE_FIELD', m.duplicateField, at('_id'));
    ids.add(_id);
    const label = f.label.trim();
    if (!label) throw invalid('LABEL_REQUIRED', m.labelRequired, at('label'));
    const field: FormField = { _id, label, type: f.type, required: f.required ?? false };
    if (CHOICE_TYPES.has(f.type)) {
      const options = (f.options ?? []).map((o) => o.trim());
      if (options.some((o) => o === '')) throw invalid('OPTION_EMPTY', m.optionEmpty, at('options'));
      const seen = new Set<string>();
      for (const o of options) {
        if (seen.has(o.toLocaleLowerCase('es'))) throw invalid('OPTION_DUPLICATE', m.optionDuplicate(o), at('options'));
        seen.add(o.toLocaleLowerCase('es'));
      }
      if (options.length < 2 || options.length > MAX_FIELD_OPTIONS) throw invalid('OPTIONS_REQUIRED', m.optionsRequired, at('options'));
      field.options = options;
    } else if (f.options && f.options.length > 0) {
      throw invalid('OPTIONS_NOT_ALLOWED', m.optionsNotAllowed, at('options'));
    }
    if (f.type === 'consent') {
      const consentText = (f.consentText ?? '').trim();
      if (!consentText) throw invalid('CONSENT_TEXT_REQUIRED', m.consentTextRequired, at('consentText'));
      field.consentText = consentText;
    }
    const types = [...new Set(f.ticketTypeIds ?? [])];
    if (types.some((t) => !known.has(t))) throw invalid('UNKNOWN_TICKET_TYPE', m.unknownTicketType, at('ticketTypeIds'));
    // An empty list means "every ticket type", as no list does.
    if (types.length > 0) field.ticketTypeIds = types;
    return field;
  });
}

// ----- decider -------------------------------------------------------------------------------------------

const stale = () => new DomainError('SETTINGS_STALE', m.stale, 409);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decide(command: SettingsCommand, state: SettingsState, ctx: DecideContext): SettingsEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'sales.ChangeSettings': {
      const { eventId, expectedVersion } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.settingsVersion) throw stale();
      const settings = normalizeSettings(command.data.settings);
      // Saving what is already there records nothing (the page's version stays valid).
      if (state.settingsVersion > 0 && same(settings, state.settings)) return [];
      return [{ type: 'sales.SettingsChanged', data: { eventId, settings, by, at } }];
    }
    case 'sales.ChangeForm': {
      const { eventId, expectedVersion } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.formVersion) throw stale();
      const fields = normalizeFields(command.data.fields, command.data.ticketTypeIds, ctx.newId);
      if (same(fields, state.fields)) return [];
      return [{ type: 'sales.FormChanged', data: { eventId, fields, by, at } }];
    }
  }
}

export function evolve(state: SettingsState, event: SettingsEvent): SettingsState {
  switch (event.type) {
    case 'sales.SettingsChanged':
      return { ...state, settings: event.data.settings, settingsVersion: state.settingsVersion + 1, settingsUpdatedAt: event.data.at };
    case 'sales.FormChanged':
      return { ...state, fields: event.data.fields, formVersion: state.formVersion + 1, formUpdatedAt: event.data.at };
  }
}

export const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = { decide, evolve, initialState };

// ----- answers -------------------------------------------------------------------------------------------

/** The fields asked for a ticket type (a field without ticket types is asked for all). */
export function fieldsFor(fields: FormField[], ticketTypeId: string): FormField[] {
  return fields.filter((f) => !f.ticketTypeIds || f.ticketTypeIds.length === 0 || f.ticketTypeIds.includes(ticketTypeId));
}

/** A document answer `<kind>:<number>` split, or null when it is not of that shape. */
export function parseDocument(value: string): { kind: DocumentKind; number: string } | null {
  const i = value.indexOf(':');
  if (i < 0) return null;
  const kind = value.slice(0, i) as DocumentKind;
  if (!DOCUMENT_KINDS.includes(kind)) return null;
  return { kind, number: value.slice(i + 1).trim().toUpperCase() };
}

const DOCUMENT_RULES: Record<DocumentKind, { pattern: RegExp; message: string }> = {
  dni: { pattern: /^\d{8}$/, message: m.dniInvalid },
  ce: { pattern: /^[A-Z0-9]{8,12}$/, message: m.ceInvalid },
  passport: { pattern: /^[A-Z0-9]{6,12}$/, message: m.passportInvalid },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_TEXT = 500;

function isEmpty(v: AnswerValue | undefined | null): boolean {
  return v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function answerError(f: FormField, v: AnswerValue): string | null {
  switch (f.type) {
    case 'text':
      if (typeof v !== 'string') return m.answerInvalid;
      return v.trim().length > MAX_TEXT ? m.answerTooLong(MAX_TEXT) : null;
    case 'choice':
      if (typeof v !== 'string') return m.answerInvalid;
      return (f.options ?? []).includes(v) ? null : m.choiceInvalid;
    case 'multiChoice':
      if (!Array.isArray(v)) return m.answerInvalid;
      return v.every((o) => (f.options ?? []).includes(o)) && new Set(v).size === v.length ? null : m.choiceInvalid;
    case 'date': {
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return m.dateInvalid;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? null : m.dateInvalid;
    }
    case 'document': {
      if (typeof v !== 'string') return m.answerInvalid;
      const doc = parseDocument(v);
      if (!doc) return m.documentKindInvalid;
      const rule = DOCUMENT_RULES[doc.kind];
      return rule.pattern.test(doc.number) ? null : rule.message;
    }
    case 'email':
      if (typeof v !== 'string') return m.answerInvalid;
      return v.trim().length <= 254 && EMAIL.test(v.trim()) ? null : m.emailInvalid;
    case 'phone':
      if (typeof v !== 'string') return m.answerInvalid;
      return /^\+?\d{6,15}$/.test(v.replace(/[\s().-]/g, '')) ? null : m.phoneInvalid;
    case 'consent':
      return typeof v === 'boolean' ? null : m.answerInvalid;
  }
}

/**
 * Checks one attendee's answers against the form for their ticket type: `{}` when they are valid, else a Spanish
 * message per field id (required fields left empty, a consent not accepted, a DNI that is not 8 digits...).
 * Answers to fields the ticket type is not asked, or to unknown fields, are ignored (see normalizeAnswers).
 */
export function validateAnswers(fields: FormField[], answers: Record<string, AnswerValue | undefined>, ticketTypeId: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fieldsFor(fields, ticketTypeId)) {
    const v = Object.prototype.hasOwnProperty.call(answers, f._id) ? answers[f._id] : undefined;
    if (isEmpty(v)) {
      // An unchecked consent is `false`: empty, and refused only when the consent is required.
      if (f.required) errors[f._id] = f.type === 'consent' ? m.consentRequired : m.answerRequired;
      continue;
    }
    const err = answerError(f, v as AnswerValue);
    if (err) errors[f._id] = err;
  }
  return errors;
}

/**
 * The answers to keep for a ticket type, once validateAnswers found none wrong: only the fields it is asked,
 * texts trimmed, documents as `<kind>:<NUMBER>`, empty answers left out.
 */
export function normalizeAnswers(fields: FormField[], answers: Record<string, AnswerValue | undefined>, ticketTypeId: string): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const f of fieldsFor(fields, ticketTypeId)) {
    const v = Object.prototype.hasOwnProperty.call(answers, f._id) ? answers[f._id] : undefined;
    if (v === undefined || isEmpty(v)) continue;
    if (f.type === 'document' && typeof v === 'string') {
      const doc = parseDocument(v);
      out[f._id] = doc ? `${doc.kind}:${doc.number}` : v.trim();
    } else out[f._id] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** An answer as people read it (exports, the desk, the order page): "DNI 12345678", "Sí", "A, B". */
export function formatAnswer(field: FormField, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (field.type === 'document') {
    const doc = parseDocument(value);
    if (doc) return `${m.documentKinds[doc.kind]} ${doc.number}`;
  }
  return value;
}
