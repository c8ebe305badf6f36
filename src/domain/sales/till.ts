/**
 * The Till aggregate (stream `sales-till-<tillId>`): one cashier's cash drawer at one event's box office, from
 * the starting float to the count at closing. Sales are the orders the cashier issued at the door (paid in cash,
 * or by card on an external POS terminal whose reference is kept); cash movements are money put in or taken out
 * for other reasons (change, a drop to the safe). At closing the counted cash is compared with what the drawer
 * should hold: float + cash sales + cash in - cash out. Card sales never touch the drawer.
 *
 * Amounts are integers in minor units of the event's currency. Pure: time, ids and the acting user come in.
 */
import type { Currency } from '../../contracts/events.js';
import type { TillSaleMethod } from '../../contracts/sales-boxoffice.js';
import { messages } from '../../messages/es.js';
import { DomainError, ForbiddenError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.boxOffice;

export const tillStreamId = (tillId: string) => `sales-till-${tillId}`;
/** Reservation scope of "one open till per user per event" (held from opening to closing). */
export const OPEN_TILL_SCOPE = 'sales.open-till';
export const openTillKey = (eventId: string, userId: string) => `${eventId}:${userId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type TillOpened = E<'sales.TillOpened', { tillId: string; eventId: string; openedBy: string; float: number; currency: Currency; at: string }>;
export type SaleRecorded = E<
  'sales.SaleRecorded',
  { tillId: string; eventId: string; orderId: string; method: TillSaleMethod; amount: number; tickets: number; reference: string | null; by: string; at: string }
>;
export type CashMovement = E<
  'sales.CashMovement',
  { tillId: string; eventId: string; direction: 'in' | 'out'; amount: number; reason: string; by: string; at: string }
>;
export type TillClosed = E<
  'sales.TillClosed',
  { tillId: string; eventId: string; counted: number; expected: number; difference: number; note: string | null; by: string; at: string }
>;
export type TillEvent = TillOpened | SaleRecorded | CashMovement | TillClosed;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type OpenTill = C<'sales.OpenTill', { tillId: string; eventId: string; float: number; currency: Currency }>;
export type RecordSales = C<
  'sales.RecordSales',
  { sales: { orderId: string; eventId: string; amount: number; tickets: number }[]; method: TillSaleMethod; reference: string | null }
>;
export type MoveCash = C<'sales.MoveCash', { direction: 'in' | 'out'; amount: number; reason: string }>;
export type CloseTill = C<'sales.CloseTill', { counted: number; note: string | null }>;
export type TillCommand = OpenTill | RecordSales | MoveCash | CloseTill;

export type TillState =
  | { status: 'none' }
  | {
      status: 'open' | 'closed';
      tillId: string;
      eventId: string;
      openedBy: string;
      currency: Currency;
      float: number;
      cashSales: number;
      cardSales: number;
      cashIn: number;
      cashOut: number;
      orders: string[];
      closed: { counted: number; expected: number; difference: number } | null;
    };

export const initialState = (): TillState => ({ status: 'none' });

/** What the drawer should hold: the float, cash sales and cash put in, less cash taken out. */
export const expectedCash = (s: { float: number; cashSales: number; cashIn: number; cashOut: number }) => s.float + s.cashSales + s.cashIn - s.cashOut;

const MAX_AMOUNT = 1_000_000_000_00;
const amountOk = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_AMOUNT;

export function decide(command: TillCommand, state: TillState, ctx: DecideContext): TillEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId;
  if (!by) throw new ForbiddenError('TILL_NOT_YOURS', m.tillNotYours);
  if (command.type === 'sales.OpenTill') {
    if (state.status !== 'none') throw new DomainError('TILL_EXISTS', m.tillExists, 409);
    const { tillId, eventId, float, currency } = command.data;
    if (!amountOk(float)) throw new DomainError('INVALID_AMOUNT', m.invalidAmount, 400, { field: 'float' });
    return [{ type: 'sales.TillOpened', data: { tillId, eventId, openedBy: by, float, currency, at } }];
  }
  if (state.status === 'none') throw new NotFoundError('TILL_NOT_FOUND', m.tillNotFound);
  // A till is its cashier's: nobody else sells on it, moves its cash or closes it.
  if (state.openedBy !== by) throw new ForbiddenError('TILL_NOT_YOURS', m.tillNotYours);
  const { tillId, eventId } = state;
  switch (command.type) {
    case 'sales.RecordSales': {
      const fresh = command.data.sales.filter((s) => !state.orders.includes(s.orderId));
      // Orders already on the till: a retried sale records nothing twice (also after closing).
      if (fresh.length === 0) return [];
      if (state.status !== 'open') throw new DomainError('TILL_CLOSED', m.tillClosed, 409);
      const { method, reference } = command.data;
      if (method === 'card' && !reference?.trim()) throw new DomainError('REFERENCE_REQUIRED', m.referenceRequired, 400, { field: 'reference' });
      return fresh.map((s) => {
        if (s.eventId !== eventId) throw new DomainError('WRONG_EVENT', m.wrongEvent, 409);
        if (!amountOk(s.amount)) throw new DomainError('INVALID_AMOUNT', m.invalidAmount, 400);
        return {
          type: 'sales.SaleRecorded' as const,
          data: { tillId, eventId, orderId: s.orderId, method, amount: s.amount, tickets: s.tickets, reference: reference?.trim() || null, by, at },
        };
      });
    }
    case 'sales.MoveCash': {
      if (state.status !== 'open') throw new DomainError('TILL_CLOSED', m.tillClosed, 409);
      const { direction, amount } = command.data;
      const reason = command.data.reason.trim();
      if (!amountOk(amount) || amount === 0) throw new DomainError('INVALID_AMOUNT', m.invalidAmount, 400, { field: 'amount' });
      if (!reason) throw new DomainError('REASON_REQUIRED', m.reasonRequired, 400, { field: 'reason' });
      // Cash cannot leave a drawer that does not hold it.
      if (direction === 'out' && amount > expectedCash(state)) throw new DomainError('NOT_ENOUGH_CASH', m.notEnoughCash, 409, { field: 'amount' });
      return [{ type: 'sales.CashMovement', data: { tillId, eventId, direction, amount, reason, by, at } }];
    }
    case 'sales.CloseTill': {
      if (state.status === 'closed') throw new DomainError('TILL_CLOSED', m.tillClosed, 409);
      const { counted, note } = command.data;
      if (!amountOk(counted)) throw new DomainError('INVALID_AMOUNT', m.invalidAmount, 400, { field: 'counted' });
      const expected = expectedCash(state);
      return [{ type: 'sales.TillClosed', data: { tillId, eventId, counted, expected, difference: counted - expected, note: note?.trim() || null, by, at } }];
    }
  }
}

export function evolve(state: TillState, event: TillEvent): TillState {
  if (event.type === 'sales.TillOpened') {
    const { tillId, eventId, openedBy, float, currency } = event.data;
    return { status: 'open', tillId, eventId, openedBy, currency, float, cashSales: 0, cardSales: 0, cashIn: 0, cashOut: 0, orders: [], closed: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'sales.SaleRecorded': {
      const { method, amount, orderId } = event.data;
      return {
        ...state,
        cashSales: state.cashSales + (method === 'cash' ? amount : 0),
        cardSales: state.cardSales + (method === 'card' ? amount : 0),
        orders: [...state.orders, orderId],
      };
    }
    case 'sales.CashMovement':
      return event.data.direction === 'in' ? { ...state, cashIn: state.cashIn + event.data.amount } : { ...state, cashOut: state.cashOut + event.data.amount };
    case 'sales.TillClosed': {
      const { counted, expected, difference } = event.data;
      return { ...state, status: 'closed', closed: { counted, expected, difference } };
    }
  }
}

export const tillDecider: Decider<TillCommand, TillEvent, TillState> = { decide, evolve, initialState };
