import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import {
  orderDecider,
  toMinorUnits,
  type OfferedTicket,
  type OrderEvent,
  type OrderReserved,
  type ReserveOrder,
} from '../../src/domain/sales/order.js';
import { quotaDecider, type HoldSeats, type SeatsHeld } from '../../src/domain/sales/quota.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

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

const reserve = (lines: ReserveOrder['data']['lines'], over: Partial<ReserveOrder['data']> = {}): ReserveOrder => ({
  type: 'sales.ReserveOrder',
  data: { orderId: ORDER, eventId: EVENT, buyerId: SPEC_USER_ID, currency: 'PEN', offer, lines, holdUntil, ...over },
});
const reserved: OrderReserved = {
  type: 'sales.OrderReserved',
  data: {
    orderId: ORDER,
    eventId: EVENT,
    buyerId: SPEC_USER_ID,
    lines: [
      { ticketTypeId: GENERAL, name: 'General', quantity: 2, unitPrice: 3050, currency: 'PEN' },
      { ticketTypeId: VIP, name: 'VIP', quantity: 2, unitPrice: 12000, currency: 'PEN' },
    ],
    currency: 'PEN',
    total: 30100,
    holdUntil,
    at,
  },
};
const expired: OrderEvent = { type: 'sales.OrderExpired', data: { orderId: ORDER, eventId: EVENT, at } };
const paid: OrderEvent = { type: 'sales.OrderPaid', data: { orderId: ORDER, eventId: EVENT, method: 'cash', amount: 30100, currency: 'PEN', at } };
const cancelled: OrderEvent = { type: 'sales.OrderCancelled', data: { orderId: ORDER, eventId: EVENT, reason: null, by: SPEC_USER_ID, at } };
const byCode = (code: string) => (e: DomainError) => e.code === code;

describe('ReserveOrder', () => {
  it('prices the lines in minor units, merges repeated types and totals them', () => {
    spec
      .when(
        reserve([
          { ticketTypeId: GENERAL, quantity: 1 },
          { ticketTypeId: VIP, quantity: 2 },
          { ticketTypeId: GENERAL, quantity: 1 },
        ]),
      )
      .then([reserved]);
  });

  it('starts in state reserved, holding until holdUntil', () => {
    spec.when(reserve([{ ticketTypeId: GENERAL, quantity: 2 }])).thenState((s) => {
      expect(s).toMatchObject({ status: 'reserved', total: 6100, holdUntil, buyerId: SPEC_USER_ID, createdAt: at });
    });
  });

  it('an anonymous buyer is recorded as null', () => {
    spec.when(reserve([{ ticketTypeId: GENERAL, quantity: 1 }], { buyerId: null }), { userId: undefined }).then((events) => {
      expect(events[0].type === 'sales.OrderReserved' && events[0].data.buyerId).toBe(null);
    });
  });

  it('refuses an unknown ticket type and a hidden one alike', () => {
    spec.when(reserve([{ ticketTypeId: '99999999-9999-4999-8999-999999999999', quantity: 1 }])).thenThrows(DomainError, byCode('UNKNOWN_TICKET_TYPE'));
    spec.when(reserve([{ ticketTypeId: HIDDEN, quantity: 1 }])).thenThrows(DomainError, byCode('UNKNOWN_TICKET_TYPE'));
  });

  it('refuses outside the sale window, naming the ticket type', () => {
    const early = spec.when(reserve([{ ticketTypeId: VIP, quantity: 2 }]), { now: new Date('2026-02-28T23:59:59.000Z') }).thenThrows(DomainError, byCode('SALE_NOT_STARTED'));
    expect((early as DomainError).messagePublic).toBe('La venta de «VIP» todavía no ha comenzado.');
    const late = spec.when(reserve([{ ticketTypeId: VIP, quantity: 2 }]), { now: new Date('2026-03-03T00:00:00.000Z') }).thenThrows(DomainError, byCode('SALE_ENDED'));
    expect((late as DomainError).messagePublic).toBe('La venta de «VIP» ya terminó.');
  });

  it('refuses under the minimum and over the maximum per order (repeated lines counted together)', () => {
    spec.when(reserve([{ ticketTypeId: VIP, quantity: 1 }])).thenThrows(DomainError, byCode('UNDER_MIN_PER_ORDER'));
    const over = spec
      .when(reserve([{ ticketTypeId: GENERAL, quantity: 3 }, { ticketTypeId: GENERAL, quantity: 2 }]))
      .thenThrows(DomainError, byCode('OVER_MAX_PER_ORDER'));
    expect((over as DomainError).messagePublic).toBe('Puedes comprar como máximo 4 entradas de «General» por pedido.');
  });

  it('refuses an order without tickets', () => {
    spec.when(reserve([{ ticketTypeId: GENERAL, quantity: 0 }])).thenThrows(DomainError, byCode('EMPTY_ORDER'));
  });

  it('refuses to reserve an order that exists', () => {
    spec.given([reserved]).when(reserve([{ ticketTypeId: GENERAL, quantity: 1 }])).thenThrows(DomainError, byCode('ORDER_EXISTS'));
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
  it('does nothing to a paid, cancelled or already expired order', () => {
    for (const settled of [paid, cancelled, expired]) spec.given([reserved, settled]).when(expire, { now: later(3_600_000) }).then([]);
  });
  it('an unknown order is not found', () => {
    spec.when(expire).thenThrows(NotFoundError, byCode('ORDER_NOT_FOUND'));
  });
});

describe('PayOrder', () => {
  const pay = (amount: number) => ({ type: 'sales.PayOrder', data: { orderId: ORDER, method: 'cash', amount } }) as const;
  it('records the payment of the exact total and the order is paid', () => {
    spec.given([reserved]).when(pay(30100)).then([paid]);
    spec.given([reserved]).when(pay(30100)).thenState((s) => expect(s).toMatchObject({ status: 'paid', paid: 30100 }));
  });
  it('refuses another amount', () => {
    spec.given([reserved]).when(pay(30000)).thenThrows(DomainError, byCode('WRONG_AMOUNT'));
  });
  it('a repeated payment records nothing; an expired or cancelled order is not payable', () => {
    spec.given([reserved, paid]).when(pay(30100)).then([]);
    spec.given([reserved, expired]).when(pay(30100)).thenThrows(DomainError, byCode('ORDER_NOT_PAYABLE'));
    spec.given([reserved, cancelled]).when(pay(30100)).thenThrows(DomainError, byCode('ORDER_NOT_PAYABLE'));
  });
});

describe('CancelOrder', () => {
  const cancel = { type: 'sales.CancelOrder', data: { orderId: ORDER, reason: null } } as const;
  it('cancels a reservation, naming who', () => {
    spec.given([reserved]).when(cancel).then([cancelled]);
  });
  it('a repeated cancel records nothing; paid and expired orders are not cancelled here', () => {
    spec.given([reserved, cancelled]).when(cancel).then([]);
    spec.given([reserved, paid]).when(cancel).thenThrows(DomainError, byCode('ORDER_NOT_CANCELLABLE'));
    spec.given([reserved, expired]).when(cancel).thenThrows(DomainError, byCode('ORDER_NOT_CANCELLABLE'));
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
    quota.when(c).thenState({ byType: { [GENERAL]: 4, [VIP]: 2 }, total: 6, holds: { [O1]: [{ ticketTypeId: GENERAL, quantity: 4 }, { ticketTypeId: VIP, quantity: 2 }] } });
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
    quota.given([held(c)]).when(release(O1)).thenState({ byType: { [GENERAL]: 0 }, total: 0, holds: {} });
    const released = { type: 'sales.SeatsReleased', data: { eventId: EVENT, orderId: O1, reason: 'expired', at } } as const;
    quota.given([held(c), released]).when(release(O1)).then([]);
    // Freed seats sell again.
    quota.given([held(c), released]).when(hold(O2, [line(GENERAL, 'General', 8)])).then((events) => expect(events).toHaveLength(1));
  });
});
