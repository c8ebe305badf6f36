/**
 * The Order aggregate (stream `sales-order-<id>`): one buyer's reservation of tickets of one event and what
 * became of it. States as pretix / Hi.Events users know them (docs/architecture.md, "Sales", has the table):
 *
 *   reserved          seats held until `holdUntil`; the buyer names the attendees and pays
 *   awaiting_payment  a bank-deposit voucher was uploaded; seats held until the team reviews it
 *   paid              paid (card, merchant, deposit, cash) or free / guest; tickets issued
 *   expired           the hold ran out unpaid (a late payment may still be honoured, see PayOrder)
 *   cancelled         by the buyer, the team, or a rejected deposit
 *   refunded          a paid order's money given back; its tickets are void
 *
 * The seats themselves are guarded by the event's quota stream (./quota.ts); the order holds the priced
 * lines. Pure: time, ids and the acting user come in through DecideContext.
 */
import type { Currency, TicketVisibility } from '../../contracts/events.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../../contracts/sales.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import { applyCode, codeUnlocks, type AppliedCode } from './codes.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.sales;

export const orderStreamId = (orderId: string) => `sales-order-${orderId}`;

export { ORDER_STATUSES, PAYMENT_METHODS };
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
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

export type Buyer = { name: string; email: string; phone?: string };
/**
 * The sales receipt the buyer asks for (Peru): a boleta to the buyer, or a factura to a company's RUC, which the
 * store offers only when its invoice data is set (manage/settings, `receiptChoice`).
 */
export type Receipt = { kind: 'boleta' } | { kind: 'factura'; ruc: string; businessName: string; address: string };
export type AnswerValue = string | string[] | boolean;
/** One per ticket, in the order of the lines expanded (line 1's tickets first); `ticketId` once issued. */
export type Attendee = { ticketTypeId: string; name: string; email: string; answers: Record<string, AnswerValue>; ticketId?: string };
export type IssuedTicket = {
  ticketId: string;
  /** Random and unguessable: the QR's content, what the door scans. */
  code: string;
  ticketTypeId: string;
  ticketTypeName: string;
  attendeeName: string | null;
  attendeeEmail: string | null;
};
export type Voucher = { ref: string; fileName: string; contentType: string; size: number };

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type OrderReserved = E<
  'sales.OrderReserved',
  {
    orderId: string;
    eventId: string;
    buyerId: string | null;
    lines: OrderLine[];
    currency: Currency;
    total: number;
    holdUntil: string;
    at: string;
    /** The signed-in buyer's name and e-mail as known at reservation (absent for anonymous buyers). */
    buyer?: Buyer | null;
    /** Who made it when not the buyer (the team's guest list, desk or cash register). */
    by?: string | null;
  }
>;
export type AttendeesSet = E<
  'sales.AttendeesSet',
  { orderId: string; eventId: string; buyer: Buyer; attendees: Attendee[]; at: string; /** Absent: the receipt stays as it was (a boleta by default). */ receipt?: Receipt }
>;
export type OfflinePaymentAnnounced = E<'sales.OfflinePaymentAnnounced', { orderId: string; eventId: string; method: 'deposit'; voucher: Voucher; at: string }>;
export type DepositRejected = E<'sales.DepositRejected', { orderId: string; eventId: string; reason: string; by: string | null; at: string }>;
export type OrderExpired = E<'sales.OrderExpired', { orderId: string; eventId: string; at: string }>;
export type OrderPaid = E<
  'sales.OrderPaid',
  {
    orderId: string;
    eventId: string;
    method: PaymentMethod;
    amount: number;
    currency: Currency;
    at: string;
    chargeId?: string;
    /** The buyer's payment attempt (order and client id): a resubmitted attempt gets the paid order back. */
    attempt?: string;
    by?: string | null;
    /** Paid after the hold had expired, the seats held again first (the late-payment rule). */
    late?: boolean;
  }
>;
/** `buyerId`: the signed-in buyer, who holds the tickets until one is transferred. */
export type TicketsIssued = E<'sales.TicketsIssued', { orderId: string; eventId: string; buyerId: string | null; tickets: IssuedTicket[]; at: string }>;
export type OrderCancelled = E<'sales.OrderCancelled', { orderId: string; eventId: string; reason: string | null; by: string | null; at: string }>;
export type OrderRefunded = E<
  'sales.OrderRefunded',
  { orderId: string; eventId: string; amount: number; currency: Currency; method: PaymentMethod; refundId: string | null; reason: string | null; by: string | null; at: string }
>;
/** A payment that could not be honoured (it came after expiry and the seats were gone) was given back. */
export type LatePaymentRefunded = E<
  'sales.LatePaymentRefunded',
  { orderId: string; eventId: string; method: PaymentMethod; amount: number; currency: Currency; chargeId: string; refundId: string | null; at: string }
>;
export type TicketTransferred = E<
  'sales.TicketTransferred',
  { orderId: string; eventId: string; ticketId: string; fromEmail: string | null; name: string; email: string; by: string | null; at: string }
>;
export type AttendeeAssigned = E<'sales.AttendeeAssigned', { orderId: string; eventId: string; ticketId: string; name: string; email: string; by: string | null; at: string }>;
export type OrderEvent =
  | OrderReserved
  | AttendeesSet
  | OfflinePaymentAnnounced
  | DepositRejected
  | OrderExpired
  | OrderPaid
  | TicketsIssued
  | OrderCancelled
  | OrderRefunded
  | LatePaymentRefunded
  | TicketTransferred
  | AttendeeAssigned;

export const ORDER_EVENT_TYPES: OrderEvent['type'][] = [
  'sales.OrderReserved',
  'sales.AttendeesSet',
  'sales.OfflinePaymentAnnounced',
  'sales.DepositRejected',
  'sales.OrderExpired',
  'sales.OrderPaid',
  'sales.TicketsIssued',
  'sales.OrderCancelled',
  'sales.OrderRefunded',
  'sales.LatePaymentRefunded',
  'sales.TicketTransferred',
  'sales.AttendeeAssigned',
];

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** `lines` come priced (priceLines, by the use case, before the seats were held): the decider does not re-price. */
export type ReserveOrder = C<
  'sales.ReserveOrder',
  { orderId: string; eventId: string; buyerId: string | null; currency: Currency; lines: OrderLine[]; holdUntil: string; buyer?: Buyer | null; by?: string | null }
>;
/** The team issues a paid order at once (guest list, desk, cash register): reserved, named, paid, ticketed. */
export type IssueOrder = C<
  'sales.IssueOrder',
  {
    orderId: string;
    eventId: string;
    currency: Currency;
    lines: OrderLine[];
    buyer: Buyer;
    attendees: Omit<Attendee, 'ticketId'>[];
    method: PaymentMethod;
    chargeId?: string;
  }
>;
export type ExpireOrder = C<'sales.ExpireOrder', { orderId: string }>;
export type SetAttendees = C<'sales.SetAttendees', { orderId: string; buyer: Buyer; attendees: Omit<Attendee, 'ticketId'>[]; receipt?: Receipt }>;
export type AnnounceOfflinePayment = C<'sales.AnnounceOfflinePayment', { orderId: string; voucher: Voucher }>;
export type RejectDeposit = C<'sales.RejectDeposit', { orderId: string; reason: string }>;
/**
 * `reheld`: the use case held the seats of an expired order again on the quota (the late-payment rule); only
 * then may an expired order be paid.
 */
export type PayOrder = C<'sales.PayOrder', { orderId: string; method: PaymentMethod; amount: number; chargeId?: string; attempt?: string; reheld?: boolean }>;
export type RecordLatePaymentRefund = C<
  'sales.RecordLatePaymentRefund',
  { orderId: string; method: PaymentMethod; amount: number; chargeId: string; refundId: string | null }
>;
/** `byTeam`: the event team may also cancel a paid order (no money moves; a refund is RefundOrder). */
export type CancelOrder = C<'sales.CancelOrder', { orderId: string; reason: string | null; byTeam?: boolean }>;
export type RefundOrder = C<'sales.RefundOrder', { orderId: string; refundId: string | null; reason: string | null }>;
export type TransferTicket = C<'sales.TransferTicket', { orderId: string; ticketId: string; name: string; email: string }>;
export type AssignAttendee = C<'sales.AssignAttendee', { orderId: string; ticketId: string; name: string; email: string }>;
export type OrderCommand =
  | ReserveOrder
  | IssueOrder
  | ExpireOrder
  | SetAttendees
  | AnnounceOfflinePayment
  | RejectDeposit
  | PayOrder
  | RecordLatePaymentRefund
  | CancelOrder
  | RefundOrder
  | TransferTicket
  | AssignAttendee;

export type TicketState = IssuedTicket & { status: 'valid' | 'cancelled' | 'refunded' };

export type OrderState =
  | { status: 'none' }
  | {
      status: OrderStatus;
      orderId: string;
      eventId: string;
      buyerId: string | null;
      buyer: Buyer | null;
      lines: OrderLine[];
      currency: Currency;
      total: number;
      holdUntil: string;
      paid: number;
      paidAt: string | null;
      method: PaymentMethod | null;
      chargeId: string | null;
      /** The payment attempt that paid (OrderPaid.attempt). */
      paidAttempt: string | null;
      attendees: Attendee[];
      /** Null until the buyer chose (a boleta then). */
      receipt: Receipt | null;
      tickets: TicketState[];
      voucher: Voucher | null;
      /** Charges of late payments given back (never lost: each is recorded). */
      lateRefunds: string[];
      createdAt: string;
      updatedAt: string;
    };
type Live = Exclude<OrderState, { status: 'none' }>;

export const initialState = (): OrderState => ({ status: 'none' });

/**
 * The priced lines of a request, checked against the offer at `now`: known and buyable ticket types (hidden and
 * invitation-only types only with an invitation code that unlocks them), inside their sale window, within min/max
 * per order, priced with the code if one is applied (./codes.ts). Lines of one type are merged. Throws the first
 * refusal.
 */
export function priceLines(
  offer: OfferedTicket[],
  requested: { ticketTypeId: string; quantity: number }[],
  currency: Currency,
  now: Date,
  code?: AppliedCode | null,
): OrderLine[] {
  const merged = new Map<string, number>();
  for (const l of requested) merged.set(l.ticketTypeId, (merged.get(l.ticketTypeId) ?? 0) + l.quantity);
  if (merged.size === 0 || [...merged.values()].every((q) => q === 0)) throw new DomainError('EMPTY_ORDER', m.emptyOrder, 400, { field: 'lines' });
  const lines: OrderLine[] = [];
  for (const [ticketTypeId, quantity] of merged) {
    if (quantity === 0) continue;
    const t = offer.find((o) => o.ticketTypeId === ticketTypeId);
    if (!t || (t.visibility !== 'public' && !codeUnlocks(code, ticketTypeId))) throw new DomainError('UNKNOWN_TICKET_TYPE', m.unknownTicketType, 400, { field: 'lines' });
    if (t.saleStart !== null && now.getTime() < Date.parse(t.saleStart)) throw new DomainError('SALE_NOT_STARTED', m.saleNotStarted(t.name), 409);
    if (t.saleEnd !== null && now.getTime() >= Date.parse(t.saleEnd)) throw new DomainError('SALE_ENDED', m.saleEnded(t.name), 409);
    if (quantity < t.minPerOrder) throw new DomainError('UNDER_MIN_PER_ORDER', m.underMinPerOrder(t.name, t.minPerOrder), 400, { field: 'lines' });
    if (quantity > t.maxPerOrder) throw new DomainError('OVER_MAX_PER_ORDER', m.overMaxPerOrder(t.name, t.maxPerOrder), 400, { field: 'lines' });
    lines.push({ ticketTypeId, name: t.name, quantity, unitPrice: t.unitPrice, currency });
  }
  return code ? applyCode(lines, code) : lines;
}

/**
 * The events module keeps ticket prices as decimals of the currency (at most two places, spec 3); sales count
 * in minor units. PEN, USD and EUR all have two.
 */
export const toMinorUnits = (price: number) => Math.round(price * 100);

export const orderTotal = (lines: OrderLine[]) => lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);

/** The ticket type of each seat, lines expanded in order: attendee i and ticket i belong to seat i. */
export const seatTypes = (lines: OrderLine[]) => lines.flatMap((l) => Array.from({ length: l.quantity }, () => l));

/** A QR code from a random id: 32 hex digits (122 random bits), upper case so the QR uses its compact mode. */
export const ticketCode = (randomId: string) => randomId.replace(/-/g, '').toUpperCase();

const sameReceipt = (a: Receipt, b: Receipt) =>
  a.kind === 'boleta' ? b.kind === 'boleta' : b.kind === 'factura' && a.ruc === b.ruc && a.businessName === b.businessName && a.address === b.address;

function checkAttendees(lines: OrderLine[], attendees: Omit<Attendee, 'ticketId'>[]) {
  const seats = seatTypes(lines);
  if (attendees.length !== seats.length || attendees.some((a, i) => a.ticketTypeId !== seats[i].ticketTypeId)) {
    throw new DomainError('ATTENDEES_MISMATCH', m.attendeesMismatch, 400, { field: 'attendees', expected: seats.map((s) => s.ticketTypeId) });
  }
}

function issue(state: Pick<Live, 'lines' | 'attendees' | 'buyer'>, ctx: DecideContext): IssuedTicket[] {
  return seatTypes(state.lines).map((l, i) => {
    const a = state.attendees[i];
    const ticketId = ctx.newId();
    return {
      ticketId,
      code: ticketCode(ctx.newId()),
      ticketTypeId: l.ticketTypeId,
      ticketTypeName: l.name,
      attendeeName: a?.name ?? state.buyer?.name ?? null,
      attendeeEmail: a?.email ?? state.buyer?.email ?? null,
    };
  });
}

function paidEvents(state: Live, data: { method: PaymentMethod; amount: number; chargeId?: string; attempt?: string; late?: boolean }, ctx: DecideContext): OrderEvent[] {
  const at = ctx.now.toISOString();
  const { orderId, eventId, currency } = state;
  const paid: OrderPaid = {
    type: 'sales.OrderPaid',
    data: {
      orderId,
      eventId,
      method: data.method,
      amount: data.amount,
      currency,
      at,
      ...(data.chargeId ? { chargeId: data.chargeId } : {}),
      ...(data.attempt ? { attempt: data.attempt } : {}),
      by: ctx.userId ?? null,
      ...(data.late ? { late: true } : {}),
    },
  };
  return [paid, { type: 'sales.TicketsIssued', data: { orderId, eventId, buyerId: state.buyerId, tickets: issue(state, ctx), at } }];
}

export function decide(command: OrderCommand, state: OrderState, ctx: DecideContext): OrderEvent[] {
  const at = ctx.now.toISOString();
  if (command.type === 'sales.ReserveOrder' || command.type === 'sales.IssueOrder') {
    // A stream already reserved is a retry answered by handleCommand's command id; anything else is a clash.
    if (state.status !== 'none') throw new DomainError('ORDER_EXISTS', m.orderExists, 409);
    const { orderId, eventId, currency, lines } = command.data;
    if (lines.length === 0 || lines.some((l) => l.quantity <= 0)) throw new DomainError('EMPTY_ORDER', m.emptyOrder, 400, { field: 'lines' });
    const total = orderTotal(lines);
    if (command.type === 'sales.ReserveOrder') {
      const { buyerId, holdUntil, buyer, by } = command.data;
      const reserved: OrderReserved = {
        type: 'sales.OrderReserved',
        data: { orderId, eventId, buyerId, lines, currency, total, holdUntil, at, ...(buyer ? { buyer } : {}), ...(by ? { by } : {}) },
      };
      if (total > 0) return [reserved];
      // Free tickets skip payment: paid at once with method 'free', tickets issued to the buyer until named.
      const next = evolve(state, reserved) as Live;
      return [reserved, ...paidEvents(next, { method: 'free', amount: 0 }, ctx)];
    }
    const { buyer, attendees, method, chargeId } = command.data;
    checkAttendees(lines, attendees);
    const by = ctx.userId ?? null;
    const reserved: OrderReserved = { type: 'sales.OrderReserved', data: { orderId, eventId, buyerId: null, lines, currency, total, holdUntil: at, at, buyer, by } };
    const named: AttendeesSet = { type: 'sales.AttendeesSet', data: { orderId, eventId, buyer, attendees, at } };
    const next = evolve(evolve(state, reserved), named) as Live;
    return [reserved, named, ...paidEvents(next, { method, amount: total, chargeId }, ctx)];
  }
  if (state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  const { orderId, eventId } = state;
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'sales.ExpireOrder':
      // Only an unpaid reservation expires; a deposit under review is held until reviewed; a settled order makes a
      // late or repeated expiry a no-op.
      if (state.status !== 'reserved') return [];
      if (ctx.now.getTime() < Date.parse(state.holdUntil)) throw new DomainError('HOLD_NOT_OVER', m.holdNotOver, 409);
      return [{ type: 'sales.OrderExpired', data: { orderId, eventId, at } }];
    case 'sales.SetAttendees': {
      if (state.status !== 'reserved' && state.status !== 'awaiting_payment' && state.status !== 'paid') {
        throw new DomainError('ORDER_NOT_EDITABLE', m.orderNotEditable, 409);
      }
      checkAttendees(state.lines, command.data.attendees);
      // Once issued, each attendee names its ticket (a free order is ticketed before it is named).
      const attendees = command.data.attendees.map((a, i) => (state.tickets[i] ? { ...a, ticketId: state.tickets[i].ticketId } : { ...a }));
      const { receipt } = command.data;
      // The receipt is issued with the payment: once paid, naming the attendees may not change it.
      if (receipt && state.status === 'paid' && !sameReceipt(receipt, state.receipt ?? { kind: 'boleta' })) {
        throw new DomainError('RECEIPT_LOCKED', m.receiptLocked, 409, { field: 'receipt' });
      }
      return [{ type: 'sales.AttendeesSet', data: { orderId, eventId, buyer: command.data.buyer, attendees, at, ...(receipt ? { receipt } : {}) } }];
    }
    case 'sales.AnnounceOfflinePayment':
      if (state.status === 'awaiting_payment' && state.voucher?.ref === command.data.voucher.ref) return [];
      if (state.status !== 'reserved' && state.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
      if (state.total === 0) throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
      return [{ type: 'sales.OfflinePaymentAnnounced', data: { orderId, eventId, method: 'deposit', voucher: command.data.voucher, at } }];
    case 'sales.RejectDeposit':
      if (state.status === 'cancelled') return [];
      if (state.status !== 'awaiting_payment') throw new DomainError('NO_DEPOSIT_TO_REVIEW', m.noDepositToReview, 409);
      return [
        { type: 'sales.DepositRejected', data: { orderId, eventId, reason: command.data.reason, by, at } },
        { type: 'sales.OrderCancelled', data: { orderId, eventId, reason: command.data.reason, by, at } },
      ];
    case 'sales.PayOrder': {
      const { method, amount, chargeId, attempt, reheld } = command.data;
      if (state.status === 'paid') {
        // The same payment again (a retried webhook, a double submit) records nothing; a second, different
        // charge is refused so that the caller gives it back.
        if (!chargeId || chargeId === state.chargeId) return [];
        throw new DomainError('ORDER_ALREADY_PAID', m.orderAlreadyPaid, 409);
      }
      const late = state.status === 'expired';
      if (late && !reheld) throw new DomainError('ORDER_EXPIRED', m.orderExpired, 409);
      if (!late && state.status !== 'reserved' && state.status !== 'awaiting_payment') throw new DomainError('ORDER_NOT_PAYABLE', m.orderNotPayable, 409);
      if (amount !== state.total) throw new DomainError('WRONG_AMOUNT', m.wrongAmount, 400);
      if (method === 'deposit' && state.status !== 'awaiting_payment') throw new DomainError('NO_DEPOSIT_TO_REVIEW', m.noDepositToReview, 409);
      return paidEvents(state, { method, amount, chargeId, attempt, late }, ctx);
    }
    case 'sales.RecordLatePaymentRefund': {
      const { method, amount, chargeId, refundId } = command.data;
      if (state.lateRefunds.includes(chargeId)) return [];
      return [{ type: 'sales.LatePaymentRefunded', data: { orderId, eventId, method, amount, currency: state.currency, chargeId, refundId, at } }];
    }
    case 'sales.CancelOrder': {
      if (state.status === 'cancelled') return [];
      const cancellable = state.status === 'reserved' || state.status === 'awaiting_payment' || (command.data.byTeam === true && state.status === 'paid');
      if (!cancellable) throw new DomainError('ORDER_NOT_CANCELLABLE', m.orderNotCancellable, 409);
      return [{ type: 'sales.OrderCancelled', data: { orderId, eventId, reason: command.data.reason, by, at } }];
    }
    case 'sales.RefundOrder':
      if (state.status === 'refunded') return [];
      if (state.status !== 'paid') throw new DomainError('ORDER_NOT_REFUNDABLE', m.orderNotRefundable, 409);
      return [
        {
          type: 'sales.OrderRefunded',
          data: { orderId, eventId, amount: state.paid, currency: state.currency, method: state.method ?? 'free', refundId: command.data.refundId, reason: command.data.reason, by, at },
        },
      ];
    case 'sales.TransferTicket':
    case 'sales.AssignAttendee': {
      if (state.status !== 'paid') throw new DomainError('ORDER_NOT_PAID', m.orderNotPaid, 409);
      const ticket = state.tickets.find((t) => t.ticketId === command.data.ticketId);
      if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      if (ticket.status !== 'valid') throw new DomainError('TICKET_NOT_VALID', m.ticketNotValid, 409);
      const { name, email } = command.data;
      if (ticket.attendeeEmail === email && ticket.attendeeName === name) return [];
      if (command.type === 'sales.AssignAttendee') {
        return [{ type: 'sales.AttendeeAssigned', data: { orderId, eventId, ticketId: ticket.ticketId, name, email, by, at } }];
      }
      if (ticket.attendeeEmail === email) throw new DomainError('SAME_ATTENDEE', m.sameAttendee, 400, { field: 'email' });
      return [{ type: 'sales.TicketTransferred', data: { orderId, eventId, ticketId: ticket.ticketId, fromEmail: ticket.attendeeEmail, name, email, by, at } }];
    }
  }
}

const setTickets = (state: Live, status: TicketState['status']) => state.tickets.map((t) => (t.status === 'valid' ? { ...t, status } : t));

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'sales.OrderReserved') {
    const { orderId, eventId, buyerId, lines, currency, total, holdUntil, at, buyer } = event.data;
    return {
      status: 'reserved',
      orderId,
      eventId,
      buyerId,
      buyer: buyer ?? null,
      lines,
      currency,
      total,
      holdUntil,
      paid: 0,
      paidAt: null,
      method: null,
      chargeId: null,
      paidAttempt: null,
      attendees: [],
      receipt: null,
      tickets: [],
      voucher: null,
      lateRefunds: [],
      createdAt: at,
      updatedAt: at,
    };
  }
  if (state.status === 'none') return state;
  const updatedAt = event.data.at;
  switch (event.type) {
    case 'sales.AttendeesSet': {
      const byTicket = new Map(event.data.attendees.filter((a) => a.ticketId).map((a) => [a.ticketId!, a]));
      const tickets = state.tickets.map((t) => {
        const a = byTicket.get(t.ticketId);
        return a ? { ...t, attendeeName: a.name, attendeeEmail: a.email } : t;
      });
      return { ...state, buyer: event.data.buyer, attendees: event.data.attendees, receipt: event.data.receipt ?? state.receipt, tickets, updatedAt };
    }
    case 'sales.OfflinePaymentAnnounced':
      return { ...state, status: 'awaiting_payment', method: 'deposit', voucher: event.data.voucher, updatedAt };
    case 'sales.DepositRejected':
      return { ...state, updatedAt };
    case 'sales.OrderExpired':
      return { ...state, status: 'expired', updatedAt };
    case 'sales.OrderPaid':
      return { ...state, status: 'paid', paid: state.paid + event.data.amount, paidAt: event.data.at, method: event.data.method, chargeId: event.data.chargeId ?? null, paidAttempt: event.data.attempt ?? null, updatedAt };
    case 'sales.TicketsIssued':
      return { ...state, tickets: [...state.tickets, ...event.data.tickets.map((t) => ({ ...t, status: 'valid' as const }))], updatedAt };
    case 'sales.OrderCancelled':
      return { ...state, status: 'cancelled', tickets: setTickets(state, 'cancelled'), updatedAt };
    case 'sales.OrderRefunded':
      return { ...state, status: 'refunded', tickets: setTickets(state, 'refunded'), updatedAt };
    case 'sales.LatePaymentRefunded':
      return { ...state, lateRefunds: [...state.lateRefunds, event.data.chargeId], updatedAt };
    case 'sales.TicketTransferred':
    case 'sales.AttendeeAssigned': {
      const { ticketId, name, email } = event.data;
      return { ...state, tickets: state.tickets.map((t) => (t.ticketId === ticketId ? { ...t, attendeeName: name, attendeeEmail: email } : t)), updatedAt };
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = { decide, evolve, initialState };
