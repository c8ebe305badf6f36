import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import {
  participantDecider,
  participantIdFor,
  type ParticipantEvent,
  type RegisterParticipant,
} from '../../src/domain/businessConference/participant.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID, specId } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(participantDecider);
const at = SPEC_NOW.toISOString();
const ROUND = '11111111-1111-4111-8111-111111111111';
const EVENT = '22222222-2222-4222-8222-222222222222';
const USER = SPEC_USER_ID;
const OTHER = '44444444-4444-4444-8444-444444444444';
const PID = participantIdFor(ROUND, USER);
const ids = { participantId: PID, roundId: ROUND, eventId: EVENT };
const company = { name: 'Café Andino SAC', ruc: '20100070970', sector: 'Agroindustria', logoUrl: null, description: 'Café de altura' };
const product = { name: 'Café tostado', description: '250 g', sector: 'Agroindustria', imageUrl: null };

const register = (over: Partial<RegisterParticipant['data']> = {}): RegisterParticipant => ({
  type: 'businessConference.RegisterParticipant',
  data: {
    ...ids,
    userId: USER,
    participantType: 'offer',
    email: 'ana@example.com',
    company,
    contactName: 'Ana Quispe',
    phone: '999888777',
    fields: { volumen: 100 },
    products: [],
    productDeadline: null,
    ...over,
  },
});
const registered: ParticipantEvent = {
  type: 'businessConference.ParticipantRegistered',
  data: { ...ids, userId: USER, type: 'offer', email: 'ana@example.com', company, contactName: 'Ana Quispe', phone: '999888777', fields: { volumen: 100 }, at },
};
const productAdded = (productId: string): ParticipantEvent => ({ type: 'businessConference.ProductAdded', data: { ...ids, productId, ...product, at } });
const approved: ParticipantEvent = { type: 'businessConference.ParticipantApproved', data: { ...ids, userId: USER, participantType: 'offer', by: SPEC_USER_ID, at } };

describe('participantIdFor', () => {
  it('is one UUID-shaped id per round and user', () => {
    expect(participantIdFor(ROUND, USER)).toBe(PID);
    expect(PID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(participantIdFor(ROUND, OTHER)).not.toBe(PID);
    expect(participantIdFor(EVENT, USER)).not.toBe(PID);
  });
});

describe('RegisterParticipant', () => {
  it('registers a pending participant with its products', () => {
    spec
      .given([])
      .when(register({ products: [product] }))
      .then([registered, productAdded(specId(1))]);
  });

  it('refuses a second registration of the same user in the round', () => {
    spec
      .given([registered])
      .when(register())
      .thenThrows(DomainError, (e) => e.code === 'ALREADY_REGISTERED' && e.status === 409 && e.details?.participantId === PID);
  });

  it('refuses a RUC whose check digit is wrong', () => {
    spec
      .given([])
      .when(register({ company: { ...company, ruc: '20100070971' } }))
      .thenThrows(DomainError, (e) => e.code === 'INVALID_RUC' && e.details?.field === 'company.ruc');
  });

  it('refuses products of a demander', () => {
    spec
      .given([])
      .when(register({ participantType: 'demand', products: [product] }))
      .thenThrows(DomainError, (e) => e.code === 'PRODUCTS_ONLY_OFFERERS');
  });

  it('refuses products after the product deadline', () => {
    spec
      .given([])
      .when(register({ products: [product], productDeadline: '2026-03-01T00:00:00.000Z' }))
      .thenThrows(DomainError, (e) => e.code === 'PRODUCT_DEADLINE_PASSED' && /1 de marzo de 2026|28 de febrero de 2026/.test(e.messagePublic));
  });
});

describe('UpdateParticipantProfile', () => {
  it('records the new profile', () => {
    spec
      .given([registered])
      .when({ type: 'businessConference.UpdateParticipantProfile', data: { userId: USER, company: { ...company, name: 'Nuevo' }, contactName: 'Ana', phone: null, fields: {} } })
      .then([
        { type: 'businessConference.ParticipantProfileUpdated', data: { ...ids, company: { ...company, name: 'Nuevo' }, contactName: 'Ana', phone: null, fields: {}, by: USER, at } },
      ]);
  });

  it('refuses another user', () => {
    spec
      .given([registered])
      .when({ type: 'businessConference.UpdateParticipantProfile', data: { userId: OTHER, company, contactName: 'X', phone: null, fields: {} } })
      .thenThrows(DomainError, (e) => e.code === 'NOT_YOUR_PARTICIPANT' && e.status === 403);
  });

  it('refuses an unknown participant', () => {
    spec
      .given([])
      .when({ type: 'businessConference.UpdateParticipantProfile', data: { userId: USER, company, contactName: 'X', phone: null, fields: {} } })
      .thenThrows(NotFoundError, (e) => e.code === 'PARTICIPANT_NOT_FOUND');
  });
});

describe('DecideParticipant', () => {
  it('approves a pending participant (the role to grant is its type)', () => {
    spec.given([registered]).when({ type: 'businessConference.DecideParticipant', data: { decision: 'approve', reason: '' } }).then([approved]);
  });

  it('approving again records nothing', () => {
    spec.given([registered, approved]).when({ type: 'businessConference.DecideParticipant', data: { decision: 'approve', reason: '' } }).then([]);
  });

  it('rejects an approved participant (the role is withdrawn)', () => {
    spec
      .given([registered, approved])
      .when({ type: 'businessConference.DecideParticipant', data: { decision: 'reject', reason: 'Fuera del rubro' } })
      .then([{ type: 'businessConference.ParticipantRejected', data: { ...ids, userId: USER, participantType: 'offer', reason: 'Fuera del rubro', by: SPEC_USER_ID, at } }]);
  });

  it('refuses an unknown participant', () => {
    spec.given([]).when({ type: 'businessConference.DecideParticipant', data: { decision: 'approve', reason: '' } }).thenThrows(NotFoundError);
  });
});

describe('products', () => {
  const add = (productDeadline: string | null = null, userId = USER) => ({ type: 'businessConference.AddProduct' as const, data: { ...product, userId, productDeadline } });

  it('an offerer adds a product before the deadline', () => {
    spec.given([registered]).when(add('2026-04-01T00:00:00.000Z')).then([productAdded(specId(1))]);
  });

  it('is refused after the deadline with the date in Spanish', () => {
    spec
      .given([registered])
      .when(add('2026-03-01T12:00:00.000Z'))
      .thenThrows(DomainError, (e) => e.code === 'PRODUCT_DEADLINE_PASSED' && e.messagePublic.includes('marzo'));
  });

  it('is refused to a demander', () => {
    const demander: ParticipantEvent = { ...registered, data: { ...(registered.data as object), type: 'demand' } } as ParticipantEvent;
    spec.given([demander]).when(add()).thenThrows(DomainError, (e) => e.code === 'PRODUCTS_ONLY_OFFERERS');
  });

  it('is refused to another user', () => {
    spec.given([registered]).when(add(null, OTHER)).thenThrows(DomainError, (e) => e.code === 'NOT_YOUR_PARTICIPANT');
  });

  it('updates and removes a product; removing a removed one records nothing', () => {
    const P = specId(9);
    spec
      .given([registered, productAdded(P)])
      .when({ type: 'businessConference.UpdateProduct', data: { ...product, name: 'Café molido', productId: P, userId: USER, productDeadline: null } })
      .then([{ type: 'businessConference.ProductUpdated', data: { ...ids, productId: P, ...product, name: 'Café molido', at } }]);
    spec
      .given([registered, productAdded(P)])
      .when({ type: 'businessConference.RemoveProduct', data: { productId: P, userId: USER, productDeadline: null } })
      .then([{ type: 'businessConference.ProductRemoved', data: { ...ids, productId: P, at } }]);
    spec
      .given([registered, productAdded(P), { type: 'businessConference.ProductRemoved', data: { ...ids, productId: P, at } }])
      .when({ type: 'businessConference.RemoveProduct', data: { productId: P, userId: USER, productDeadline: null } })
      .then([]);
  });

  it('updating an unknown product is a 404', () => {
    spec
      .given([registered])
      .when({ type: 'businessConference.UpdateProduct', data: { ...product, productId: specId(7), userId: USER, productDeadline: null } })
      .thenThrows(NotFoundError, (e) => e.code === 'PRODUCT_NOT_FOUND');
  });
});
