/**
 * One contact of an organizer (stream `contacts-contact-<id>`, the id is the client's). A person is one contact
 * per organizer: the e-mail and the E.164 phone are reserved per organizer (`contactEmailReservation`,
 * `contactPhoneReservation`) by the append that sets them and released when they change or the contact is deleted. A contact belongs to at most one company of the same
 * organizer (the command names whether the company exists). Consent per channel records its source and date.
 * Pure: time, user and the organizer's field definitions come in with the command.
 */
import type { Consent, ConsentChannel, ConsentInput, CustomField, FieldValue } from '../../contracts/contacts.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import type { Reservation } from '../../eventstore/port.js';
import { maskProfile } from './erasure-mask.js';
import { checkValues } from './fields.js';
import { applyChanges, checkName, checkPhone, diffProfiles, normalizeEmail, type Changes } from './record.js';

const m = messages.contacts;

export const contactStreamId = (contactId: string) => `contacts-contact-${contactId}`;
export const CONTACT_EMAIL_SCOPE = 'contacts.contact-email';
export const contactEmailReservation = (clientId: string, email: string): Reservation => ({ scope: CONTACT_EMAIL_SCOPE, value: `${clientId}:${email}` });
export const CONTACT_PHONE_SCOPE = 'contacts.contact-phone';
/** The E.164 phone reserved per organizer like the e-mail: one person, one contact, by e-mail or by phone. */
export const contactPhoneReservation = (clientId: string, phone: string): Reservation => ({ scope: CONTACT_PHONE_SCOPE, value: `${clientId}:${phone}` });

export interface ContactProfile {
  [key: string]: unknown;
  name: string;
  email: string | null;
  phone: string | null;
  companyId: string | null;
  consent: { email: Consent | null; whatsapp: Consent | null };
  fields: Record<string, FieldValue>;
}

export interface ContactInput {
  name: string;
  email?: string | null;
  phone?: string | null;
  companyId?: string | null;
  consent?: { email?: ConsentInput; whatsapp?: ConsentInput };
  fields?: Record<string, FieldValue | null>;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** Where a contact came from (issue 22): absent on events of contacts created by hand (read as `manual`). */
export const CONTACT_SOURCES = ['manual', 'import', 'sales', 'businessConference', 'exhibitors', 'api'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export type ContactCreated = E<'contacts.ContactCreated', { contactId: string; clientId: string; profile: ContactProfile; by: string | null; at: string; source?: ContactSource }>;
export type ContactChanged = E<'contacts.ContactChanged', { contactId: string; clientId: string; changes: Changes; by: string | null; at: string; mergedFrom?: string }>;
export type ContactDeleted = E<'contacts.ContactDeleted', { contactId: string; clientId: string; name: string; by: string | null; at: string }>;
/** Personal-data erasure (src/domain/contacts/erasure.ts): carries no personal data; earlier values read as erased. */
export type ContactErased = E<'contacts.ContactErased', { contactId: string; clientId: string; by: string | null; at: string }>;
/** This contact was merged into another (`into`), which took its values; it leaves the grid like a deleted one. */
export type ContactMerged = E<'contacts.ContactMerged', { contactId: string; clientId: string; name: string; into: string; intoName: string; by: string | null; at: string }>;
export type ContactEvent = ContactCreated | ContactChanged | ContactDeleted | ContactErased | ContactMerged;

/** What the command handler looked up: the field definitions and whether the named company is the organizer's. */
export interface ContactKnowledge {
  fields: CustomField[];
  companyExists: boolean;
}
export type CreateContact = E<'contacts.CreateContact', { contactId: string; clientId: string; input: ContactInput; known: ContactKnowledge; source?: ContactSource }>;
export type ChangeContact = E<'contacts.ChangeContact', { contactId: string; clientId: string; input: ContactInput; known: ContactKnowledge }>;
export type DeleteContact = E<'contacts.DeleteContact', { contactId: string; clientId: string }>;
/** Merge, on the contact that goes away: it points at the one kept (the handler looked up its name). */
export type MergeContactInto = E<'contacts.MergeContactInto', { contactId: string; clientId: string; into: string; intoName: string }>;
/** Merge (and inflow, `otherId` null), on the contact kept: it takes the other's values it lacks and the more recent consent per channel. */
export type AbsorbContact = E<'contacts.AbsorbContact', { contactId: string; clientId: string; otherId: string | null; other: ContactProfile }>;
export type ContactCommand = CreateContact | ChangeContact | DeleteContact | MergeContactInto | AbsorbContact;

export interface ContactState {
  contactId: string | null;
  clientId: string | null;
  deleted: boolean;
  /** The contact this one was merged into (then `deleted` is true too). */
  mergedInto?: string | null;
  profile: ContactProfile | null;
  createdAt: string | null;
  updatedAt: string | null;
}
export const initialContactState = (): ContactState => ({ contactId: null, clientId: null, deleted: false, profile: null, createdAt: null, updatedAt: null });

/** A consent as stored: unchanged status keeps its first source and date; a new status is dated now. */
function consentOf(input: ConsentInput | undefined, current: Consent | null, now: string): Consent | null {
  if (!input) return input === null ? null : current;
  if (current && current.status === input.status) return current;
  return { status: input.status, source: input.source.trim(), at: now };
}

function profileOf(input: ContactInput, known: ContactKnowledge, current: ContactProfile | null, now: string): ContactProfile {
  const companyId = input.companyId || null;
  if (companyId && !known.companyExists) throw new DomainError('COMPANY_NOT_FOUND', m.companyNotFound, 400, { field: 'companyId' });
  const consent: Record<ConsentChannel, Consent | null> = {
    email: consentOf(input.consent?.email, current?.consent.email ?? null, now),
    whatsapp: consentOf(input.consent?.whatsapp, current?.consent.whatsapp ?? null, now),
  };
  return {
    name: checkName(input.name),
    email: normalizeEmail(input.email),
    phone: checkPhone(input.phone),
    companyId,
    consent,
    fields: checkValues(known.fields, input.fields ?? {}),
  };
}

export function decideContact(command: ContactCommand, state: ContactState, ctx: DecideContext): ContactEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  const { contactId, clientId } = command.data;
  if (command.type === 'contacts.CreateContact') {
    // The id is the client's: a second creation under it is another record's id reused.
    if (state.contactId) throw new DomainError('CLIENT_ID_TAKEN', m.clientIdTaken, 409);
    const profile = profileOf(command.data.input, command.data.known, null, at);
    const source = command.data.source && command.data.source !== 'manual' ? { source: command.data.source } : {};
    return [{ type: 'contacts.ContactCreated', data: { contactId, clientId, profile, by, at, ...source } }];
  }
  if (!state.profile || state.deleted || state.clientId !== clientId) {
    // Deleting twice answers as the first time did; so does merging twice into the same contact.
    if (command.type === 'contacts.DeleteContact' && state.deleted && !state.mergedInto && state.clientId === clientId) return [];
    if (command.type === 'contacts.MergeContactInto' && state.mergedInto === command.data.into && state.clientId === clientId) return [];
    throw new NotFoundError('CONTACT_NOT_FOUND', m.contactNotFound);
  }
  if (command.type === 'contacts.DeleteContact') {
    return [{ type: 'contacts.ContactDeleted', data: { contactId, clientId, name: state.profile.name, by, at } }];
  }
  if (command.type === 'contacts.MergeContactInto') {
    if (command.data.into === contactId) throw new DomainError('CONTACT_MERGE_SELF', m.crmImport.mergeSelf, 400);
    const { into, intoName } = command.data;
    return [{ type: 'contacts.ContactMerged', data: { contactId, clientId, name: state.profile.name, into, intoName, by, at } }];
  }
  if (command.type === 'contacts.AbsorbContact') {
    const changes = diffProfiles(state.profile, absorbed(state.profile, command.data.other));
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'contacts.ContactChanged', data: { contactId, clientId, changes, by, at, ...(command.data.otherId ? { mergedFrom: command.data.otherId } : {}) } }];
  }
  const next = profileOf(command.data.input, command.data.known, state.profile, at);
  const changes = diffProfiles(state.profile, next);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'contacts.ContactChanged', data: { contactId, clientId, changes, by, at } }];
}

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'contacts.ContactCreated':
      return { contactId: event.data.contactId, clientId: event.data.clientId, deleted: false, profile: event.data.profile, createdAt: event.data.at, updatedAt: event.data.at };
    case 'contacts.ContactChanged':
      return state.profile ? { ...state, profile: applyChanges(state.profile, event.data.changes), updatedAt: event.data.at } : state;
    case 'contacts.ContactDeleted':
      return { ...state, deleted: true, updatedAt: event.data.at };
    case 'contacts.ContactErased':
      return { ...state, deleted: true, profile: state.profile ? maskProfile(state.profile) : null, updatedAt: event.data.at };
    case 'contacts.ContactMerged':
      return { ...state, deleted: true, mergedInto: event.data.into, updatedAt: event.data.at };
  }
}

/**
 * The kept contact's profile after taking the other's: its own name, e-mail, phone, company and custom values stay;
 * what it lacks comes from the other; per channel the more recent consent wins (a later withdrawal stays withdrawn,
 * and a consent is never made up: only one of the two given is kept).
 */
export function absorbed(kept: ContactProfile, other: ContactProfile): ContactProfile {
  const newer = (a: Consent | null, b: Consent | null) => (!a ? b : !b ? a : b.at > a.at ? b : a);
  return {
    ...kept,
    email: kept.email ?? other.email,
    phone: kept.phone ?? other.phone,
    companyId: kept.companyId ?? other.companyId,
    consent: { email: newer(kept.consent.email, other.consent.email), whatsapp: newer(kept.consent.whatsapp, other.consent.whatsapp) },
    fields: { ...other.fields, ...kept.fields },
  };
}

export const contactDecider: Decider<ContactCommand, ContactEvent, ContactState> = {
  decide: decideContact,
  evolve: evolveContact,
  initialState: initialContactState,
};

/**
 * The reservations an append of these events takes and frees: the e-mail and the E.164 phone, each per organizer
 * (taken by the append that sets it, moved on a change, released on delete), so a person is one contact whether
 * matched by e-mail or by phone.
 */
export function contactEmailReservations(events: ContactEvent[], state: ContactState): { reserve: Reservation[]; release: Reservation[] } {
  const reserve: Reservation[] = [];
  const release: Reservation[] = [];
  const keys = [
    ['email', contactEmailReservation],
    ['phone', contactPhoneReservation],
  ] as const;
  for (const e of events) {
    const clientId = e.data.clientId;
    for (const [key, reservation] of keys) {
      if (e.type === 'contacts.ContactCreated' && e.data.profile[key]) reserve.push(reservation(clientId, e.data.profile[key]));
      if (e.type === 'contacts.ContactChanged' && e.data.changes[key]) {
        const { before, after } = e.data.changes[key];
        if (typeof after === 'string') reserve.push(reservation(clientId, after));
        if (typeof before === 'string') release.push(reservation(clientId, before));
      }
      if ((e.type === 'contacts.ContactDeleted' || e.type === 'contacts.ContactMerged') && state.profile?.[key]) release.push(reservation(clientId, state.profile[key]));
      // An erasure releases what a live contact held (an erased or deleted one released it already).
      if (e.type === 'contacts.ContactErased' && !state.deleted && state.profile?.[key]) release.push(reservation(clientId, state.profile[key]));
    }
  }
  return { reserve, release };
}
/** The same, under the name that says what it covers. */
export const contactReservations = contactEmailReservations;
