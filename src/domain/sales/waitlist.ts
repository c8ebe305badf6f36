/**
 * The waiting list of one event (stream `sales-waitlist-<eventId>`): people who asked for a group of tickets of a
 * sold-out type, in the order they joined, and what became of each entry.
 *
 *   waiting --(seats freed that fit the whole group)--> offered --(order paid)--> purchased
 *                                                        offered --(hold over unpaid, or cancelled)--> expired
 *
 * An offer is a reservation of the group's seats held for the person (an order of the sales module) and a
 * time-limited link to pay it. A group is never split: an entry is offered only when all its seats are free, and
 * a smaller entry further down may get seats a larger one above it cannot use. An entry is offered once: an
 * expired offer is not offered again; its seats are freed and pass to the next entry. Pure.
 */
import type { WaitlistState } from '../../contracts/sales-codes.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.codes;

export const waitlistStreamId = (eventId: string) => `sales-waitlist-${eventId}`;

export interface WaitlistEntry {
  entryId: string;
  eventId: string;
  /** 1 = first to join the event's list. */
  position: number;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  name: string;
  email: string;
  state: WaitlistState;
  orderId: string | null;
  offeredUntil: string | null;
  joinedAt: string;
  updatedAt: string;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type WaitlistJoined = E<
  'sales.WaitlistJoined',
  { eventId: string; entryId: string; ticketTypeId: string; ticketTypeName: string; quantity: number; name: string; email: string; at: string }
>;
export type WaitlistOffered = E<'sales.WaitlistOffered', { eventId: string; entryId: string; orderId: string; until: string; at: string }>;
export type WaitlistOfferClosed = E<
  'sales.WaitlistOfferClosed',
  { eventId: string; entryId: string; orderId: string; outcome: 'purchased' | 'expired'; at: string }
>;
export type WaitlistEvent = WaitlistJoined | WaitlistOffered | WaitlistOfferClosed;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type JoinWaitlist = C<
  'sales.JoinWaitlist',
  {
    eventId: string;
    entryId: string;
    ticketTypeId: string;
    ticketTypeName: string;
    quantity: number;
    name: string;
    email: string;
    /** Seats of this type a buyer could reserve right now (type quota and event capacity). */
    available: number;
    minPerOrder: number;
    maxPerOrder: number;
  }
>;
export type OfferSeats = C<'sales.OfferSeats', { entryId: string; orderId: string; until: string }>;
export type CloseOffer = C<'sales.CloseOffer', { entryId: string; outcome: 'purchased' | 'expired' }>;
export type WaitlistCommand = JoinWaitlist | OfferSeats | CloseOffer;

export interface WaitlistListState {
  entries: Record<string, WaitlistEntry>;
  /** Entry ids in joining order. */
  order: string[];
}

export const initialState = (): WaitlistListState => ({ entries: {}, order: [] });

const emailKey = (email: string) => email.trim().toLowerCase();

export function decide(command: WaitlistCommand, state: WaitlistListState, ctx: DecideContext): WaitlistEvent[] {
  const at = ctx.now.toISOString();
  switch (command.type) {
    case 'sales.JoinWaitlist': {
      const d = command.data;
      if (state.entries[d.entryId]) return []; // a retry
      if (d.quantity > d.maxPerOrder) throw new DomainError('WAITLIST_OVER_MAX', m.waitlistOverMax(d.maxPerOrder), 400, { field: 'quantity' });
      if (d.quantity < d.minPerOrder) throw new DomainError('WAITLIST_UNDER_MIN', m.waitlistUnderMin(d.minPerOrder), 400, { field: 'quantity' });
      if (d.available >= d.quantity) throw new DomainError('NOT_SOLD_OUT', m.waitlistNotSoldOut, 409);
      const open = Object.values(state.entries).some(
        (x) => x.ticketTypeId === d.ticketTypeId && emailKey(x.email) === emailKey(d.email) && (x.state === 'waiting' || x.state === 'offered'),
      );
      if (open) throw new DomainError('ALREADY_ON_WAITLIST', m.waitlistAlready, 409, { field: 'email' });
      const { eventId, entryId, ticketTypeId, ticketTypeName, quantity, name, email } = d;
      return [{ type: 'sales.WaitlistJoined', data: { eventId, entryId, ticketTypeId, ticketTypeName, quantity, name, email: email.trim(), at } }];
    }
    case 'sales.OfferSeats': {
      const entry = state.entries[command.data.entryId];
      if (!entry) throw new NotFoundError('WAITLIST_ENTRY_NOT_FOUND', m.waitlistEntryNotFound);
      if (entry.orderId === command.data.orderId) return []; // the same offer recorded again
      if (entry.state !== 'waiting') throw new DomainError('WAITLIST_NOT_WAITING', m.waitlistNotWaiting, 409);
      return [{ type: 'sales.WaitlistOffered', data: { eventId: entry.eventId, entryId: entry.entryId, orderId: command.data.orderId, until: command.data.until, at } }];
    }
    case 'sales.CloseOffer': {
      const entry = state.entries[command.data.entryId];
      if (!entry) throw new NotFoundError('WAITLIST_ENTRY_NOT_FOUND', m.waitlistEntryNotFound);
      if (entry.state === command.data.outcome) return [];
      if (entry.state !== 'offered' || !entry.orderId) throw new DomainError('WAITLIST_NOT_OFFERED', m.waitlistNotOffered, 409);
      return [{ type: 'sales.WaitlistOfferClosed', data: { eventId: entry.eventId, entryId: entry.entryId, orderId: entry.orderId, outcome: command.data.outcome, at } }];
    }
  }
}

export function evolve(state: WaitlistListState, event: WaitlistEvent): WaitlistListState {
  switch (event.type) {
    case 'sales.WaitlistJoined': {
      const { at, ...d } = event.data;
      const entry: WaitlistEntry = { ...d, position: state.order.length + 1, state: 'waiting', orderId: null, offeredUntil: null, joinedAt: at, updatedAt: at };
      return { entries: { ...state.entries, [d.entryId]: entry }, order: [...state.order, d.entryId] };
    }
    case 'sales.WaitlistOffered': {
      const e = state.entries[event.data.entryId];
      if (!e) return state;
      const next: WaitlistEntry = { ...e, state: 'offered', orderId: event.data.orderId, offeredUntil: event.data.until, updatedAt: event.data.at };
      return { ...state, entries: { ...state.entries, [e.entryId]: next } };
    }
    case 'sales.WaitlistOfferClosed': {
      const e = state.entries[event.data.entryId];
      if (!e) return state;
      return { ...state, entries: { ...state.entries, [e.entryId]: { ...e, state: event.data.outcome, updatedAt: event.data.at } } };
    }
  }
}

export const waitlistDecider: Decider<WaitlistCommand, WaitlistEvent, WaitlistListState> = { decide, evolve, initialState };

/**
 * The first waiting entry (joining order) whose whole group fits in the seats left of its type, skipping the ids
 * in `skip` (entries whose reservation was just refused). Null: nobody fits.
 */
export function firstFitting(state: WaitlistListState, left: (ticketTypeId: string) => number, skip: ReadonlySet<string> = new Set()): WaitlistEntry | null {
  for (const id of state.order) {
    const e = state.entries[id];
    if (e.state !== 'waiting' || skip.has(id)) continue;
    if (e.quantity <= left(e.ticketTypeId)) return e;
  }
  return null;
}

/** Entries with an offer out, by order id. */
export function offersByOrder(state: WaitlistListState): Map<string, WaitlistEntry> {
  const out = new Map<string, WaitlistEntry>();
  for (const e of Object.values(state.entries)) if (e.state === 'offered' && e.orderId) out.set(e.orderId, e);
  return out;
}
