/**
 * The floor plan of an event's exhibition (stream `exhibitor-stands-<eventId>`): its plan image, its stands
 * (rectangles in percent of the plan, with size, price and zone) and the companies' reservations of them.
 *
 * A stand is sold exactly once: every reservation is decided on the whole plan and appended at the version it was
 * decided on (handleCommand's versioned append). Ten companies reserving one stand at once: one append wins, the
 * others are decided again on the plan that holds it and refused (STAND_TAKEN).
 *
 * A reservation holds its stand until the expiry job (at `holdUntil`) expires it, or its sales order is paid and
 * the stand is sold. Pure: time, ids and the acting user come in through DecideContext.
 */
import type { Currency } from '../../contracts/events.js';
import { STAND_CODE_MAX, ZONE_MAX, type MaterialKind, type StandCompanyInput, type StandInput, type StandStatus } from '../../contracts/exhibitor-stands.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import { normalizeCompany } from './company.js';

const m = messages.exhibitor.stands;

export const standsStreamId = (eventId: string) => `exhibitor-stands-${eventId}`;

export interface StandDef {
  standId: string;
  code: string;
  x: number;
  y: number;
  w: number;
  h: number;
  area: number;
  price: number;
  currency: Currency;
  zone: string;
  blocked: boolean;
}
export interface StandCompany {
  ruc: string;
  name: string;
  sector: string;
  address: string;
}
export interface Material {
  kind: MaterialKind;
  url: string;
  fileName: string;
  size: number;
  at: string;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type StandPlanImageSet = E<'exhibitor.StandPlanImageSet', { eventId: string; imageUrl: string | null; by: string | null; at: string }>;
export type StandSaved = E<'exhibitor.StandSaved', { eventId: string; stand: StandDef; by: string | null; at: string }>;
export type StandRemoved = E<'exhibitor.StandRemoved', { eventId: string; standId: string; by: string | null; at: string }>;
export type StandReserved = E<
  'exhibitor.StandReserved',
  { eventId: string; reservationId: string; standId: string; orderId: string; company: StandCompany; holdUntil: string; at: string }
>;
export type StandReservationExpired = E<'exhibitor.StandReservationExpired', { eventId: string; reservationId: string; standId: string; at: string }>;
export type StandSold = E<'exhibitor.StandSold', { eventId: string; reservationId: string; standId: string; orderId: string; at: string }>;
export type StandReservationUpdated = E<'exhibitor.StandReservationUpdated', { eventId: string; reservationId: string; company: StandCompany; at: string }>;
export type StandMaterialUploaded = E<'exhibitor.StandMaterialUploaded', { eventId: string; reservationId: string; material: Material; at: string }>;
export type StandsEvent =
  | StandPlanImageSet
  | StandSaved
  | StandRemoved
  | StandReserved
  | StandReservationExpired
  | StandSold
  | StandReservationUpdated
  | StandMaterialUploaded;
export const STANDS_EVENT_TYPES = [
  'exhibitor.StandPlanImageSet',
  'exhibitor.StandSaved',
  'exhibitor.StandRemoved',
  'exhibitor.StandReserved',
  'exhibitor.StandReservationExpired',
  'exhibitor.StandSold',
  'exhibitor.StandReservationUpdated',
  'exhibitor.StandMaterialUploaded',
] as const;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type SetPlanImage = C<'exhibitor.SetPlanImage', { eventId: string; imageUrl: string | null }>;
export type SaveStand = C<'exhibitor.SaveStand', { eventId: string; standId: string; input: StandInput }>;
export type RemoveStand = C<'exhibitor.RemoveStand', { eventId: string; standId: string }>;
export type ReserveStand = C<
  'exhibitor.ReserveStand',
  { eventId: string; reservationId: string; standId: string; orderId: string; company: StandCompanyInput; holdUntil: string }
>;
export type ExpireStandReservation = C<'exhibitor.ExpireStandReservation', { reservationId: string }>;
/** The reservation's sales order was paid. */
export type SellStand = C<'exhibitor.SellStand', { reservationId: string }>;
export type UpdateStandReservation = C<'exhibitor.UpdateStandReservation', { reservationId: string; company: StandCompanyInput }>;
export type AddStandMaterial = C<'exhibitor.AddStandMaterial', { reservationId: string; material: Omit<Material, 'at'> }>;
export type StandsCommand = SetPlanImage | SaveStand | RemoveStand | ReserveStand | ExpireStandReservation | SellStand | UpdateStandReservation | AddStandMaterial;

export interface ReservationState {
  reservationId: string;
  standId: string;
  orderId: string;
  company: StandCompany;
  holdUntil: string;
  status: 'held' | 'sold' | 'expired';
  materials: Partial<Record<MaterialKind, Material>>;
}

export interface StandsState {
  eventId: string | null;
  imageUrl: string | null;
  stands: Record<string, StandDef>;
  /** The reservation holding or owning each stand (held or sold). */
  holder: Record<string, string>;
  reservations: Record<string, ReservationState>;
  version: number;
}

export const initialState = (): StandsState => ({ eventId: null, imageUrl: null, stands: {}, holder: {}, reservations: {}, version: 0 });

/** A stand's status as the plan shows it. */
export function standStatus(state: StandsState, standId: string): StandStatus {
  const stand = state.stands[standId];
  const holder = state.holder[standId];
  if (holder) return state.reservations[holder]?.status === 'sold' ? 'sold' : 'reserved';
  return stand?.blocked ? 'blocked' : 'free';
}

const invalid = (code: string, message: string, field: string) => new DomainError(code, message, 400, { field });
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A request's stand, trimmed and checked; throws the first refusal (with its field). */
export function normalizeStand(standId: string, input: StandInput): StandDef {
  const code = input.code.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!code) throw invalid('CODE_REQUIRED', m.codeRequired, 'code');
  if (code.length > STAND_CODE_MAX) throw invalid('CODE_REQUIRED', m.codeRequired, 'code');
  const [x, y, w, h] = [input.x, input.y, input.w, input.h].map(round2) as [number, number, number, number];
  if (w <= 0 || h <= 0 || x + w > 100.001 || y + h > 100.001) throw invalid('BAD_GEOMETRY', m.badGeometry, 'x');
  if (!(input.area > 0)) throw invalid('AREA_INVALID', m.areaInvalid, 'area');
  if (!(input.price > 0)) throw invalid('PRICE_INVALID', m.priceInvalid, 'price');
  const zone = (input.zone ?? '').trim().replace(/\s+/g, ' ').slice(0, ZONE_MAX);
  return { standId, code, x, y, w, h, area: round2(input.area), price: input.price, currency: input.currency, zone, blocked: input.blocked ?? false };
}

/** The company of a reservation: its RUC checked like an exhibitor company's (SUNAT's check digit). */
export function normalizeStandCompany(input: StandCompanyInput): StandCompany {
  const p = normalizeCompany({ ruc: input.ruc, name: input.name, sector: input.sector ?? '', quantityExhibitors: 0, quantitySpeakers: 0 });
  return { ruc: p.ruc, name: p.name, sector: p.sector, address: (input.address ?? '').trim().replace(/\s+/g, ' ') };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function reservationOf(state: StandsState, reservationId: string): ReservationState {
  const r = state.reservations[reservationId];
  if (!r) throw new NotFoundError('RESERVATION_NOT_FOUND', m.reservationNotFound);
  return r;
}

export function decide(command: StandsCommand, state: StandsState, ctx: DecideContext): StandsEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'exhibitor.SetPlanImage':
      if (command.data.imageUrl === state.imageUrl) return [];
      return [{ type: 'exhibitor.StandPlanImageSet', data: { eventId: command.data.eventId, imageUrl: command.data.imageUrl, by, at } }];
    case 'exhibitor.SaveStand': {
      const { eventId, standId } = command.data;
      const stand = normalizeStand(standId, command.data.input);
      if (Object.values(state.stands).some((s) => s.standId !== standId && s.code === stand.code)) throw new DomainError('CODE_TAKEN', m.codeTaken(stand.code), 409, { field: 'code' });
      const before = state.stands[standId];
      if (before && same(before, stand)) return [];
      // A held or sold stand may move on the plan; what was sold (price, size, code, zone) stays as sold.
      if (before && state.holder[standId]) {
        const fixed = (s: StandDef) => [s.code, s.area, s.price, s.currency, s.zone, s.blocked, s.w, s.h];
        if (!same(fixed(before), fixed(stand))) throw new DomainError('STAND_NOT_EDITABLE', m.notEditable, 409);
      }
      return [{ type: 'exhibitor.StandSaved', data: { eventId, stand, by, at } }];
    }
    case 'exhibitor.RemoveStand': {
      const { eventId, standId } = command.data;
      if (!state.stands[standId]) throw new NotFoundError('STAND_NOT_FOUND', m.notFound);
      if (state.holder[standId]) throw new DomainError('STAND_NOT_REMOVABLE', m.notRemovable, 409);
      return [{ type: 'exhibitor.StandRemoved', data: { eventId, standId, by, at } }];
    }
    case 'exhibitor.ReserveStand': {
      const { eventId, reservationId, standId, orderId, holdUntil } = command.data;
      if (state.reservations[reservationId]) throw new DomainError('RESERVATION_ID_TAKEN', m.reservationIdTaken, 409);
      const stand = state.stands[standId];
      if (!stand) throw new NotFoundError('STAND_NOT_FOUND', m.notFound);
      const company = normalizeStandCompany(command.data.company);
      // The guard: one holder per stand (checked on the version the append is made at).
      if (state.holder[standId]) throw new DomainError('STAND_TAKEN', m.taken, 409);
      if (stand.blocked) throw new DomainError('STAND_BLOCKED', m.blocked, 409);
      return [{ type: 'exhibitor.StandReserved', data: { eventId, reservationId, standId, orderId, company, holdUntil, at } }];
    }
    case 'exhibitor.ExpireStandReservation': {
      const r = reservationOf(state, command.data.reservationId);
      if (r.status !== 'held') return [];
      if (ctx.now.getTime() < Date.parse(r.holdUntil)) throw new DomainError('HOLD_NOT_OVER', m.holdNotOver, 409);
      return [{ type: 'exhibitor.StandReservationExpired', data: { eventId: state.eventId!, reservationId: r.reservationId, standId: r.standId, at } }];
    }
    case 'exhibitor.SellStand': {
      const r = reservationOf(state, command.data.reservationId);
      if (r.status === 'sold') return [];
      // Paid after its hold expired: sold only while nobody else took the stand meanwhile.
      if (r.status === 'expired' && (state.holder[r.standId] || !state.stands[r.standId])) throw new DomainError('STAND_GONE', m.standGone, 409);
      return [{ type: 'exhibitor.StandSold', data: { eventId: state.eventId!, reservationId: r.reservationId, standId: r.standId, orderId: r.orderId, at } }];
    }
    case 'exhibitor.UpdateStandReservation': {
      const r = reservationOf(state, command.data.reservationId);
      if (r.status === 'expired') throw new DomainError('RESERVATION_EXPIRED', m.reservationExpired, 409);
      const company = normalizeStandCompany(command.data.company);
      if (same(company, r.company)) return [];
      return [{ type: 'exhibitor.StandReservationUpdated', data: { eventId: state.eventId!, reservationId: r.reservationId, company, at } }];
    }
    case 'exhibitor.AddStandMaterial': {
      const r = reservationOf(state, command.data.reservationId);
      if (r.status !== 'sold') throw new DomainError('NOT_PAID', m.notPaid, 409);
      return [{ type: 'exhibitor.StandMaterialUploaded', data: { eventId: state.eventId!, reservationId: r.reservationId, material: { ...command.data.material, at }, at } }];
    }
  }
}

export function evolve(state: StandsState, event: StandsEvent): StandsState {
  const version = state.version + 1;
  const base = { ...state, eventId: state.eventId ?? event.data.eventId, version };
  switch (event.type) {
    case 'exhibitor.StandPlanImageSet':
      return { ...base, imageUrl: event.data.imageUrl };
    case 'exhibitor.StandSaved':
      return { ...base, stands: { ...state.stands, [event.data.stand.standId]: event.data.stand } };
    case 'exhibitor.StandRemoved': {
      const { [event.data.standId]: _gone, ...stands } = state.stands;
      return { ...base, stands };
    }
    case 'exhibitor.StandReserved': {
      const d = event.data;
      const reservation: ReservationState = { reservationId: d.reservationId, standId: d.standId, orderId: d.orderId, company: d.company, holdUntil: d.holdUntil, status: 'held', materials: {} };
      return { ...base, holder: { ...state.holder, [d.standId]: d.reservationId }, reservations: { ...state.reservations, [d.reservationId]: reservation } };
    }
    case 'exhibitor.StandReservationExpired': {
      const { [event.data.standId]: _freed, ...holder } = state.holder;
      return { ...base, holder: state.holder[event.data.standId] === event.data.reservationId ? holder : state.holder, reservations: withReservation(state, event.data.reservationId, { status: 'expired' }) };
    }
    case 'exhibitor.StandSold':
      return { ...base, holder: { ...state.holder, [event.data.standId]: event.data.reservationId }, reservations: withReservation(state, event.data.reservationId, { status: 'sold' }) };
    case 'exhibitor.StandReservationUpdated':
      return { ...base, reservations: withReservation(state, event.data.reservationId, { company: event.data.company }) };
    case 'exhibitor.StandMaterialUploaded': {
      const r = state.reservations[event.data.reservationId];
      return { ...base, reservations: withReservation(state, event.data.reservationId, { materials: { ...r?.materials, [event.data.material.kind]: event.data.material } }) };
    }
  }
}

function withReservation(state: StandsState, reservationId: string, patch: Partial<ReservationState>): Record<string, ReservationState> {
  const r = state.reservations[reservationId];
  return r ? { ...state.reservations, [reservationId]: { ...r, ...patch } } : state.reservations;
}

export const standsDecider: Decider<StandsCommand, StandsEvent, StandsState> = { decide, evolve, initialState };

/** The reservation of a sales order (null: the order is not a stand's). */
export const reservationOfOrder = (state: StandsState, orderId: string) => Object.values(state.reservations).find((r) => r.orderId === orderId) ?? null;
