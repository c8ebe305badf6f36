import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import { tillDecider, tillStreamId, type TillEvent } from '../../src/domain/sales/till.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';
import { useTestApp } from '../support/app.js';
import { client, organizer, signUpVerified, type Client } from '../events/helpers.js';
import { findOrder } from '../../src/projections/sales/queries.js';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { tillsProjection } from '../../src/projections/sales/tills.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { publishedEvent } from './helpers.js';

const spec = DeciderSpecification.for(tillDecider);
const at = SPEC_NOW.toISOString();
const T = 'till-1';
const EV = 'event-1';
const opened: TillEvent = { type: 'sales.TillOpened', data: { tillId: T, eventId: EV, openedBy: SPEC_USER_ID, float: 10000, currency: 'PEN', at } };
const sale = (orderId: string, amount: number, method: 'cash' | 'card' = 'cash', reference: string | null = null): TillEvent => ({
  type: 'sales.SaleRecorded',
  data: { tillId: T, eventId: EV, orderId, method, amount, tickets: 1, reference, by: SPEC_USER_ID, at },
});
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('till decider', () => {
  describe('OpenTill', () => {
    it('opens with the float in minor units and the event currency; never twice', () => {
      spec.when({ type: 'sales.OpenTill', data: { tillId: T, eventId: EV, float: 10000, currency: 'PEN' } }).then([opened]);
      spec.given([opened]).when({ type: 'sales.OpenTill', data: { tillId: T, eventId: EV, float: 0, currency: 'PEN' } }).thenThrows(code('TILL_EXISTS'));
      spec.when({ type: 'sales.OpenTill', data: { tillId: T, eventId: EV, float: -1, currency: 'PEN' } }).thenThrows(code('INVALID_AMOUNT'));
      spec.when({ type: 'sales.OpenTill', data: { tillId: T, eventId: EV, float: 1.5, currency: 'PEN' } }).thenThrows(code('INVALID_AMOUNT'));
    });
  });

  describe('RecordSales', () => {
    const record = (orderIds: string[], method: 'cash' | 'card' = 'cash', reference: string | null = null) => ({
      type: 'sales.RecordSales' as const,
      data: { sales: orderIds.map((orderId) => ({ orderId, eventId: EV, amount: 2500, tickets: 1 })), method, reference },
    });
    it('records one entry per order; a card sale keeps the terminal reference', () => {
      spec.given([opened]).when(record(['o1', 'o2'])).then([sale('o1', 2500), sale('o2', 2500)]);
      spec.given([opened]).when(record(['o3'], 'card', ' VOU-77 ')).then([sale('o3', 2500, 'card', 'VOU-77')]);
    });
    it('an order already on the till is not recorded twice (a retried sale), even after closing', () => {
      spec.given([opened, sale('o1', 2500)]).when(record(['o1', 'o2'])).then([sale('o2', 2500)]);
      const closed: TillEvent = { type: 'sales.TillClosed', data: { tillId: T, eventId: EV, counted: 12500, expected: 12500, difference: 0, note: null, by: SPEC_USER_ID, at } };
      spec.given([opened, sale('o1', 2500), closed]).when(record(['o1'])).then([]);
      spec.given([opened, closed]).when(record(['o9'])).thenThrows(code('TILL_CLOSED'));
    });
    it('refuses a card sale without reference, another cashier, another event, no till', () => {
      spec.given([opened]).when(record(['o1'], 'card', '  ')).thenThrows(code('REFERENCE_REQUIRED'));
      spec.given([opened]).when(record(['o1']), { userId: 'someone-else' }).thenThrows(code('TILL_NOT_YOURS'));
      spec
        .given([opened])
        .when({ type: 'sales.RecordSales', data: { sales: [{ orderId: 'o1', eventId: 'other', amount: 1, tickets: 1 }], method: 'cash', reference: null } })
        .thenThrows(code('WRONG_EVENT'));
      spec.when(record(['o1'])).thenThrows(code('TILL_NOT_FOUND'));
    });
  });

  describe('MoveCash and CloseTill', () => {
    it('expected cash = float + cash sales + in - out; card sales stay out of the drawer', () => {
      spec
        .given([opened, sale('o1', 2500), sale('o2', 4000, 'card', 'V1'), { type: 'sales.CashMovement', data: { tillId: T, eventId: EV, direction: 'in', amount: 500, reason: 'Sencillo', by: SPEC_USER_ID, at } }])
        .when({ type: 'sales.CloseTill', data: { counted: 12900, note: 'Faltan monedas' } })
        .then([{ type: 'sales.TillClosed', data: { tillId: T, eventId: EV, counted: 12900, expected: 13000, difference: -100, note: 'Faltan monedas', by: SPEC_USER_ID, at } }]);
    });
    it('cash out needs a reason and cash in the drawer; a closed till takes nothing more', () => {
      spec.given([opened]).when({ type: 'sales.MoveCash', data: { direction: 'out', amount: 3000, reason: 'Depósito a caja fuerte' } }).then([
        { type: 'sales.CashMovement', data: { tillId: T, eventId: EV, direction: 'out', amount: 3000, reason: 'Depósito a caja fuerte', by: SPEC_USER_ID, at } },
      ]);
      spec.given([opened]).when({ type: 'sales.MoveCash', data: { direction: 'out', amount: 10001, reason: 'x' } }).thenThrows(code('NOT_ENOUGH_CASH'));
      spec.given([opened]).when({ type: 'sales.MoveCash', data: { direction: 'in', amount: 100, reason: ' ' } }).thenThrows(code('REASON_REQUIRED'));
      spec.given([opened]).when({ type: 'sales.MoveCash', data: { direction: 'in', amount: 0, reason: 'x' } }).thenThrows(code('INVALID_AMOUNT'));
      const closed: TillEvent = { type: 'sales.TillClosed', data: { tillId: T, eventId: EV, counted: 10000, expected: 10000, difference: 0, note: null, by: SPEC_USER_ID, at } };
      spec.given([opened, closed]).when({ type: 'sales.MoveCash', data: { direction: 'in', amount: 100, reason: 'x' } }).thenThrows(code('TILL_CLOSED'));
      spec.given([opened, closed]).when({ type: 'sales.CloseTill', data: { counted: 0, note: null } }).thenThrows(code('TILL_CLOSED'));
      spec.given([opened]).when({ type: 'sales.CloseTill', data: { counted: 0, note: null } }, { userId: 'other' }).thenThrows(code('TILL_NOT_YOURS'));
    });
  });
});

describe('tills over HTTP', () => {
  const app = useTestApp();
  const team = async (org: Client, eventId: string, role: string, name: string) => {
    const who = await signUpVerified(app, { displayName: name });
    const granted = await org.post(`/event/${eventId}/collaborator`, { email: who.email, module: 'store', role });
    expect(granted.body.data.status).toBe('granted');
    return client(app.url, who);
  };

  it('opens one till per cashier and event (a retry answers the same till), moves cash, closes with the count', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 25, quantity: 50 }] });
    const cashier = await team(org, ev.id, 'cash_register', 'Cajera');
    const clientId = randomUUID();
    const first = await cashier.post(`/event/${ev.id}/till`, { clientId, float: 10000 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'open', currency: 'PEN', float: 10000, expected: 10000, openedByName: 'Cajera' });
    const again = await cashier.post(`/event/${ev.id}/till`, { clientId, float: 10000 });
    expect(again.body.data._id).toBe(first.body.data._id);
    const second = await cashier.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 0 });
    expect(second.body).toMatchObject({ status: 409, code: 'TILL_ALREADY_OPEN', messagePublic: 'Ya tienes una caja abierta en este evento. Ciérrala antes de abrir otra.' });
    const tillId = first.body.data._id;
    expect(await app.ctx.store.readStream(tillStreamId(tillId))).toHaveLength(1);

    const out = await cashier.post(`/event/${ev.id}/till/${tillId}/movement`, { clientId: randomUUID(), direction: 'out', amount: 20000, reason: 'Retiro' });
    expect(out.body).toMatchObject({ status: 409, code: 'NOT_ENOUGH_CASH', messagePublic: 'La caja no tiene tanto efectivo.' });
    const moveId = randomUUID();
    const inn = await cashier.post(`/event/${ev.id}/till/${tillId}/movement`, { clientId: moveId, direction: 'in', amount: 500, reason: 'Sencillo' });
    expect(inn.status).toBe(201);
    await cashier.post(`/event/${ev.id}/till/${tillId}/movement`, { clientId: moveId, direction: 'in', amount: 500, reason: 'Sencillo' });
    expect(inn.body.data).toMatchObject({ cashIn: 500, expected: 10500 });
    const list = await cashier.get(`/event/${ev.id}/tills?after=${inn.body.position}`);
    expect(list.body.mine._id).toBe(tillId);
    expect(list.body.data).toHaveLength(1);

    const bad = await cashier.post(`/event/${ev.id}/till/${tillId}/close`, { clientId: randomUUID(), counted: -5 });
    expect(bad.status).toBe(400);
    const closeId = randomUUID();
    const closed = await cashier.post(`/event/${ev.id}/till/${tillId}/close`, { clientId: closeId, counted: 10400 });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', counted: 10400, expected: 10500, difference: -100 });
    expect((await cashier.post(`/event/${ev.id}/till/${tillId}/close`, { clientId: closeId, counted: 10400 })).status).toBe(200);
    expect((await cashier.post(`/event/${ev.id}/till/${tillId}/close`, { clientId: randomUUID(), counted: 1 })).body.code).toBe('TILL_CLOSED');
    expect(await app.ctx.store.readStream(tillStreamId(tillId))).toHaveLength(3);
    // Closed, the cashier may open a new one.
    expect((await cashier.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 0 })).status).toBe(201);
  });

  it('access: the registration desk cannot open a till; another cashier and another organizer do not see it', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, tickets: [{ name: 'General', quantity: 50 }] });
    const cashier = await team(org, ev.id, 'cash_register', 'Cajero Uno');
    const other = await team(org, ev.id, 'cash_register', 'Cajero Dos');
    const desk = await team(org, ev.id, 'register', 'Recepción');
    expect((await desk.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 0 })).status).toBe(403);
    const opened = await cashier.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 100 });
    const tillId = opened.body.data._id;
    const path = `/event/${ev.id}/till/${tillId}?after=${opened.body.position}`;
    expect((await other.get(path)).body).toMatchObject({ status: 404, code: 'TILL_NOT_FOUND', messagePublic: 'La caja no existe.' });
    expect((await other.post(`/event/${ev.id}/till/${tillId}/close`, { clientId: randomUUID(), counted: 100 })).body.code).toBe('TILL_NOT_YOURS');
    expect((await other.get(`/event/${ev.id}/tills`)).body.data).toEqual([]);
    // The organizer manages the orders: sees every till.
    expect((await org.get(path)).status).toBe(200);
    expect((await org.get(`/event/${ev.id}/tills`)).body.data).toHaveLength(1);
    const stranger = await organizer(app.url, 'Otro organizador');
    expect((await stranger.get(path)).status).toBe(403);
    const otherEv = await publishedEvent(stranger, { capacity: 10, tickets: [{ name: 'G', quantity: 5 }] });
    // Their own event's route does not reach a till of another event.
    expect((await stranger.get(`/event/${otherEv.id}/till/${tillId}`)).status).toBe(404);
    expect((await client(app.url).get(path)).status).toBe(401);
  });
  it('sells at the door in cash and by card: one paid order per sale, one till entry, the totals reconcile with the orders', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 25, quantity: 50 }, { name: 'VIP', price: 80.5, quantity: 5 }] });
    const cashier = await team(org, ev.id, 'cash_register', 'Cajero Puerta');
    const till = (await cashier.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 5000 })).body.data;
    const sale = {
      clientId: randomUUID(),
      method: 'cash',
      lines: [{ ticketTypeId: ev.ticketIds[0], attendees: [{ name: 'Ana Díaz' }, { name: 'Luis Paz', email: 'luis@example.com' }] }],
    };
    // Retried three times at once and once more later: one order, one till entry.
    const sold = await Promise.all([1, 2, 3].map(() => cashier.post(`/event/${ev.id}/till/${till._id}/sale`, sale)));
    expect(sold.map((r) => r.status)).toEqual([201, 201, 201]);
    const again = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, sale);
    const receipt = again.body.receipt;
    expect(new Set([...sold, again].map((r) => r.body.receipt.orders[0].orderId)).size).toBe(1);
    expect(receipt).toMatchObject({ method: 'cash', currency: 'PEN', total: 5000 });
    expect(receipt.orders[0].tickets.map((t: { attendeeName: string; unitPrice: number }) => [t.attendeeName, t.unitPrice])).toEqual([
      ['Ana Díaz', 2500],
      ['Luis Paz', 2500],
    ]);
    const orderId = receipt.orders[0].orderId;
    expect(await app.ctx.store.readStream(orderStreamId(orderId))).not.toHaveLength(0);

    const card = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, {
      clientId: randomUUID(),
      method: 'card',
      reference: 'POS-0042',
      lines: [{ ticketTypeId: ev.ticketIds[1], attendees: [{ name: 'Rosa Quispe' }] }, { ticketTypeId: ev.ticketIds[0], attendees: [{ name: 'Juan Quispe' }] }],
    });
    expect(card.status).toBe(201);
    expect(card.body.receipt).toMatchObject({ method: 'card', reference: 'POS-0042', total: 8050 + 2500 });
    const noRef = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, { ...sale, clientId: randomUUID(), method: 'card' });
    expect(noRef.body).toMatchObject({ status: 400, code: 'REFERENCE_REQUIRED', messagePublic: 'Indica la referencia del voucher del terminal de tarjetas.' });
    const soldOut = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, {
      clientId: randomUUID(),
      method: 'cash',
      lines: [{ ticketTypeId: ev.ticketIds[1], attendees: Array.from({ length: 5 }, (_, i) => ({ name: `P${i}` })) }],
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.messagePublic).toContain('VIP');

    const detail = card.body.data;
    expect(detail).toMatchObject({ cashSales: 5000, cardSales: 10550, salesCount: 2, ticketsCount: 4, expected: 10000 });
    expect(detail.entries.filter((e: { kind: string }) => e.kind === 'sale')).toHaveLength(2);
    expect(detail.reconciliation).toMatchObject({ salesTotal: 15550, ordersTotal: 15550, matches: true, mismatched: [] });
    // The till's sales equal the orders they made, read from the orders' own read model.
    let ordersSum = 0;
    for (const e of detail.entries) {
      const o = await findOrder(app.ctx.db, e.orderId);
      expect(o).toMatchObject({ status: 'paid', eventId: ev.id });
      ordersSum += o!.total;
    }
    expect(ordersSum).toBe(detail.cashSales + detail.cardSales);

    const closed = await cashier.post(`/event/${ev.id}/till/${till._id}/close`, { clientId: randomUUID(), counted: 10000 });
    expect(closed.body.data).toMatchObject({ status: 'closed', expected: 10000, counted: 10000, difference: 0 });
    const late = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, { ...sale, clientId: randomUUID() });
    expect(late.body.code).toBe('TILL_CLOSED');
    // A retry of a sale recorded before closing still answers it.
    expect((await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, sale)).body.receipt.orders[0].orderId).toBe(orderId);
  });
  it('two opens at once with different client ids: one till; a rebuild of sales.tills equals the live read model', async () => {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 10, quantity: 50 }] });
    const cashier = await team(org, ev.id, 'cash_register', 'Cajera Rápida');
    const opens = await Promise.all([0, 1, 2].map(() => cashier.post(`/event/${ev.id}/till`, { clientId: randomUUID(), float: 1000 })));
    expect(opens.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const till = opens.find((r) => r.status === 201)!.body.data;
    const sold = await cashier.post(`/event/${ev.id}/till/${till._id}/sale`, { clientId: randomUUID(), method: 'cash', lines: [{ ticketTypeId: ev.ticketIds[0], attendees: [{ name: 'Eva' }] }] });
    await cashier.post(`/event/${ev.id}/till/${till._id}/movement`, { clientId: randomUUID(), direction: 'out', amount: 300, reason: 'Cambio' });
    const closed = await cashier.post(`/event/${ev.id}/till/${till._id}/close`, { clientId: randomUUID(), counted: 1700 });
    expect(sold.status).toBe(201);
    expect(closed.body.data).toMatchObject({ expected: 1700, difference: 0 });
    expect(await waitForPosition(app.ctx.db, app.ctx.store, closed.body.position, { timeoutMs: 20_000 })).toBe(true);
    const rows = async () => ({
      tills: await app.ctx.db.selectFrom('sales_tills').selectAll().orderBy('id').execute(),
      entries: await app.ctx.db.selectFrom('sales_till_entries').selectAll().orderBy('till_id').orderBy('seq').execute(),
    });
    const live = await rows();
    await rebuildProjection({ db: app.ctx.db, store: app.ctx.store }, tillsProjection);
    expect(await rows()).toEqual(live);
  });
});
