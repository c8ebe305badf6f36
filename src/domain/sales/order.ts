/**
 * The Order aggregate (stream `sales-order-<id>`): one buyer's reservation of tickets of one event and what
 * became of it. States as pretix / Hi.Events users know them: reserved (seats held until `holdUntil`),
 * awaiting_payment (an offline payment announced), paid, expired, cancelled, refunded. This slice records
 * reserved, expired, paid and cancelled; awaiting_payment and refunded come with the payment slices.
 *
 * The seats themselves are guarded by the event's quota stream (./quota.ts); the order holds the priced
 * lines. Pure: time, ids and the acting user come in through DecideContext.
 */
import type { Currency, TicketVisibility } from '../../contracts/events.js';
import { ORDER_STATUSES } from '../../contracts/sales.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.sales;

export const orderStreamId = (orderId: string) => `sales-order-${orderId}`;

export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses whose seats count as sold or held. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['reserved', 'awaiting_payment', 'paid'];

export type OrderLine = { ticketTypeId: string; name: string; quantity: number; unitPrice: number; currency: Currency };

/** What the buyer may pick from: a ticket type as the events module describes it. */
export type OfferedTicket = {
  ticketTypeId: string;
  name: string;
  /** Minor units (céntimos). */
  unitPrice: number;
  saleStart: string | null;
  saleEnd: string | null;
  minPerOrder: number;
  maxPerOrder: number;
  visibility: TicketVisibility;
};

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type OrderReserved = E<
  'sales.OrderReserved',
  { orderId: string; eventId: string; buyerId: string | null; lines: OrderLine[]; currency: Currency; total: number; holdUntil: string; at: string }
>;
export type OrderExpired = E<'sales.OrderExpired', { orderId: string; eventId: string; at: string }>;
export type OrderPaid = E<'sales.OrderPaid', { orderId: string; eventId: string; method: string; amount: number; currency: Currency; at: string }>;
export type OrderCancelled = E<'sales.OrderCancelled', { orderId: string; eventId: string; reason: string | null; by: string | null; at: string }>;
export type OrderEvent = OrderReserved | OrderExpired | OrderPaid | OrderCancelled;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ReserveOrder = C<
  'sales.ReserveOrder',
  {
    orderId: string;
    eventId: string;
    buyerId: string | null;
    currency: Currency;
    offer: OfferedTicket[];
    lines: { ticketTypeId: string; quantity: number }[];
    holdUntil: string;
  }
>;
export type ExpireOrder = C<'sales.ExpireOrder', { orderId: string }>;
export type PayOrder = C<'sales.PayOrder', { orderId: string; method: string; amount: number }>;
export type CancelOrder = C<'sales.CancelOrder', { orderId: string; reason: string | null }>;
export type OrderCommand = ReserveOrder | ExpireOrder | PayOrder | CancelOrder;

export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      orderId: string;
      eventId: string;
      buyerId: string | null;
      lines: OrderLine[];
      currency: Currency;
      total: number;
      holdUntil: string;
      paid: number;
      createdAt: string;
      updatedAt: string;
    };

export const initialState = (): OrderState => ({ status: 'none' });

/**
 * The priced lines of a request, checked against the offer at `now`: known and buyable ticket types (hidden and
 * invitation-only types need a code, a later slice), inside their sale window, within min/max per order.
 * Lines of one type are merged. Throws the first refusal.
 */
export function priceLines(offer: OfferedTicket[], requested: { ticketTypeId: string; quantity: number }[], currency: Currency, now: Date): OrderLine[] {
  const merged = new Map<string, number>();
  for (const l of requested) merged.set(l.ticketTypeId, (merged.get(l.ticketTypeId) ?? 0) + l.quantity);
  if (merged.size === 0 || [...merged.values()].every((q) => q === 0)) throw new DomainError('EMPTY_ORDER', m.emptyOrder, 400, { field: 'lines' });
  const lines: OrderLine[] = [];
  for (const [ticketTypeId, quantity] of merged) {
    if (quantity === 0) continue;
    const t = offer.find((o) => o.ticketTypeId === ticketTypeId);
    if (!t || t.visibility !== 'public') throw new DomainError('UNKNOWN_TICKET_TYPE', m.unknownTicketType, 400, { field: 'lines' });
    if (t.saleStart !== null && now.getTime() < Date.parse(t.saleStart)) throw new DomainError('SALE_NOT_STARTED', m.saleNotStarted(t.name), 409);
    if (t.saleEnd !== null && now.getTime() >= Date.parse(t.saleEnd)) throw new DomainError('SALE_ENDED', m.saleEnded(t.name), 409);
    if (quantity < t.minPerOrder) throw new DomainError('UNDER_MIN_PER_ORDER', m.underMinPerOrder(t.name, t.minPerOrder), 400, { field: 'lines' });
    if (quantity > t.maxPerOrder) throw new DomainError('OVER_MAX_PER_ORDER', m.overMaxPerOrder(t.name, t.maxPerOrder), 400, { field: 'lines' });
    lines.push({ ticketTypeId, name: t.name, quantity, unitPrice: t.unitPrice, currency });
  }
  return lines;
}

/**
 * The events module keeps ticket prices as decimals of the currency (at most two places, spec 3); sales count
 * in minor units. PEN, USD and EUR all have two.
 */
export const toMinorUnits = (price: number) => Math.round(price * 100);

export const orderTotal = (lines: OrderLine[]) => lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);

export function decide(command: OrderCommand, state: OrderState, ctx: DecideContext): OrderEvent[] {
  const at = ctx.now.toISOString();
  if (command.type === 'sales.ReserveOrder') {
    // A stream already reserved is a retry answered by handleCommand's command id; anything else is a clash.
    if (state.status !== 'none') throw new DomainError('ORDER_EXISTS', m.orderExists, 409);
    const { orderId, eventId, buyerId, currency, offer, lines: requested, holdUntil } = command.data;
    const lines = priceLines(offer, requested, currency, ctx.now);
    return [{ type: 'sales.OrderReserved', data: { orderId, eventId, buyerId, lines, currency, total: orderTotal(lines), holdUntil, at } }];
  }
  if (state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  const { orderId, eventId } = state;
  switch (command.type) {
    case 'sales.ExpireOrder':
      // Only an unpaid reservation expires; a settled order makes a late or repeated expiry a no-op.
      if (state.status !== 'reserved') return [];
      if (ctx.now.getTime() < Date.parse(state.holdUntil)) throw new DomainError('HOLD_NOT_OVER', m.holdNotOver, 409);
      return [{ type: 'sales.OrderExpired', data: { orderId, eventId, at } }];
    case 'sales.PayOrder': {
      if (state.status === 'paid') return [];
      if (state.status !== 'reserved' && state.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
      if (command.data.amount !== state.total) throw new DomainError('WRONG_AMOUNT', m.wrongAmount, 400);
      return [{ type: 'sales.OrderPaid', data: { orderId, eventId, method: command.data.method, amount: command.data.amount, currency: state.currency, at } }];
    }
    case 'sales.CancelOrder':
      if (state.status === 'cancelled') return [];
      if (state.status !== 'reserved' && state.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_CANCELLABLE', m.orderNotCancellable, 409);
      return [{ type: 'sales.OrderCancelled', data: { orderId, eventId, reason: command.data.reason, by: ctx.userId ?? null, at } }];
  }
}

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'sales.OrderReserved': {
      const { orderId, eventId, buyerId, lines, currency, total, holdUntil, at } = event.data;
      return { status: 'reserved', orderId, eventId, buyerId, lines, currency, total, holdUntil, paid: 0, createdAt: at, updatedAt: at };
    }
    case 'sales.OrderExpired':
      return state.status === 'none' ? state : { ...state, status: 'expired', updatedAt: event.data.at };
    case 'sales.OrderPaid':
      return state.status === 'none' ? state : { ...state, status: 'paid', paid: state.paid + event.data.amount, updatedAt: event.data.at };
    case 'sales.OrderCancelled':
      return state.status === 'none' ? state : { ...state, status: 'cancelled', updatedAt: event.data.at };
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = { decide, evolve, initialState };
