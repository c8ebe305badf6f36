import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../src/contracts/contacts.js';
import {
  contactDecider,
  contactEmailReservations,
  type ContactCreated,
  type ContactInput,
  type ContactKnowledge,
  type ContactProfile,
} from '../../src/domain/contacts/contact.js';
import { companyDecider } from '../../src/domain/contacts/company.js';
import { checkValues, fieldsDecider } from '../../src/domain/contacts/fields.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(contactDecider);
const at = SPEC_NOW.toISOString();
const CLIENT = '00000000-0000-4000-8000-0000000c11e7';
const ID = '11111111-1111-4111-8111-111111111111';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const fields: CustomField[] = [
  { key: 'size', label: 'Talla', type: 'choice', required: true, options: ['S', 'M', 'L'] },
  { key: 'age', label: 'Edad', type: 'number', required: false, options: [] },
  { key: 'birthday', label: 'Cumpleaños', type: 'date', required: false, options: [] },
  { key: 'topics', label: 'Temas', type: 'multiChoice', required: false, options: ['a', 'b', 'c'] },
  { key: 'note', label: 'Nota', type: 'text', required: false, options: [] },
];
const known: ContactKnowledge = { fields, companyExists: true };
const input: ContactInput = { name: ' José Pérez ', email: 'Jose@Correo.PE', phone: '+51 987 654 321', fields: { size: 'M' }, consent: { email: { status: 'granted', source: 'formulario' } } };
const profile: ContactProfile = {
  name: 'José Pérez',
  email: 'jose@correo.pe',
  phone: '+51987654321',
  companyId: null,
  consent: { email: { status: 'granted', source: 'formulario', at }, whatsapp: null },
  fields: { size: 'M' },
};
const created: ContactCreated = { type: 'contacts.ContactCreated', data: { contactId: ID, clientId: CLIENT, profile, by: SPEC_USER_ID, at } };
const later = new Date(SPEC_NOW.getTime() + 60_000);

describe('contacts.CreateContact', () => {
  it('creates the contact with a normalized e-mail and phone, dated consent and checked custom fields', () => {
    spec.when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input, known } }).then([created]);
  });
  it('reserves the e-mail and the phone per organizer', () => {
    expect(contactEmailReservations([created], contactDecider.initialState())).toEqual({
      reserve: [
        { scope: 'contacts.contact-email', value: `${CLIENT}:jose@correo.pe` },
        { scope: 'contacts.contact-phone', value: `${CLIENT}:+51987654321` },
      ],
      release: [],
    });
  });
  it('refuses a phone that is not E.164', () => {
    spec.when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, phone: '98765' }, known } }).thenThrows(DomainError, (e) => e.code === 'PHONE_INVALID');
  });
  it('refuses a company that is not the organizer’s', () => {
    spec
      .when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, companyId: COMPANY }, known: { fields, companyExists: false } } })
      .thenThrows(DomainError, (e) => e.code === 'COMPANY_NOT_FOUND');
  });
  it('refuses a missing required field and a value that is not an option, each named', () => {
    const e = spec
      .when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, fields: { age: 'viejo' } }, known } })
      .thenThrows(DomainError, (e) => e.code === 'FIELDS_INVALID') as DomainError;
    expect(e.details?.errors).toEqual([
      { path: 'fields.size', message: 'El campo «Talla» es obligatorio.' },
      { path: 'fields.age', message: 'El campo «Edad» debe ser un número.' },
    ]);
  });
  it('refuses an id already used', () => {
    spec.given([created]).when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input, known } }).thenThrows(DomainError, (e) => e.code === 'CLIENT_ID_TAKEN');
  });
});

describe('contacts.ChangeContact', () => {
  it('records only the fields that changed, with before and after', () => {
    spec
      .given([created])
      .when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, name: 'José Pérez Díaz', fields: { size: 'L', age: 40 } }, known } }, { now: later })
      .then([
        {
          type: 'contacts.ContactChanged',
          data: {
            contactId: ID,
            clientId: CLIENT,
            changes: { 'fields.age': { before: null, after: 40 }, 'fields.size': { before: 'M', after: 'L' }, name: { before: 'José Pérez', after: 'José Pérez Díaz' } },
            by: SPEC_USER_ID,
            at: later.toISOString(),
          },
        },
      ]);
  });
  it('keeps the consent’s first date while its status holds, and dates a withdrawal', () => {
    spec
      .given([created])
      .when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, consent: { email: { status: 'withdrawn', source: 'baja por correo' } } }, known } }, { now: later })
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0].type === 'contacts.ContactChanged' && events[0].data.changes).toEqual({
          'consent.email': { before: profile.consent.email, after: { status: 'withdrawn', source: 'baja por correo', at: later.toISOString() } },
        });
      });
    spec.given([created]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input, known } }, { now: later }).then([]);
  });
  it('moves the e-mail reservation when the e-mail changes', () => {
    const [changed] = spec.given([created]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, email: 'nuevo@correo.pe' }, known } }).then(() => {});
    const state = contactDecider.evolve(contactDecider.initialState(), created);
    expect(contactEmailReservations([changed], state)).toEqual({
      reserve: [{ scope: 'contacts.contact-email', value: `${CLIENT}:nuevo@correo.pe` }],
      release: [{ scope: 'contacts.contact-email', value: `${CLIENT}:jose@correo.pe` }],
    });
  });
  it('refuses another organizer’s contact as unknown', () => {
    spec.given([created]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: 'otro', input, known } }).thenThrows(NotFoundError);
  });
});

describe('contacts.DeleteContact', () => {
  it('deletes with the name for the audit and releases the e-mail; a second delete is nothing', () => {
    const deleted = { type: 'contacts.ContactDeleted' as const, data: { contactId: ID, clientId: CLIENT, name: 'José Pérez', by: SPEC_USER_ID, at } };
    spec.given([created]).when({ type: 'contacts.DeleteContact', data: { contactId: ID, clientId: CLIENT } }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'contacts.DeleteContact', data: { contactId: ID, clientId: CLIENT } }).then([]);
    spec.given([created, deleted]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input, known } }).thenThrows(NotFoundError, (e) => e.code === 'CONTACT_NOT_FOUND');
  });
});

describe('companies and field definitions', () => {
  it('creates and changes a company', () => {
    const c = DeciderSpecification.for(companyDecider);
    const [made] = c.when({ type: 'contacts.CreateCompany', data: { companyId: COMPANY, clientId: CLIENT, input: { name: 'Acme SAC', website: 'acme.pe' }, fields: [] } }).then(() => {});
    c.given([made])
      .when({ type: 'contacts.ChangeCompany', data: { companyId: COMPANY, clientId: CLIENT, input: { name: 'Acme SAC', website: 'acme.com.pe' }, fields: [] } })
      .then((events) => expect(events[0].type === 'contacts.CompanyChanged' && events[0].data.changes).toEqual({ website: { before: 'acme.pe', after: 'acme.com.pe' } }));
  });
  it('refuses choice fields without options and repeated keys', () => {
    const f = DeciderSpecification.for(fieldsDecider);
    f.when({ type: 'contacts.DefineFields', data: { clientId: CLIENT, entity: 'contact', fields: [{ key: 'x', label: 'X', type: 'choice', required: false, options: [] }] } }).thenThrows(
      DomainError,
      (e) => e.code === 'FIELD_OPTIONS_REQUIRED',
    );
    f.when({ type: 'contacts.DefineFields', data: { clientId: CLIENT, entity: 'contact', fields: [fields[1], fields[1]] } }).thenThrows(DomainError, (e) => e.code === 'FIELD_KEY_REPEATED');
  });
  it('checks values: dates, multi-choice in option order, unknown keys', () => {
    expect(checkValues(fields, { size: 'S', birthday: '2000-02-29', topics: ['c', 'a'], note: '  hola ' })).toEqual({ size: 'S', birthday: '2000-02-29', topics: ['a', 'c'], note: 'hola' });
    expect(() => checkValues(fields, { size: 'S', birthday: '2001-02-29' })).toThrow(DomainError);
    expect(() => checkValues(fields, { size: 'S', color: 'rojo' })).toThrow(expect.objectContaining({ code: 'FIELD_INVALID', messagePublic: 'El campo «color» no está definido.' }));
  });
});
