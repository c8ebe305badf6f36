import { describe, it } from 'vitest';
import type { StandInput } from '../../src/contracts/exhibitor-stands.js';
import { standsDecider, type StandDef, type StandsEvent } from '../../src/domain/exhibitor/stands.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(standsDecider);
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const STAND = '00000000-0000-4000-8000-0000000000a1';
const RES = '00000000-0000-4000-8000-0000000000b1';
const ORDER = '00000000-0000-4000-8000-0000000000c1';
const at = SPEC_NOW.toISOString();
const later = new Date(SPEC_NOW.getTime() + 15 * 60_000).toISOString();
const input = (over: Partial<StandInput> = {}): StandInput => ({ code: ' a1 ', x: 10, y: 10, w: 20, h: 15, area: 9, price: 150000, currency: 'PEN', zone: ' Pabellón A ', blocked: false, ...over });
const stand: StandDef = { standId: STAND, code: 'A1', x: 10, y: 10, w: 20, h: 15, area: 9, price: 150000, currency: 'PEN', zone: 'Pabellón A', blocked: false };
const saved: StandsEvent = { type: 'exhibitor.StandSaved', data: { eventId: EVENT, stand, by: SPEC_USER_ID, at } };
const company = { ruc: '20100070970', name: 'Café Andino SAC', sector: 'Alimentos', address: 'Av. Arequipa 123' };
const reserved: StandsEvent = { type: 'exhibitor.StandReserved', data: { eventId: EVENT, reservationId: RES, standId: STAND, orderId: ORDER, company, holdUntil: later, at } };
const expired: StandsEvent = { type: 'exhibitor.StandReservationExpired', data: { eventId: EVENT, reservationId: RES, standId: STAND, at } };
const sold: StandsEvent = { type: 'exhibitor.StandSold', data: { eventId: EVENT, reservationId: RES, standId: STAND, orderId: ORDER, at } };
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;
const reserve = (reservationId = RES, over: Record<string, unknown> = {}) =>
  ({ type: 'exhibitor.ReserveStand', data: { eventId: EVENT, reservationId, standId: STAND, orderId: ORDER, company, holdUntil: later, ...over } }) as const;

describe('SaveStand', () => {
  it('given nothing, when saving a stand, then it is saved trimmed with its code in capitals', () => {
    spec.given([]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input() } }).then([saved]);
  });
  it('given a stand A1, when another stand takes code A1, then CODE_TAKEN', () => {
    spec.given([saved]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: RES, input: input() } }).thenThrows(code('CODE_TAKEN'));
  });
  it('given nothing, when the stand leaves the plan, has no area or no price, then BAD_GEOMETRY, AREA_INVALID, PRICE_INVALID', () => {
    spec.given([]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input({ x: 90 }) } }).thenThrows(code('BAD_GEOMETRY'));
    spec.given([]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input({ area: 0 }) } }).thenThrows(code('AREA_INVALID'));
    spec.given([]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input({ price: 0 }) } }).thenThrows(code('PRICE_INVALID'));
  });
  it('given a reserved stand, when moving it, then it moves; when changing its price, then STAND_NOT_EDITABLE', () => {
    spec.given([saved, reserved]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input({ x: 50 }) } }).then([
      { type: 'exhibitor.StandSaved', data: { eventId: EVENT, stand: { ...stand, x: 50 }, by: SPEC_USER_ID, at } },
    ]);
    spec.given([saved, reserved]).when({ type: 'exhibitor.SaveStand', data: { eventId: EVENT, standId: STAND, input: input({ price: 1 }) } }).thenThrows(code('STAND_NOT_EDITABLE'));
  });
  it('given a sold stand, when removing it, then STAND_NOT_REMOVABLE; given a free one, then removed', () => {
    spec.given([saved, reserved, sold]).when({ type: 'exhibitor.RemoveStand', data: { eventId: EVENT, standId: STAND } }).thenThrows(code('STAND_NOT_REMOVABLE'));
    spec.given([saved]).when({ type: 'exhibitor.RemoveStand', data: { eventId: EVENT, standId: STAND } }).then([{ type: 'exhibitor.StandRemoved', data: { eventId: EVENT, standId: STAND, by: SPEC_USER_ID, at } }]);
  });
});

describe('ReserveStand', () => {
  it('given a free stand, when a company reserves it, then it is held until holdUntil', () => {
    spec.given([saved]).when(reserve()).then([reserved]);
  });
  it('given a held stand, when another company reserves it, then STAND_TAKEN', () => {
    spec.given([saved, reserved]).when(reserve('00000000-0000-4000-8000-0000000000b2')).thenThrows(code('STAND_TAKEN'));
  });
  it('given a stand whose hold expired, when another company reserves it, then it is held again', () => {
    spec.given([saved, reserved, expired]).when(reserve('00000000-0000-4000-8000-0000000000b2')).then((events) => {
      if (events[0]?.type !== 'exhibitor.StandReserved') throw new Error('not reserved');
    });
  });
  it('given a blocked stand, when reserved, then STAND_BLOCKED; given no stand, then STAND_NOT_FOUND; a wrong RUC, then RUC_INVALID', () => {
    spec.given([{ ...saved, data: { ...saved.data, stand: { ...stand, blocked: true } } } as StandsEvent]).when(reserve()).thenThrows(code('STAND_BLOCKED'));
    spec.given([]).when(reserve()).thenThrows(NotFoundError);
    spec.given([saved]).when(reserve(RES, { company: { ...company, ruc: '20100070971' } })).thenThrows(code('RUC_INVALID'));
  });
});

describe('ExpireStandReservation and SellStand', () => {
  it('given a held stand before its holdUntil, when expiring, then HOLD_NOT_OVER; after it, then expired and free', () => {
    spec.given([saved, reserved]).when({ type: 'exhibitor.ExpireStandReservation', data: { reservationId: RES } }).thenThrows(code('HOLD_NOT_OVER'));
    spec
      .given([saved, reserved])
      .when({ type: 'exhibitor.ExpireStandReservation', data: { reservationId: RES } }, { now: new Date(Date.parse(later) + 1000) })
      .thenState((s) => {
        if (s.holder[STAND] || s.reservations[RES]?.status !== 'expired') throw new Error('not freed');
      });
  });
  it('given a held stand, when its order is paid, then sold; again, then nothing', () => {
    spec.given([saved, reserved]).when({ type: 'exhibitor.SellStand', data: { reservationId: RES } }).then([sold]);
    spec.given([saved, reserved, sold]).when({ type: 'exhibitor.SellStand', data: { reservationId: RES } }).then([]);
  });
  it('given an expired hold whose stand another company took, when the late payment sells it, then STAND_GONE', () => {
    const other = { ...reserved, data: { ...reserved.data, reservationId: '00000000-0000-4000-8000-0000000000b2' } } as StandsEvent;
    spec.given([saved, reserved, expired, other]).when({ type: 'exhibitor.SellStand', data: { reservationId: RES } }).thenThrows(code('STAND_GONE'));
  });
  it('given a held stand, when adding material, then NOT_PAID; given it sold, then recorded', () => {
    const material = { kind: 'logo' as const, url: '/api/v2/files/x.png', fileName: 'x.png', size: 10 };
    spec.given([saved, reserved]).when({ type: 'exhibitor.AddStandMaterial', data: { reservationId: RES, material } }).thenThrows(code('NOT_PAID'));
    spec.given([saved, reserved, sold]).when({ type: 'exhibitor.AddStandMaterial', data: { reservationId: RES, material } }).then([
      { type: 'exhibitor.StandMaterialUploaded', data: { eventId: EVENT, reservationId: RES, material: { ...material, at }, at } },
    ]);
  });
});
