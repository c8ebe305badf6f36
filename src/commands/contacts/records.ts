/**
 * Use cases of the contacts module: custom field definitions, contacts and companies (create, change, delete),
 * each through handleCommand with a versioned append; the client's id is the record's id and its command id, so a
 * retry answers the first result. One contact per organizer and e-mail: a reservation on the append.
 */
import type { AppContext } from '../../context.js';
import type { CompanyWrite, ContactWrite, CustomField, RecordEntity } from '../../contracts/contacts.js';
import { companyDecider, companyStreamId, type CompanyInput } from '../../domain/contacts/company.js';
import { CONTACT_PHONE_SCOPE, contactDecider, contactEmailReservations, contactStreamId, type ContactInput } from '../../domain/contacts/contact.js';
import { fieldsDecider, fieldsStreamId, type FieldsEvent, type FieldsState } from '../../domain/contacts/fields.js';
import { DomainError } from '../../domain/shared/errors.js';
import { ReservationConflictError, type Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { contactsOfCompany } from '../../projections/contacts/queries.js';
import { handleCommand } from '../handle.js';
import { loadCompany } from './history.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
const m = messages.contacts;

/** The organizer's custom field definitions (a short stream, folded). */
export async function loadFields(ctx: Pick<AppContext, 'store'>, clientId: string): Promise<FieldsState> {
  const recorded = (await ctx.store.readStream(fieldsStreamId(clientId))) as Recorded<FieldsEvent>[];
  return recorded.reduce(fieldsDecider.evolve, fieldsDecider.initialState());
}

export async function defineFields(ctx: Ctx, input: { clientId: string; entity: RecordEntity; fields: CustomField[]; userId: string }) {
  const result = await handleCommand(ctx, {
    streamId: fieldsStreamId(input.clientId),
    decider: fieldsDecider,
    command: { type: 'contacts.DefineFields', data: { clientId: input.clientId, entity: input.entity, fields: input.fields } },
    meta: { userId: input.userId },
  });
  return { fields: result.state[input.entity], position: result.position };
}

/** Whether the company exists now and is the organizer's (a contact may only name such a company). */
async function companyExists(ctx: Pick<AppContext, 'store'>, clientId: string, companyId: string | null | undefined) {
  if (!companyId) return false;
  const company = await loadCompany(ctx, companyId);
  return !!company.profile && !company.deleted && company.clientId === clientId;
}

const contactInput = (w: ContactWrite): ContactInput => ({ name: w.name, email: w.email, phone: w.phone, companyId: w.companyId, consent: w.consent, fields: w.fields });
const companyInput = (w: CompanyWrite): CompanyInput => ({ name: w.name, website: w.website, phone: w.phone, fields: w.fields });

/** A taken e-mail or phone reservation as the catalogue's Spanish refusal. */
export async function emailGuard<T>(email: string | null | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ReservationConflictError && err.reservation.scope === CONTACT_PHONE_SCOPE) {
      const phone = err.reservation.value.slice(err.reservation.value.indexOf(':') + 1);
      throw new DomainError('CONTACT_PHONE_TAKEN', m.crmImport.phoneTaken(phone), 409, { field: 'phone' });
    }
    if (err instanceof ReservationConflictError) {
      throw new DomainError('CONTACT_EMAIL_TAKEN', m.emailTaken((email ?? '').trim().toLowerCase()), 409, { field: 'email' });
    }
    throw err;
  }
}

type ContactOp = { clientId: string; userId: string };

export async function createContact(ctx: Ctx, input: ContactOp & { contactId: string; body: ContactWrite }) {
  const { clientId, contactId, body } = input;
  const known = { fields: (await loadFields(ctx, clientId)).contact, companyExists: await companyExists(ctx, clientId, body.companyId) };
  const result = await emailGuard(body.email, () =>
    handleCommand(ctx, {
      streamId: contactStreamId(contactId),
      decider: contactDecider,
      command: { type: 'contacts.CreateContact', data: { contactId, clientId, input: contactInput(body), known } },
      meta: { commandId: `contact-create:${contactId}`, userId: input.userId },
      reserve: (events, state) => contactEmailReservations(events, state).reserve,
    }),
  );
  return { contactId, version: result.version, position: result.position, duplicate: result.duplicate };
}

export async function changeContact(ctx: Ctx, input: ContactOp & { contactId: string; body: ContactWrite }) {
  const { clientId, contactId, body } = input;
  const known = { fields: (await loadFields(ctx, clientId)).contact, companyExists: await companyExists(ctx, clientId, body.companyId) };
  const result = await emailGuard(body.email, () =>
    handleCommand(ctx, {
      streamId: contactStreamId(contactId),
      decider: contactDecider,
      command: { type: 'contacts.ChangeContact', data: { contactId, clientId, input: contactInput(body), known } },
      meta: { userId: input.userId, expectedVersion: body.expectedVersion },
      reserve: (events, state) => contactEmailReservations(events, state).reserve,
      release: (events, state) => contactEmailReservations(events, state).release,
    }),
  );
  return { contactId, version: result.version, position: result.position };
}

export async function deleteContact(ctx: Ctx, input: ContactOp & { contactId: string }) {
  const { clientId, contactId } = input;
  const result = await handleCommand(ctx, {
    streamId: contactStreamId(contactId),
    decider: contactDecider,
    command: { type: 'contacts.DeleteContact', data: { contactId, clientId } },
    meta: { userId: input.userId },
    release: (events, state) => contactEmailReservations(events, state).release,
  });
  return { contactId, position: result.position };
}

export async function createCompany(ctx: Ctx, input: ContactOp & { companyId: string; body: CompanyWrite }) {
  const { clientId, companyId, body } = input;
  const fields = (await loadFields(ctx, clientId)).company;
  const result = await handleCommand(ctx, {
    streamId: companyStreamId(companyId),
    decider: companyDecider,
    command: { type: 'contacts.CreateCompany', data: { companyId, clientId, input: companyInput(body), fields } },
    meta: { commandId: `company-create:${companyId}`, userId: input.userId },
  });
  return { companyId, version: result.version, position: result.position, duplicate: result.duplicate };
}

export async function changeCompany(ctx: Ctx, input: ContactOp & { companyId: string; body: CompanyWrite }) {
  const { clientId, companyId, body } = input;
  const fields = (await loadFields(ctx, clientId)).company;
  const result = await handleCommand(ctx, {
    streamId: companyStreamId(companyId),
    decider: companyDecider,
    command: { type: 'contacts.ChangeCompany', data: { companyId, clientId, input: companyInput(body), fields } },
    meta: { userId: input.userId, expectedVersion: body.expectedVersion },
  });
  return { companyId, version: result.version, position: result.position };
}

/** Deletes a company that no contact names any more (checked on the read model). */
export async function deleteCompany(ctx: Ctx & Pick<AppContext, 'db'>, input: ContactOp & { companyId: string }) {
  const { clientId, companyId } = input;
  const n = await contactsOfCompany(ctx.db, companyId);
  if (n > 0) throw new DomainError('COMPANY_HAS_CONTACTS', m.companyHasContacts(n), 409);
  const result = await handleCommand(ctx, {
    streamId: companyStreamId(companyId),
    decider: companyDecider,
    command: { type: 'contacts.DeleteCompany', data: { companyId, clientId } },
    meta: { userId: input.userId },
  });
  return { companyId, position: result.position };
}

