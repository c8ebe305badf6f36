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
