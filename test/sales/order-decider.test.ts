import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import {
  orderDecider,
  priceLines,
  ticketCode,
  toMinorUnits,
  type AnnounceOfflinePayment,
  type AssignAttendee,
  type AttendeesSet,
  type IssueOrder,
  type OfferedTicket,
  type OfflinePaymentAnnounced,
  type OrderEvent,
  type OrderLine,
  type OrderPaid,
  type OrderReserved,
  type PaymentMethod,
  type PayOrder,
  type RejectDeposit,
  type ReserveOrder,
  type SetAttendees,
  type TicketsIssued,
  type TransferTicket,
} from '../../src/domain/sales/order.js';
import { quotaDecider, type HoldSeats, type SeatsHeld } from '../../src/domain/sales/quota.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID, specId } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(orderDecider);
const at = SPEC_NOW.toISOString();
const ORDER = '55555555-5555-4555-8555-555555555555';
const EVENT = '11111111-1111-4111-8111-111111111111';
const GENERAL = '22222222-2222-4222-8222-222222222221';
const VIP = '22222222-2222-4222-8222-222222222222';
const HIDDEN = '22222222-2222-4222-8222-222222222223';
const holdUntil = new Date(SPEC_NOW.getTime() + 15 * 60_000).toISOString();
const later = (ms: number) => new Date(SPEC_NOW.getTime() + ms);

const offer: OfferedTicket[] = [
  { ticketTypeId: GENERAL, name: 'General', unitPrice: 3050, saleStart: null, saleEnd: null, minPerOrder: 1, maxPerOrder: 4, visibility: 'public' },
  {
    ticketTypeId: VIP,
    name: 'VIP',
    unitPrice: 12000,
    saleStart: '2026-03-01T00:00:00.000Z',
    saleEnd: '2026-03-03T00:00:00.000Z',
    minPerOrder: 2,
    maxPerOrder: 6,
    visibility: 'public',
  },
  { ticketTypeId: HIDDEN, name: 'Prensa', unitPrice: 0, saleStart: null, saleEnd: null, minPerOrder: 1, maxPerOrder: 2, visibility: 'hidden' },
];

const generalLine = (quantity: number): OrderLine => ({ ticketTypeId: GENERAL, name: 'General', quantity, unitPrice: 3050, currency: 'PEN' });
const vipLine = (quantity: number): OrderLine => ({ ticketTypeId: VIP, name: 'VIP', quantity, unitPrice: 12000, currency: 'PEN' });
const reserve = (lines: OrderLine[], over: Partial<ReserveOrder['data']> = {}): ReserveOrder => ({
  type: 'sales.ReserveOrder',
  data: { orderId: ORDER, eventId: EVENT, buyerId: SPEC_USER_ID, currency: 'PEN', lines, holdUntil, ...over },
});
const reserved: OrderReserved = {
  type: 'sales.OrderReserved',
  data: { orderId: ORDER, eventId: EVENT, buyerId: SPEC_USER_ID, lines: [generalLine(2), vipLine(2)], currency: 'PEN', total: 30100, holdUntil, at },
};
const expired: OrderEvent = { type: 'sales.OrderExpired', data: { orderId: ORDER, eventId: EVENT, at } };
const buyer = { name: 'Ana Pérez', email: 'ana@example.com' };
const attendee = (ticketTypeId: string, name: string) => ({ ticketTypeId, name, email: `${name.toLowerCase()}@example.com`, answers: {} });
const attendees = [attendee(GENERAL, 'Ana'), attendee(GENERAL, 'Beto'), attendee(VIP, 'Carla'), attendee(VIP, 'Dino')];
const named: AttendeesSet = { type: 'sales.AttendeesSet', data: { orderId: ORDER, eventId: EVENT, buyer, attendees, at } };
const paidBy = (method: PaymentMethod, extra: Partial<OrderPaid['data']> = {}): OrderPaid => ({
  type: 'sales.OrderPaid',
  data: { orderId: ORDER, eventId: EVENT, method, amount: 30100, currency: 'PEN', at, by: SPEC_USER_ID, ...extra },
});
/** Tickets as issued with the spec's ids: ticket i gets specId(2i+1), its code specId(2i+2) without dashes. */
const issuedTo = (people: { ticketTypeId: string; name: string | null; email: string | null }[]): TicketsIssued => ({
  type: 'sales.TicketsIssued',
  data: {
    orderId: ORDER,
    eventId: EVENT,
    buyerId: SPEC_USER_ID,
    at,
    tickets: people.map((p, i) => ({
      ticketId: specId(2 * i + 1),
      code: ticketCode(specId(2 * i + 2)),
      ticketTypeId: p.ticketTypeId,
      ticketTypeName: p.ticketTypeId === GENERAL ? 'General' : 'VIP',
      attendeeName: p.name,
      attendeeEmail: p.email,
    })),
  },
});
const issued = issuedTo(attendees);
const paid: OrderEvent = paidBy('cash');
const cancelled: OrderEvent = { type: 'sales.OrderCancelled', data: { orderId: ORDER, eventId: EVENT, reason: null, by: SPEC_USER_ID, at } };
const voucher = { ref: 'sales/e/voucher-1.pdf', fileName: 'voucher.pdf', contentType: 'application/pdf', size: 1234 };
const announced: OfflinePaymentAnnounced = { type: 'sales.OfflinePaymentAnnounced', data: { orderId: ORDER, eventId: EVENT, method: 'deposit', voucher, at } };
const byCode = (code: string) => (e: DomainError) => e.code === code;

describe('priceLines', () => {
  const price = (lines: { ticketTypeId: string; quantity: number }[], now = SPEC_NOW) => priceLines(offer, lines, 'PEN', now);
  it('prices the lines in minor units and merges repeated types', () => {
    expect(price([{ ticketTypeId: GENERAL, quantity: 1 }, { ticketTypeId: VIP, quantity: 2 }, { ticketTypeId: GENERAL, quantity: 1 }])).toEqual([generalLine(2), vipLine(2)]);
  });
  it('refuses an unknown ticket type and a hidden one alike', () => {
    expect(() => price([{ ticketTypeId: '99999999-9999-4999-8999-999999999999', quantity: 1 }])).toThrow(expect.objectContaining({ code: 'UNKNOWN_TICKET_TYPE' }));
    expect(() => price([{ ticketTypeId: HIDDEN, quantity: 1 }])).toThrow(expect.objectContaining({ code: 'UNKNOWN_TICKET_TYPE' }));
  });
  it('refuses outside the sale window, naming the ticket type', () => {
    expect(() => price([{ ticketTypeId: VIP, quantity: 2 }], new Date('2026-02-28T23:59:59.000Z'))).toThrow(
      expect.objectContaining({ code: 'SALE_NOT_STARTED', messagePublic: 'La venta de «VIP» todavía no ha comenzado.' }),
    );
    expect(() => price([{ ticketTypeId: VIP, quantity: 2 }], new Date('2026-03-03T00:00:00.000Z'))).toThrow(
      expect.objectContaining({ code: 'SALE_ENDED', messagePublic: 'La venta de «VIP» ya terminó.' }),
    );
  });
  it('refuses under the minimum and over the maximum per order (repeated lines counted together)', () => {
    expect(() => price([{ ticketTypeId: VIP, quantity: 1 }])).toThrow(expect.objectContaining({ code: 'UNDER_MIN_PER_ORDER' }));
    expect(() => price([{ ticketTypeId: GENERAL, quantity: 3 }, { ticketTypeId: GENERAL, quantity: 2 }])).toThrow(
      expect.objectContaining({ code: 'OVER_MAX_PER_ORDER', messagePublic: 'Puedes comprar como máximo 4 entradas de «General» por pedido.' }),
    );
  });
  it('refuses an order without tickets', () => {
    expect(() => price([{ ticketTypeId: GENERAL, quantity: 0 }])).toThrow(expect.objectContaining({ code: 'EMPTY_ORDER' }));
  });
});

describe('ReserveOrder', () => {
  it('records the priced lines as given (never priced again) and totals them', () => {
    spec.when(reserve([generalLine(2), vipLine(2)])).then([reserved]);
    // A price changed since the hold does not change the order: the lines' own prices count.
    spec.when(reserve([{ ...generalLine(1), unitPrice: 999 }])).then((events) => expect(events[0].type === 'sales.OrderReserved' && events[0].data.total).toBe(999));
  });

  it('starts in state reserved, holding until holdUntil', () => {
    spec.when(reserve([generalLine(2)])).thenState((s) => {
      expect(s).toMatchObject({ status: 'reserved', total: 6100, holdUntil, buyerId: SPEC_USER_ID, createdAt: at, tickets: [] });
    });
  });

  it('an anonymous buyer is recorded as null; a known buyer with name and e-mail', () => {
    spec.when(reserve([generalLine(1)], { buyerId: null }), { userId: undefined }).then((events) => {
      expect(events[0].type === 'sales.OrderReserved' && events[0].data.buyerId).toBe(null);
    });
    spec.when(reserve([generalLine(1)], { buyer })).thenState((s) => expect(s).toMatchObject({ buyer }));
  });

  it('a free order is paid at once (method free) and its tickets issued to the buyer', () => {
    const free = { ...generalLine(2), unitPrice: 0 };
    spec.when(reserve([free], { buyer })).then([
      { type: 'sales.OrderReserved', data: { orderId: ORDER, eventId: EVENT, buyerId: SPEC_USER_ID, lines: [free], currency: 'PEN', total: 0, holdUntil, at, buyer } },
      { type: 'sales.OrderPaid', data: { orderId: ORDER, eventId: EVENT, method: 'free', amount: 0, currency: 'PEN', at, by: SPEC_USER_ID } },
      issuedTo([
        { ticketTypeId: GENERAL, name: buyer.name, email: buyer.email },
        { ticketTypeId: GENERAL, name: buyer.name, email: buyer.email },
      ]),
    ]);
  });

  it('refuses an order without tickets, and to reserve an order that exists', () => {
    spec.when(reserve([])).thenThrows(DomainError, byCode('EMPTY_ORDER'));
    spec.given([reserved]).when(reserve([generalLine(1)])).thenThrows(DomainError, byCode('ORDER_EXISTS'));
  });
});

describe('IssueOrder (guest list, desk, cash register)', () => {
  const issue = (method: PaymentMethod, people = [attendee(GENERAL, 'Ana'), attendee(GENERAL, 'Beto')], unitPrice = 0): IssueOrder => ({
    type: 'sales.IssueOrder',
    data: { orderId: ORDER, eventId: EVENT, currency: 'PEN', lines: [{ ...generalLine(people.length), unitPrice }], buyer, attendees: people, method },
  });
  it('records reserved, named, paid and ticketed in one decision, naming who issued it', () => {
    spec.when(issue('guest')).then((events) => {
      expect(events.map((e) => e.type)).toEqual(['sales.OrderReserved', 'sales.AttendeesSet', 'sales.OrderPaid', 'sales.TicketsIssued']);
      expect(events[0].data).toMatchObject({ buyerId: null, by: SPEC_USER_ID, total: 0 });
      expect(events[2].data).toMatchObject({ method: 'guest', amount: 0 });
      const tickets = events[3].type === 'sales.TicketsIssued' ? events[3].data.tickets : [];
      expect(tickets.map((t) => [t.attendeeName, t.attendeeEmail])).toEqual([['Ana', 'ana@example.com'], ['Beto', 'beto@example.com']]);
    });
    spec.when(issue('cash', [attendee(GENERAL, 'Ana')], 3050)).thenState((s) => expect(s).toMatchObject({ status: 'paid', paid: 3050, method: 'cash' }));
  });
  it('needs one attendee per ticket of the lines', () => {
    spec.when({ ...issue('guest'), data: { ...issue('guest').data, attendees: [attendee(GENERAL, 'Ana')] } }).thenThrows(DomainError, byCode('ATTENDEES_MISMATCH'));
  });
});

describe('ExpireOrder', () => {
  const expire = { type: 'sales.ExpireOrder', data: { orderId: ORDER } } as const;
  it('expires an unpaid reservation once its hold is over', () => {
    spec.given([reserved]).when(expire, { now: later(15 * 60_000) }).then([{ ...expired, data: { ...expired.data, at: later(15 * 60_000).toISOString() } }]);
  });
  it('refuses while the hold lasts', () => {
    spec.given([reserved]).when(expire, { now: later(15 * 60_000 - 1) }).thenThrows(DomainError, byCode('HOLD_NOT_OVER'));
  });
  it('does nothing to a paid, cancelled or already expired order, nor to a deposit under review', () => {
    for (const settled of [paid, cancelled, expired, announced]) spec.given([reserved, settled]).when(expire, { now: later(3_600_000) }).then([]);
  });
  it('an unknown order is not found', () => {
    spec.when(expire).thenThrows(NotFoundError, byCode('ORDER_NOT_FOUND'));
  });
});

describe('SetAttendees', () => {
  const set = (people = attendees): SetAttendees => ({ type: 'sales.SetAttendees', data: { orderId: ORDER, buyer, attendees: people } });
  it('names one attendee per ticket, in the order of the lines', () => {
    spec.given([reserved]).when(set()).then([named]);
    spec.given([reserved]).when(set()).thenState((s) => expect(s).toMatchObject({ buyer, attendees }));
  });
  it('refuses a count or order of ticket types that is not the order\'s', () => {
    spec.given([reserved]).when(set(attendees.slice(0, 3))).thenThrows(DomainError, byCode('ATTENDEES_MISMATCH'));
    spec.given([reserved]).when(set([attendees[2], attendees[0], attendees[1], attendees[3]])).thenThrows(DomainError, byCode('ATTENDEES_MISMATCH'));
  });
  it('on a ticketed order each attendee names its ticket', () => {
    const issuedToBuyer = issuedTo(attendees.map((a) => ({ ticketTypeId: a.ticketTypeId, name: buyer.name, email: buyer.email })));
    spec
      .given([reserved, paid, issuedToBuyer])
      .when(set())
      .then((events) => {
        expect(events[0].type === 'sales.AttendeesSet' && events[0].data.attendees.map((a) => a.ticketId)).toEqual([specId(1), specId(3), specId(5), specId(7)]);
      });
    spec
      .given([reserved, paid, issuedToBuyer])
      .when(set())
      .thenState((s) => expect(s.status !== 'none' && s.tickets.map((t) => t.attendeeName)).toEqual(['Ana', 'Beto', 'Carla', 'Dino']));
  });
  describe('the receipt', () => {
    const factura = { kind: 'factura' as const, ruc: '20131312955', businessName: 'Cafés del Norte S.A.C.', address: 'Av. Arequipa 123, Lima' };
    const withReceipt = (receipt: SetAttendees['data']['receipt']): SetAttendees => ({ ...set(), data: { ...set().data, receipt } });
    it('records a factura asked for before paying, and keeps it when the attendees are named again without one', () => {
      spec.given([reserved]).when(withReceipt(factura)).then([{ ...named, data: { ...named.data, receipt: factura } }]);
      spec.given([reserved, { ...named, data: { ...named.data, receipt: factura } }, named]).when(set()).thenState((s) => expect(s.status !== 'none' && s.receipt).toEqual(factura));
    });
    it('is null (a boleta) until chosen', () => {
      spec.given([reserved, named]).when(set()).thenState((s) => expect(s.status !== 'none' && s.receipt).toBeNull());
    });
    it('cannot change once the order is paid; naming the tickets with the same receipt still works', () => {
      const asked = { ...named, data: { ...named.data, receipt: factura } };
      spec.given([reserved, asked, paid, issued]).when(withReceipt({ kind: 'boleta' })).thenThrows(DomainError, byCode('RECEIPT_LOCKED'));
      spec.given([reserved, named, paid, issued]).when(withReceipt(factura)).thenThrows(DomainError, byCode('RECEIPT_LOCKED'));
      spec.given([reserved, asked, paid, issued]).when(withReceipt({ ...factura })).then((events) => expect(events.map((e) => e.type)).toEqual(['sales.AttendeesSet']));
      spec.given([reserved, named, paid, issued]).when(withReceipt({ kind: 'boleta' })).then((events) => expect(events.map((e) => e.type)).toEqual(['sales.AttendeesSet']));
    });
  });
  it('refuses on an expired, cancelled or refunded order', () => {
    spec.given([reserved, expired]).when(set()).thenThrows(DomainError, byCode('ORDER_NOT_EDITABLE'));
    spec.given([reserved, cancelled]).when(set()).thenThrows(DomainError, byCode('ORDER_NOT_EDITABLE'));
  });
});

describe('PayOrder', () => {
  const pay = (amount: number, method: PaymentMethod = 'cash', extra: Partial<PayOrder['data']> = {}): PayOrder => ({
    type: 'sales.PayOrder',
    data: { orderId: ORDER, method, amount, ...extra },
  });
  it('records the payment of the exact total and issues one ticket per seat to its attendee', () => {
    spec.given([reserved, named]).when(pay(30100)).then([paid, issued]);
    spec.given([reserved, named]).when(pay(30100)).thenState((s) => expect(s).toMatchObject({ status: 'paid', paid: 30100, paidAt: at, method: 'cash' }));
  });
  it('unnamed seats carry the buyer until named (none known: null)', () => {
    spec.given([reserved]).when(pay(30100)).then((events) => {
      expect(events[1].type === 'sales.TicketsIssued' && events[1].data.tickets.map((t) => t.attendeeName)).toEqual([null, null, null, null]);
    });
  });
  it('refuses another amount', () => {
    spec.given([reserved]).when(pay(30000)).thenThrows(DomainError, byCode('WRONG_AMOUNT'));
  });
  it('the same payment again records nothing; a second, different charge is refused (to be given back)', () => {
    spec.given([reserved, paid, issued]).when(pay(30100)).then([]);
    const card = paidBy('card', { chargeId: 'chr_1' });
    spec.given([reserved, card, issued]).when(pay(30100, 'card', { chargeId: 'chr_1' })).then([]);
    spec.given([reserved, card, issued]).when(pay(30100, 'card', { chargeId: 'chr_2' })).thenThrows(DomainError, byCode('ORDER_ALREADY_PAID'));
  });
  it('a cancelled order is not payable; an expired one only once its seats were held again (late payment)', () => {
    spec.given([reserved, cancelled]).when(pay(30100)).thenThrows(DomainError, byCode('ORDER_NOT_PAYABLE'));
    spec.given([reserved, expired]).when(pay(30100, 'card', { chargeId: 'chr_1' })).thenThrows(DomainError, byCode('ORDER_EXPIRED'));
    spec
      .given([reserved, named, expired])
      .when(pay(30100, 'card', { chargeId: 'chr_1', reheld: true }))
      .then([paidBy('card', { chargeId: 'chr_1', late: true }), issued]);
  });
  it('a deposit is paid only from awaiting_payment (its approval)', () => {
    spec.given([reserved]).when(pay(30100, 'deposit')).thenThrows(DomainError, byCode('NO_DEPOSIT_TO_REVIEW'));
    spec.given([reserved, named, announced]).when(pay(30100, 'deposit')).then([paidBy('deposit'), issued]);
  });
});

describe('AnnounceOfflinePayment and RejectDeposit (bank deposit)', () => {
  const announce: AnnounceOfflinePayment = { type: 'sales.AnnounceOfflinePayment', data: { orderId: ORDER, voucher } };
  const reject: RejectDeposit = { type: 'sales.RejectDeposit', data: { orderId: ORDER, reason: 'El monto no coincide' } };
  it('a voucher puts the order in awaiting_payment; the same voucher again records nothing', () => {
    spec.given([reserved]).when(announce).then([announced]);
    spec.given([reserved]).when(announce).thenState((s) => expect(s).toMatchObject({ status: 'awaiting_payment', voucher, method: 'deposit' }));
    spec.given([reserved, announced]).when(announce).then([]);
  });
  it('a new voucher replaces one under review; an expired or paid order takes none', () => {
    spec.given([reserved, announced]).when({ ...announce, data: { ...announce.data, voucher: { ...voucher, ref: 'other' } } }).then((e) => expect(e).toHaveLength(1));
    spec.given([reserved, expired]).when(announce).thenThrows(DomainError, byCode('ORDER_NOT_PAYABLE'));
    spec.given([reserved, paid]).when(announce).thenThrows(DomainError, byCode('ORDER_NOT_PAYABLE'));
  });
  it('a rejected deposit cancels the order with its reason', () => {
    spec.given([reserved, announced]).when(reject).then([
      { type: 'sales.DepositRejected', data: { orderId: ORDER, eventId: EVENT, reason: 'El monto no coincide', by: SPEC_USER_ID, at } },
      { type: 'sales.OrderCancelled', data: { orderId: ORDER, eventId: EVENT, reason: 'El monto no coincide', by: SPEC_USER_ID, at } },
    ]);
    spec.given([reserved]).when(reject).thenThrows(DomainError, byCode('NO_DEPOSIT_TO_REVIEW'));
    spec.given([reserved, announced, cancelled]).when(reject).then([]);
  });
});

describe('CancelOrder', () => {
  const cancel = { type: 'sales.CancelOrder', data: { orderId: ORDER, reason: null } } as const;
  it('cancels a reservation or a deposit under review, naming who', () => {
    spec.given([reserved]).when(cancel).then([cancelled]);
    spec.given([reserved, announced]).when(cancel).then([cancelled]);
  });
  it('a repeated cancel records nothing; expired orders are not cancelled; paid ones only by the team', () => {
    spec.given([reserved, cancelled]).when(cancel).then([]);
    spec.given([reserved, paid]).when(cancel).thenThrows(DomainError, byCode('ORDER_NOT_CANCELLABLE'));
    spec.given([reserved, expired]).when(cancel).thenThrows(DomainError, byCode('ORDER_NOT_CANCELLABLE'));
    spec.given([reserved, paid, issued]).when({ ...cancel, data: { ...cancel.data, byTeam: true } }).then([cancelled]);
  });
  it('a cancelled order voids its tickets', () => {
    spec
      .given([reserved, paid, issued])
      .when({ ...cancel, data: { ...cancel.data, byTeam: true } })
      .thenState((s) => expect(s.status !== 'none' && s.tickets.map((t) => t.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']));
  });
});

describe('RefundOrder', () => {
  const refund = { type: 'sales.RefundOrder', data: { orderId: ORDER, refundId: 'ref_1', reason: 'Evento pospuesto' } } as const;
  it('refunds what was paid, by the method it was paid with, and voids the tickets', () => {
    const card = paidBy('card', { chargeId: 'chr_1' });
    spec.given([reserved, card, issued]).when(refund).then([
      {
        type: 'sales.OrderRefunded',
        data: { orderId: ORDER, eventId: EVENT, amount: 30100, currency: 'PEN', method: 'card', refundId: 'ref_1', reason: 'Evento pospuesto', by: SPEC_USER_ID, at },
      },
    ]);
    spec
      .given([reserved, card, issued])
      .when(refund)
      .thenState((s) => expect(s.status !== 'none' && [s.status, ...s.tickets.map((t) => t.status)]).toEqual(['refunded', 'refunded', 'refunded', 'refunded', 'refunded']));
  });
  it('only a paid order; a second refund records nothing', () => {
    spec.given([reserved]).when(refund).thenThrows(DomainError, byCode('ORDER_NOT_REFUNDABLE'));
    const done: OrderEvent = { type: 'sales.OrderRefunded', data: { orderId: ORDER, eventId: EVENT, amount: 30100, currency: 'PEN', method: 'cash', refundId: null, reason: null, by: null, at } };
    spec.given([reserved, paid, issued, done]).when(refund).then([]);
  });
});

describe('RecordLatePaymentRefund', () => {
  const record = { type: 'sales.RecordLatePaymentRefund', data: { orderId: ORDER, method: 'card', amount: 30100, chargeId: 'chr_9', refundId: 'ref_9' } } as const;
  it('records a late payment given back once per charge, leaving the order expired', () => {
    const late: OrderEvent = {
      type: 'sales.LatePaymentRefunded',
      data: { orderId: ORDER, eventId: EVENT, method: 'card', amount: 30100, currency: 'PEN', chargeId: 'chr_9', refundId: 'ref_9', at },
    };
    spec.given([reserved, expired]).when(record).then([late]);
    spec.given([reserved, expired]).when(record).thenState((s) => expect(s).toMatchObject({ status: 'expired', lateRefunds: ['chr_9'] }));
    spec.given([reserved, expired, late]).when(record).then([]);
  });
});

describe('TransferTicket and AssignAttendee', () => {
  const ticketId = specId(1);
  const transfer: TransferTicket = { type: 'sales.TransferTicket', data: { orderId: ORDER, ticketId, name: 'Eva', email: 'eva@example.com' } };
  const assign: AssignAttendee = { type: 'sales.AssignAttendee', data: { orderId: ORDER, ticketId, name: 'Eva', email: 'eva@example.com' } };
  it('moves a valid ticket to another e-mail, keeping who had it', () => {
    spec.given([reserved, paid, issued]).when(transfer).then([
      { type: 'sales.TicketTransferred', data: { orderId: ORDER, eventId: EVENT, ticketId, fromEmail: 'ana@example.com', name: 'Eva', email: 'eva@example.com', by: SPEC_USER_ID, at } },
    ]);
    spec.given([reserved, paid, issued]).when(transfer).thenState((s) => expect(s.status !== 'none' && s.tickets[0]).toMatchObject({ attendeeName: 'Eva', attendeeEmail: 'eva@example.com' }));
  });
  it('names a ticket later (a company order); the same name again records nothing', () => {
    spec.given([reserved, paid, issued]).when(assign).then([{ type: 'sales.AttendeeAssigned', data: { orderId: ORDER, eventId: EVENT, ticketId, name: 'Eva', email: 'eva@example.com', by: SPEC_USER_ID, at } }]);
    spec.given([reserved, paid, issued]).when({ ...assign, data: { ...assign.data, name: 'Ana', email: 'ana@example.com' } }).then([]);
  });
  it('refuses an unpaid order, an unknown ticket, a void ticket and a transfer to the same e-mail', () => {
    spec.given([reserved]).when(transfer).thenThrows(DomainError, byCode('ORDER_NOT_PAID'));
    spec.given([reserved, paid, issued]).when({ ...transfer, data: { ...transfer.data, ticketId: specId(99) } }).thenThrows(NotFoundError, byCode('TICKET_NOT_FOUND'));
    spec.given([reserved, paid, issued]).when({ ...transfer, data: { ...transfer.data, email: 'ana@example.com', name: 'Ana P.' } }).thenThrows(DomainError, byCode('SAME_ATTENDEE'));
    spec.given([reserved, paid, issued, { ...cancelled }]).when(transfer).thenThrows(DomainError, byCode('ORDER_NOT_PAID'));
  });
});

describe('toMinorUnits', () => {
  it('turns the events module decimal prices into céntimos without float drift', () => {
    expect([30.5, 0.1 + 0.2, 19.99, 0].map(toMinorUnits)).toEqual([3050, 30, 1999, 0]);
  });
});

// --------------------------------------------------------------------------------------------- quota
const quota = DeciderSpecification.for(quotaDecider);
const line = (ticketTypeId: string, name: string, quantity: number) => ({ ticketTypeId, name, quantity, unitPrice: 100, currency: 'PEN' });
const hold = (orderId: string, lines: ReturnType<typeof line>[], capacity: number | null = 10): HoldSeats => ({
  type: 'sales.HoldSeats',
  data: { eventId: EVENT, orderId, buyerId: null, lines, holdUntil, quantities: { [GENERAL]: 8, [VIP]: 5 }, capacity },
});
const held = (c: HoldSeats): SeatsHeld => ({
  type: 'sales.SeatsHeld',
  data: { eventId: EVENT, orderId: c.data.orderId, buyerId: null, lines: c.data.lines, holdUntil, at },
});
const O1 = '66666666-6666-4666-8666-666666666661';
const O2 = '66666666-6666-4666-8666-666666666662';

describe('HoldSeats (quota)', () => {
  it('holds seats while the type and the shared capacity have room', () => {
    const c = hold(O1, [line(GENERAL, 'General', 4), line(VIP, 'VIP', 2)]);
    quota.when(c).then([held(c)]);
    quota.when(c).thenState((s) =>
      expect(s).toMatchObject({ byType: { [GENERAL]: 4, [VIP]: 2 }, total: 6, holds: { [O1]: [{ ticketTypeId: GENERAL, quantity: 4 }, { ticketTypeId: VIP, quantity: 2 }] } }),
    );
  });
  it("refuses past a type's own quantity, naming it", () => {
    const first = hold(O1, [line(GENERAL, 'General', 6)]);
    const e = quota.given([held(first)]).when(hold(O2, [line(GENERAL, 'General', 3)])).thenThrows(DomainError, byCode('SOLD_OUT'));
    expect((e as DomainError).messagePublic).toBe('No quedan entradas suficientes de «General».');
    expect((e as DomainError).details).toMatchObject({ left: 2 });
  });
  it('refuses past the event capacity shared by the types (8 + 5 types, capacity 10)', () => {
    const first = hold(O1, [line(GENERAL, 'General', 7)]);
    quota.given([held(first)]).when(hold(O2, [line(VIP, 'VIP', 4)])).thenThrows(DomainError, byCode('SOLD_OUT'));
    quota.given([held(first)]).when(hold(O2, [line(VIP, 'VIP', 3)])).then((events) => expect(events).toHaveLength(1));
    // Without a capacity only the types' own quantities count.
    quota.given([held(first)]).when(hold(O2, [line(VIP, 'VIP', 5)], null)).then((events) => expect(events).toHaveLength(1));
  });
  it('a hold of an order already holding records nothing', () => {
    const c = hold(O1, [line(GENERAL, 'General', 1)]);
    quota.given([held(c)]).when(c).then([]);
  });
});

describe('ReleaseSeats (quota)', () => {
  const release = (orderId: string) => ({ type: 'sales.ReleaseSeats', data: { eventId: EVENT, orderId, reason: 'expired' } }) as const;
  it('frees the seats of the order, once', () => {
    const c = hold(O1, [line(GENERAL, 'General', 8)]);
    quota.given([held(c)]).when(release(O1)).then([{ type: 'sales.SeatsReleased', data: { eventId: EVENT, orderId: O1, reason: 'expired', at } }]);
    quota.given([held(c)]).when(release(O1)).thenState((s) => expect(s).toMatchObject({ byType: { [GENERAL]: 0 }, total: 0, holds: {} }));
    const released = { type: 'sales.SeatsReleased', data: { eventId: EVENT, orderId: O1, reason: 'expired', at } } as const;
    quota.given([held(c), released]).when(release(O1)).then([]);
    // Freed seats sell again.
    quota.given([held(c), released]).when(hold(O2, [line(GENERAL, 'General', 8)])).then((events) => expect(events).toHaveLength(1));
  });
});
