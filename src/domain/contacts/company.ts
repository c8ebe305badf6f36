/**
 * One company of an organizer (stream `contacts-company-<id>`, the id is the client's): name, website, phone and
 * custom field values. Contacts name their company; a company that still has contacts is not deleted (checked by
 * the command handler on the read model). Pure.
 */
import type { CustomField, FieldValue } from '../../contracts/contacts.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import { checkValues } from './fields.js';
import { applyChanges, checkName, checkPhone, diffProfiles, type Changes } from './record.js';

const m = messages.contacts;

export const companyStreamId = (companyId: string) => `contacts-company-${companyId}`;

export interface CompanyProfile {
  [key: string]: unknown;
  name: string;
  website: string | null;
  phone: string | null;
  fields: Record<string, FieldValue>;
}
export interface CompanyInput {
  name: string;
  website?: string | null;
  phone?: string | null;
  fields?: Record<string, FieldValue | null>;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CompanyCreated = E<'contacts.CompanyCreated', { companyId: string; clientId: string; profile: CompanyProfile; by: string | null; at: string }>;
export type CompanyChanged = E<'contacts.CompanyChanged', { companyId: string; clientId: string; changes: Changes; by: string | null; at: string }>;
export type CompanyDeleted = E<'contacts.CompanyDeleted', { companyId: string; clientId: string; name: string; by: string | null; at: string }>;
export type CompanyEvent = CompanyCreated | CompanyChanged | CompanyDeleted;

export type CreateCompany = E<'contacts.CreateCompany', { companyId: string; clientId: string; input: CompanyInput; fields: CustomField[] }>;
export type ChangeCompany = E<'contacts.ChangeCompany', { companyId: string; clientId: string; input: CompanyInput; fields: CustomField[] }>;
export type DeleteCompany = E<'contacts.DeleteCompany', { companyId: string; clientId: string }>;
export type CompanyCommand = CreateCompany | ChangeCompany | DeleteCompany;

export interface CompanyState {
  companyId: string | null;
  clientId: string | null;
  deleted: boolean;
  profile: CompanyProfile | null;
  createdAt: string | null;
  updatedAt: string | null;
}
export const initialCompanyState = (): CompanyState => ({ companyId: null, clientId: null, deleted: false, profile: null, createdAt: null, updatedAt: null });

function profileOf(input: CompanyInput, fields: CustomField[]): CompanyProfile {
  const website = input.website?.trim() || null;
  return { name: checkName(input.name), website, phone: checkPhone(input.phone), fields: checkValues(fields, input.fields ?? {}) };
}

export function decideCompany(command: CompanyCommand, state: CompanyState, ctx: DecideContext): CompanyEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  const { companyId, clientId } = command.data;
  if (command.type === 'contacts.CreateCompany') {
    if (state.companyId) throw new DomainError('CLIENT_ID_TAKEN', m.clientIdTaken, 409);
    return [{ type: 'contacts.CompanyCreated', data: { companyId, clientId, profile: profileOf(command.data.input, command.data.fields), by, at } }];
  }
  if (!state.profile || state.deleted || state.clientId !== clientId) {
    if (command.type === 'contacts.DeleteCompany' && state.deleted && state.clientId === clientId) return [];
    throw new NotFoundError('COMPANY_NOT_FOUND', m.companyNotFound);
  }
  if (command.type === 'contacts.DeleteCompany') {
    return [{ type: 'contacts.CompanyDeleted', data: { companyId, clientId, name: state.profile.name, by, at } }];
  }
  const changes = diffProfiles(state.profile, profileOf(command.data.input, command.data.fields));
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'contacts.CompanyChanged', data: { companyId, clientId, changes, by, at } }];
}

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  switch (event.type) {
    case 'contacts.CompanyCreated':
      return { companyId: event.data.companyId, clientId: event.data.clientId, deleted: false, profile: event.data.profile, createdAt: event.data.at, updatedAt: event.data.at };
    case 'contacts.CompanyChanged':
      return state.profile ? { ...state, profile: applyChanges(state.profile, event.data.changes), updatedAt: event.data.at } : state;
    case 'contacts.CompanyDeleted':
      return { ...state, deleted: true, updatedAt: event.data.at };
  }
}

export const companyDecider: Decider<CompanyCommand, CompanyEvent, CompanyState> = {
  decide: decideCompany,
  evolve: evolveCompany,
  initialState: initialCompanyState,
};
