import { describe, expect, it } from 'vitest';
import {
  contactDecider,
  contactReservations,
  type ContactCreated,
  type ContactInput,
  type ContactKnowledge,
  type ContactProfile,
} from '../../src/domain/contacts/contact.js';
import { checkPhone } from '../../src/domain/contacts/record.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(contactDecider);
const at = SPEC_NOW.toISOString();
const CLIENT = '00000000-0000-4000-8000-0000000c11e8';
const ID = '33333333-3333-4333-8333-333333333333';
const known: ContactKnowledge = { fields: [], companyExists: false };
const input: ContactInput = { name: 'Rosa Quispe', phone: '987 654 321' };
const profile: ContactProfile = { name: 'Rosa Quispe', email: null, phone: '+51987654321', companyId: null, consent: { email: null, whatsapp: null }, fields: {} };
const created: ContactCreated = { type: 'contacts.ContactCreated', data: { contactId: ID, clientId: CLIENT, profile, by: SPEC_USER_ID, at } };
const phone = (p: string) => ({ scope: 'contacts.contact-phone', value: `${CLIENT}:${p}` });

describe('phones as E.164 (libphonenumber-js, Peru by default)', () => {
  it('normalizes national, spaced and international writings to one E.164 number', () => {
    expect(checkPhone('987 654 321')).toBe('+51987654321');
    expect(checkPhone('+51 (987) 654-321')).toBe('+51987654321');
    expect(checkPhone('(01) 411-2233')).toBe('+5114112233');
    expect(checkPhone('+34 612 345 678')).toBe('+34612345678');
    expect(checkPhone('612 345 678', 'ES')).toBe('+34612345678');
    expect(checkPhone('  ')).toBeNull();
  });
  it('refuses numbers that are not valid for their country, in Spanish', () => {
    for (const bad of ['987', '+51 12', 'teléfono', '+999 123456789']) {
      expect(() => checkPhone(bad)).toThrow(DomainError);
    }
    try {
      checkPhone('987');
    } catch (e) {
      expect((e as DomainError).code).toBe('PHONE_INVALID');
      expect((e as DomainError).messagePublic).toMatch(/formato internacional/);
    }
  });
});

describe('the phone reservation', () => {
  it('given nothing, when a contact is created with a national phone, then it is stored and reserved as E.164', () => {
    spec.when({ type: 'contacts.CreateContact', data: { contactId: ID, clientId: CLIENT, input, known } }).then([created]);
    expect(contactReservations([created], contactDecider.initialState())).toEqual({ reserve: [phone('+51987654321')], release: [] });
  });
  it('given a contact, when its phone changes, then the reservation moves in the same append', () => {
    const [changed] = spec
      .given([created])
      .when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, phone: '+51 911 222 333' }, known } })
      .then(() => {});
    const state = contactDecider.evolve(contactDecider.initialState(), created);
    expect(contactReservations([changed], state)).toEqual({ reserve: [phone('+51911222333')], release: [phone('+51987654321')] });
  });
  it('given a contact, when the same phone is written another way, then nothing changes and nothing moves', () => {
    spec.given([created]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, phone: '+51987654321' }, known } }).then([]);
  });
  it('given a contact, when its phone is removed, then the reservation is released', () => {
    const [changed] = spec.given([created]).when({ type: 'contacts.ChangeContact', data: { contactId: ID, clientId: CLIENT, input: { ...input, phone: null }, known } }).then(() => {});
    const state = contactDecider.evolve(contactDecider.initialState(), created);
    expect(contactReservations([changed], state)).toEqual({ reserve: [], release: [phone('+51987654321')] });
  });
  it('given a contact, when it is deleted, then its phone is released', () => {
    const [deleted] = spec.given([created]).when({ type: 'contacts.DeleteContact', data: { contactId: ID, clientId: CLIENT } }).then(() => {});
    const state = contactDecider.evolve(contactDecider.initialState(), created);
    expect(contactReservations([deleted], state)).toEqual({ reserve: [], release: [phone('+51987654321')] });
  });
});

describe('merging two contacts', () => {
  const OTHER = '44444444-4444-4444-8444-444444444444';
  const later = new Date(SPEC_NOW.getTime() + 60_000).toISOString();
  const kept: ContactProfile = { name: 'Rosa Quispe', email: 'rosa@correo.pe', phone: null, companyId: null, consent: { email: { status: 'granted', source: 'formulario', at }, whatsapp: null }, fields: { talla: 'M' } };
  const other: ContactProfile = {
    name: 'Rosa Q.',
    email: 'rosa.q@otro.pe',
    phone: '+51987654321',
    companyId: 'empresa-1',
    consent: { email: { status: 'withdrawn', source: 'baja', at: later }, whatsapp: { status: 'granted', source: 'checkout', at } },
    fields: { talla: 'S', ciudad: 'Cusco' },
  };
  const keptCreated: ContactCreated = { type: 'contacts.ContactCreated', data: { contactId: ID, clientId: CLIENT, profile: kept, by: SPEC_USER_ID, at } };
  const otherCreated: ContactCreated = { type: 'contacts.ContactCreated', data: { contactId: OTHER, clientId: CLIENT, profile: other, by: SPEC_USER_ID, at } };

  it('given a contact, when it is merged into another, then it is marked merged with a pointer and frees its e-mail and phone', () => {
    const [merged] = spec
      .given([otherCreated])
      .when({ type: 'contacts.MergeContactInto', data: { contactId: OTHER, clientId: CLIENT, into: ID, intoName: 'Rosa Quispe' } })
      .then([{ type: 'contacts.ContactMerged', data: { contactId: OTHER, clientId: CLIENT, name: 'Rosa Q.', into: ID, intoName: 'Rosa Quispe', by: SPEC_USER_ID, at } }]);
    const state = contactDecider.evolve(contactDecider.initialState(), otherCreated);
    expect(contactReservations([merged], state)).toEqual({ reserve: [], release: [{ scope: 'contacts.contact-email', value: `${CLIENT}:rosa.q@otro.pe` }, phone('+51987654321')] });
    expect(contactDecider.evolve(state, merged)).toMatchObject({ deleted: true, mergedInto: ID });
    // A repeat is nothing; a change of the merged contact is refused; merging into itself is refused.
    spec.given([otherCreated, merged]).when({ type: 'contacts.MergeContactInto', data: { contactId: OTHER, clientId: CLIENT, into: ID, intoName: 'Rosa Quispe' } }).then([]);
    spec.given([otherCreated, merged]).when({ type: 'contacts.ChangeContact', data: { contactId: OTHER, clientId: CLIENT, input, known } }).thenThrows(DomainError);
    spec.given([otherCreated]).when({ type: 'contacts.MergeContactInto', data: { contactId: OTHER, clientId: CLIENT, into: OTHER, intoName: 'x' } }).thenThrows(DomainError, (e) => e.code === 'CONTACT_MERGE_SELF');
  });

  it('given the kept contact, when it absorbs the other, then it takes what it lacks and the more recent consent, never inventing one', () => {
    const [changed] = spec
      .given([keptCreated])
      .when({ type: 'contacts.AbsorbContact', data: { contactId: ID, clientId: CLIENT, otherId: OTHER, other } })
      .then(() => {});
    expect(changed).toMatchObject({ type: 'contacts.ContactChanged', data: { mergedFrom: OTHER } });
    expect((changed as { data: { changes: unknown } }).data.changes).toEqual({
      phone: { before: null, after: '+51987654321' },
      companyId: { before: null, after: 'empresa-1' },
      'consent.email': { before: kept.consent.email, after: other.consent.email },
      'consent.whatsapp': { before: null, after: other.consent.whatsapp },
      'fields.ciudad': { before: null, after: 'Cusco' },
    });
    const state = contactDecider.evolve(contactDecider.initialState(), keptCreated);
    expect(contactReservations([changed], state)).toEqual({ reserve: [phone('+51987654321')], release: [] });
  });
});
