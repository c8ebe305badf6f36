import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { codeFieldsSchema, type CodeFields } from '../../src/contracts/sales-codes.js';
import {
  applyCode,
  codesDecider,
  describeCode,
  priceWithCode,
  usableCode,
  type AppliedCode,
  type CodeCreated,
  type CreateCode,
  type KnownTicketType,
} from '../../src/domain/sales/codes.js';
import { quotaDecider, quotaStreamId, type HoldSeats, type SeatsHeld } from '../../src/domain/sales/quota.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';
import { createContext, type AppContext } from '../../src/context.js';
import { startNode, type RunningNode } from '../../src/server.js';
import { codeGuessLimit } from '../../src/http/sales/codes-routes.js';
import { cancelOrder } from '../../src/commands/sales/cancel.js';
import { expireOrder } from '../../src/commands/sales/expire.js';
import { payOrder } from '../../src/commands/sales/pay.js';
import { useFixture } from '../support/app.js';
import { client, organizer, settle, startEventsNode, type Client, type Node } from '../events/helpers.js';
import { publishedEvent } from './helpers.js';

const spec = DeciderSpecification.for(codesDecider);
const at = SPEC_NOW.toISOString();
const EVENT = '11111111-1111-4111-8111-111111111111';
const CODE = '33333333-3333-4333-8333-333333333331';
const GENERAL = '22222222-2222-4222-8222-222222222221';
const VIP = '22222222-2222-4222-8222-222222222222';
const PRESS = '22222222-2222-4222-8222-222222222223';
const types: KnownTicketType[] = [
  { ticketTypeId: GENERAL, visibility: 'public' },
  { ticketTypeId: VIP, visibility: 'public' },
  { ticketTypeId: PRESS, visibility: 'invitation' },
];
const fields = (over: Partial<CodeFields> = {}): CodeFields => ({ ...codeFieldsSchema.parse({}), ...over });
const create = (over: Partial<CreateCode['data']> = {}, f: Partial<CodeFields> = {}): CreateCode => ({
  type: 'sales.CreateCode',
  data: { eventId: EVENT, codeId: CODE, token: 'tok_abcdefghijkl', code: 'VERANO15', kind: 'discount', fields: fields({ discountType: 'percentage', percent: 15, ...f }), ticketTypes: types, ...over },
});
const created: CodeCreated = {
  type: 'sales.CodeCreated',
  data: { ...fields({ discountType: 'percentage', percent: 15 }), eventId: EVENT, codeId: CODE, code: 'VERANO15', kind: 'discount', token: 'tok_abcdefghijkl', by: SPEC_USER_ID, at },
};
const byCode = (code: string) => (e: DomainError) => e.code === code;

describe('CreateCode', () => {
  it('records a percentage discount code', () => {
    spec.when(create()).then([created]);
  });
  it('a retry of the same code id records nothing; the same text under another id is taken (409)', () => {
    spec.given([created]).when(create()).then([]);
    const err = spec.given([created]).when(create({ codeId: randomUUID() })).thenThrows(DomainError, byCode('CODE_TAKEN'));
    expect((err as DomainError).messagePublic).toBe('Ya existe el código «VERANO15» en este evento.');
  });
  it('refuses a discount without its amount, unknown ticket types and a window that ends before it starts', () => {
    spec.when(create({}, { discountType: null })).thenThrows(DomainError, byCode('DISCOUNT_REQUIRED'));
    spec.when(create({}, { percent: null })).thenThrows(DomainError, byCode('PERCENT_REQUIRED'));
    spec.when(create({}, { discountType: 'fixed', percent: null })).thenThrows(DomainError, byCode('AMOUNT_REQUIRED'));
    spec.when(create({}, { ticketTypeIds: [randomUUID()] })).thenThrows(DomainError, byCode('UNKNOWN_TICKET_TYPE'));
    spec.when(create({}, { validFrom: '2026-03-05T00:00:00.000Z', validUntil: '2026-03-04T00:00:00.000Z' })).thenThrows(DomainError, byCode('CODE_WINDOW_ORDER'));
  });
  it('an invitation code needs the types it unlocks, and keeps no discount', () => {
    spec.when(create({ kind: 'invitation' }, { ticketTypeIds: [] })).thenThrows(DomainError, byCode('INVITATION_TYPES_REQUIRED'));
    spec.when(create({ kind: 'invitation' }, { ticketTypeIds: [PRESS], free: true })).then((events) => {
      expect(events[0].data).toMatchObject({ kind: 'invitation', discountType: null, percent: null, free: true, ticketTypeIds: [PRESS] });
    });
  });
  it('a fixed discount drops a stray percentage and is never free', () => {
    spec.when(create({}, { discountType: 'fixed', amount: 500, percent: 10, free: true })).then((events) => {
      expect(events[0].data).toMatchObject({ discountType: 'fixed', amount: 500, percent: null, free: false });
    });
  });
});

describe('UpdateCode', () => {
  it('changes the limit and deactivates; the same fields again record nothing; an unknown code is a 404', () => {
    const update = (f: Partial<CodeFields>) => ({ type: 'sales.UpdateCode' as const, data: { codeId: CODE, fields: fields({ discountType: 'percentage', percent: 15, ...f }), ticketTypes: types } });
    spec.given([created]).when(update({ maxUses: 3, active: false })).thenState((s) => expect(s.codes[CODE]).toMatchObject({ maxUses: 3, active: false, code: 'VERANO15' }));
    spec.given([created]).when(update({})).then([]);
    spec.when(update({})).thenThrows(NotFoundError, byCode('CODE_NOT_FOUND'));
  });
});

describe('a code at checkout', () => {
  const state = (f: Partial<CodeFields>) => codesDecider.evolve(codesDecider.initialState(), { ...created, data: { ...created.data, ...f } });
  it('is found without case; unknown and inactive codes read alike', () => {
    expect(usableCode(state({}), ' verano15 ', SPEC_NOW).codeId).toBe(CODE);
    expect(() => usableCode(state({}), 'OTRO', SPEC_NOW)).toThrow(expect.objectContaining({ code: 'UNKNOWN_CODE', messagePublic: 'El código no existe o no está activo para este evento.' }));
    expect(() => usableCode(state({ active: false }), 'VERANO15', SPEC_NOW)).toThrow(expect.objectContaining({ code: 'UNKNOWN_CODE' }));
  });
  it('holds inside its window only (start included, end excluded)', () => {
    const s = state({ validFrom: '2026-03-02T10:00:00.000Z', validUntil: '2026-03-03T10:00:00.000Z' });
    expect(() => usableCode(s, 'VERANO15', new Date('2026-03-02T09:59:59.999Z'))).toThrow(expect.objectContaining({ code: 'CODE_NOT_YET_VALID', messagePublic: 'El código todavía no está vigente.' }));
    expect(usableCode(s, 'VERANO15', new Date('2026-03-02T10:00:00.000Z')).code).toBe('VERANO15');
    expect(() => usableCode(s, 'VERANO15', new Date('2026-03-03T10:00:00.000Z'))).toThrow(expect.objectContaining({ code: 'CODE_EXPIRED', messagePublic: 'El código ya venció.' }));
  });

  const code = (over: Partial<AppliedCode>): AppliedCode => ({
    codeId: CODE, code: 'X', kind: 'discount', discountType: 'percentage', percent: 15, amount: null, free: false, ticketTypeIds: [], maxUses: null, ...over,
  });
  it('rounds a percentage half up to the céntimo, on each ticket', () => {
    expect(priceWithCode(code({ percent: 15 }), GENERAL, 3050)).toBe(2592); // 457.5 off -> 458
    expect(priceWithCode(code({ percent: 10 }), GENERAL, 3055)).toBe(2749); // 305.5 off -> 306
    expect(priceWithCode(code({ percent: 33 }), GENERAL, 1000)).toBe(670);
    expect(priceWithCode(code({ percent: 100 }), GENERAL, 12345)).toBe(0);
    expect(priceWithCode(code({ percent: 15 }), GENERAL, 1)).toBe(1); // 0.15 off rounds to nothing
  });
  it('takes a fixed amount off each ticket, never below zero', () => {
    expect(priceWithCode(code({ discountType: 'fixed', percent: null, amount: 500 }), GENERAL, 3050)).toBe(2550);
    expect(priceWithCode(code({ discountType: 'fixed', percent: null, amount: 5000 }), GENERAL, 3050)).toBe(0);
  });
  it('applies to the named types only, and refuses an order with none of them', () => {
    const onVip = code({ ticketTypeIds: [VIP], percent: 50 });
    const lines = [
      { ticketTypeId: GENERAL, quantity: 2, unitPrice: 3000 },
      { ticketTypeId: VIP, quantity: 1, unitPrice: 12000 },
    ];
    expect(applyCode(lines, onVip).map((l) => l.unitPrice)).toEqual([3000, 6000]);
    expect(() => applyCode([lines[0]], onVip)).toThrow(expect.objectContaining({ code: 'CODE_NOT_FOR_TICKETS', messagePublic: 'El código no es válido para las entradas elegidas.' }));
  });
  it('an invitation makes its types free when it says so, and leaves others alone', () => {
    const inv = code({ kind: 'invitation', discountType: null, percent: null, free: true, ticketTypeIds: [PRESS] });
    expect(applyCode([{ ticketTypeId: PRESS, unitPrice: 8000 }, { ticketTypeId: GENERAL, unitPrice: 3000 }], inv).map((l) => l.unitPrice)).toEqual([0, 3000]);
    expect(priceWithCode({ ...inv, free: false }, PRESS, 8000)).toBe(8000);
  });
  it('says what it does in Spanish, with the currency', () => {
    const names = { [GENERAL]: 'General', [VIP]: 'VIP', [PRESS]: 'Prensa' };
    expect(describeCode(code({ percent: 15 }), names, 'PEN')).toBe('15 % de descuento en todas las entradas.');
    expect(describeCode(code({ discountType: 'fixed', percent: null, amount: 500, ticketTypeIds: [VIP] }), names, 'USD')).toBe('$ 5.00 de descuento por entrada en «VIP».');
    expect(describeCode(code({ kind: 'invitation', free: true, ticketTypeIds: [PRESS] }), names, 'PEN')).toBe('Invitación gratuita: da acceso sin costo a «Prensa».');
  });
});

describe('the use limit on the quota stream', () => {
  const qspec = DeciderSpecification.for(quotaDecider);
  const hold = (orderId: string, code: HoldSeats['data']['code']): HoldSeats => ({
    type: 'sales.HoldSeats',
    data: {
      eventId: EVENT,
      orderId,
      buyerId: null,
      lines: [{ ticketTypeId: GENERAL, name: 'General', quantity: 1, unitPrice: 2592, currency: 'PEN' }],
      holdUntil: at,
      quantities: { [GENERAL]: 10 },
      capacity: null,
      code,
    },
  });
  const held = (orderId: string): SeatsHeld => qspec.when(hold(orderId, { codeId: CODE, maxUses: 5 })).then(() => {})[0] as SeatsHeld;
  const o1 = randomUUID();
  const o2 = randomUUID();

  it('a hold with a code counts one use; beyond the limit it is refused', () => {
    qspec.given([held(o1)]).when(hold(o2, { codeId: CODE, maxUses: 2 })).thenState((s) => expect(s.codeUses[CODE]).toBe(2));
    const err = qspec.given([held(o1)]).when(hold(o2, { codeId: CODE, maxUses: 1 })).thenThrows(DomainError, byCode('CODE_EXHAUSTED'));
    expect((err as DomainError).messagePublic).toBe('El código ya alcanzó su límite de usos.');
  });
  it('a released hold gives its use back', () => {
    qspec
      .given([held(o1), { type: 'sales.SeatsReleased', data: { eventId: EVENT, orderId: o1, reason: 'expired', at } }])
      .when(hold(o2, { codeId: CODE, maxUses: 1 }))
      .thenState((s) => expect(s.codeUses[CODE]).toBe(1));
  });
  it('holds without a code or without a limit are not limited', () => {
    qspec.given([held(o1)]).when(hold(o2, null)).thenState((s) => expect(s.codeUses[CODE]).toBe(1));
    qspec.given([held(o1)]).when(hold(o2, { codeId: CODE, maxUses: null })).thenState((s) => expect(s.codeUses[CODE]).toBe(2));
  });
});

describe('the use limit without its guard', () => {
  it('two holds decided on the same state both pass: the version-checked append is what refuses the second', () => {
    const state = quotaDecider.initialState();
    const cmd = (orderId: string): HoldSeats => ({
      type: 'sales.HoldSeats',
      data: { eventId: EVENT, orderId, buyerId: null, lines: [{ ticketTypeId: GENERAL, name: 'General', quantity: 1, unitPrice: 0, currency: 'PEN' }], holdUntil: at, quantities: { [GENERAL]: 10 }, capacity: null, code: { codeId: CODE, maxUses: 1 } },
    });
    const ctx = { now: SPEC_NOW, newId: randomUUID };
    const a = quotaDecider.decide(cmd(randomUUID()), state, ctx);
    const b = quotaDecider.decide(cmd(randomUUID()), state, ctx);
    expect([a.length, b.length]).toEqual([1, 1]); // both would be appended with an unversioned append: 2 uses of 1
    const after = a.reduce(quotaDecider.evolve, state);
    expect(() => quotaDecider.decide(cmd(randomUUID()), after, ctx)).toThrow(expect.objectContaining({ code: 'CODE_EXHAUSTED' }));
  });
});

describe('codes over HTTP', () => {
  const two = useFixture(
    async () => {
      const first = await startEventsNode();
      const ctx2 = await createContext(first.ctx.config, { logger: pino({ level: 'silent' }), migrate: false });
      const second = await startNode(ctx2, { port: 0, host: '127.0.0.1', projections: false, workers: false });
      return { first, second, ctx2 };
    },
    async ({ first, second, ctx2 }: { first: Node; second: RunningNode; ctx2: AppContext }) => {
      await second.close();
      await ctx2.close();
      await first.stop();
    },
  );
  const reserve = (c: Client, body: Record<string, unknown>) => c.post('/reservation', { clientId: randomUUID(), ...body });

  it('the organizer creates codes; a buyer checks one and reserves with it at the discounted price; refusals in Spanish', async () => {
    const url = two.first.node.url;
    const org = await organizer(url);
    const ev = await publishedEvent(org, {
      capacity: 200,
      paid: true,
      tickets: [
        { name: 'General', price: 30.5, quantity: 100, maxPerOrder: 10 },
        { name: 'VIP', price: 120, quantity: 20 },
        { name: 'Prensa', price: 80, quantity: 10, visibility: 'invitation' },
      ],
    });
    const [general, vip, press] = ev.ticketIds;
    const create = (body: Record<string, unknown>) => org.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), ...body });
    const made = await create({ code: 'verano15', kind: 'discount', discountType: 'percentage', percent: 15 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ code: 'VERANO15', kind: 'discount', percent: 15, uses: 0, active: true });
    expect(made.body.data.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await create({ code: 'VERANO15', kind: 'discount', discountType: 'fixed', amount: 100 })).body).toMatchObject({ status: 409, code: 'CODE_TAKEN' });
    expect((await create({ code: 'x', kind: 'discount', discountType: 'fixed', amount: 100 })).status).toBe(400);
    // Only the store's administrators manage codes.
    const stranger = await organizer(url, 'Otra');
    expect((await stranger.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'MIO', kind: 'discount', discountType: 'percentage', percent: 5 })).status).toBe(403);

    const anon = client(url);
    const checked = await anon.post('/validateCode', { eventCode: ev.code, code: 'verano15' });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ code: 'VERANO15', kind: 'discount', summary: '15 % de descuento en todas las entradas.', currency: 'PEN', unlocked: [] });
    expect((await anon.post('/validateCode', { eventCode: ev.code, code: 'NOEXISTE' })).body).toMatchObject({ status: 404, code: 'UNKNOWN_CODE', messagePublic: 'El código no existe o no está activo para este evento.' });

    const r = await reserve(anon, { eventCode: ev.code, code: 'Verano15', lines: [{ ticketTypeId: general, quantity: 2 }, { ticketTypeId: vip, quantity: 1 }] });
    expect(r.status).toBe(201);
    expect(r.body.order.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([2592, 10200]);
    expect(r.body.order.total).toBe(2 * 2592 + 10200);
    await settle(two.first, r.body.position);
    const listed = await org.get(`/event/${ev.id}/codes?sortField=code&sortOrder=asc`);
    expect(listed.body.rows.map((c: { code: string; uses: number }) => [c.code, c.uses])).toEqual([['VERANO15', 1]]);

    // Per type, window, inactive.
    await create({ code: 'SOLOVIP', kind: 'discount', discountType: 'fixed', amount: 2000, ticketTypeIds: [vip] });
    expect((await anon.post('/validateCode', { eventCode: ev.code, code: 'SOLOVIP', ticketTypeIds: [general] })).body.code).toBe('CODE_NOT_FOR_TICKETS');
    expect((await anon.post('/validateCode', { eventCode: ev.code, code: 'SOLOVIP', ticketTypeIds: [general, vip] })).body.data.summary).toBe('S/. 20.00 de descuento por entrada en «VIP».');
    const notFor = await reserve(anon, { eventCode: ev.code, code: 'SOLOVIP', lines: [{ ticketTypeId: general, quantity: 1 }] });
    expect(notFor.body).toMatchObject({ status: 409, code: 'CODE_NOT_FOR_TICKETS', messagePublic: 'El código no es válido para las entradas elegidas.' });
    await create({ code: 'FUTURO', kind: 'discount', discountType: 'percentage', percent: 10, validFrom: '2029-01-01T00:00:00.000Z' });
    expect((await reserve(anon, { eventCode: ev.code, code: 'FUTURO', lines: [{ ticketTypeId: general, quantity: 1 }] })).body).toMatchObject({ code: 'CODE_NOT_YET_VALID', messagePublic: 'El código todavía no está vigente.' });
    const off = await create({ code: 'APAGADO', kind: 'discount', discountType: 'percentage', percent: 10 });
    const put = await org.put(`/event/${ev.id}/codes/${off.body.data._id}`, { discountType: 'percentage', percent: 10, active: false });
    expect(put.body.data.active).toBe(false);
    expect((await reserve(anon, { eventCode: ev.code, code: 'APAGADO', lines: [{ ticketTypeId: general, quantity: 1 }] })).body.code).toBe('UNKNOWN_CODE');

    // An invitation-only type needs its code; a free invitation is paid at once.
    expect((await reserve(anon, { eventCode: ev.code, lines: [{ ticketTypeId: press, quantity: 1 }] })).body.code).toBe('UNKNOWN_TICKET_TYPE');
    const inv = await create({ code: 'PRENSA2030', kind: 'invitation', free: true, ticketTypeIds: [press], maxUses: 5 });
    const link = await anon.get(`/codeLink/${inv.body.data.token}`);
    expect(link.body.data).toMatchObject({ eventCode: ev.code, code: 'PRENSA2030', kind: 'invitation', unlocked: [{ _id: press, name: 'Prensa', unitPrice: 0 }] });
    expect(link.body.data.summary).toBe('Invitación gratuita: da acceso sin costo a «Prensa».');
    const invited = await reserve(anon, { eventCode: ev.code, code: 'prensa2030', lines: [{ ticketTypeId: press, quantity: 1 }] });
    expect(invited.status).toBe(201);
    expect(invited.body.order).toMatchObject({ total: 0, status: 'paid' });
    expect((await anon.get(`/codeLink/${'x'.repeat(22)}`)).body.code).toBe('CODE_LINK_NOT_FOUND');
    // A code's text is not its link (codes are unique per event only).
    expect((await anon.get('/codeLink/PRENSA2030')).body).toMatchObject({ status: 404, code: 'CODE_LINK_NOT_FOUND', messagePublic: 'El enlace del código no es válido o el código ya no está disponible.' });
  });

  it('a code with one use left, raced by many buyers over two API processes: exactly one order gets it', async () => {
    const org = await organizer(two.first.node.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 50, quantity: 100 }] });
    const made = await org.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'ULTIMO', kind: 'discount', discountType: 'percentage', percent: 50, maxUses: 1 });
    expect(made.status).toBe(201);
    const nodes = [client(two.first.node.url), client(two.second.url)];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => reserve(nodes[i % 2], { eventCode: ev.code, code: 'ULTIMO', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 'CODE_EXHAUSTED', messagePublic: 'El código ya alcanzó su límite de usos.' });
    const won = results.find((r) => r.status === 201)!;
    expect(won.body.order.total).toBe(2500);
    // The quota stream holds exactly one hold with the code.
    const holds = (await two.first.ctx.store.readStream(quotaStreamId(ev.id))).filter((e) => e.type === 'sales.SeatsHeld' && (e.data as { codeId?: string }).codeId);
    expect(holds).toHaveLength(1);
    // A cancelled order gives the use back.
    await cancelOrder(two.first.ctx, { orderId: won.body.order._id, reason: null, by: null, byTeam: false });
    const again = await reserve(nodes[1], { eventCode: ev.code, code: 'ULTIMO', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(again.status).toBe(201);
  });

  it('an expired order paid late takes its code use again: refused when the last use went to someone else meanwhile', async () => {
    const t = two.first;
    const org = await organizer(t.node.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 40, quantity: 100 }] });
    await org.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'UNAVEZ', kind: 'discount', discountType: 'fixed', amount: 1000, maxUses: 1 });
    const anon = client(t.node.url);
    const first = await reserve(anon, { eventCode: ev.code, code: 'UNAVEZ', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(first.body.order.total).toBe(3000);
    await settle(t, first.body.position);
    const later = { ...t.ctx, clock: () => new Date(Date.now() + 3_600_000) };
    expect(await expireOrder(later, first.body.order._id)).toEqual({ expired: true });
    // The expiry gave the use back: another buyer takes it.
    const second = await reserve(anon, { eventCode: ev.code, code: 'UNAVEZ', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(second.status).toBe(201);
    await expect(payOrder(t.ctx, { orderId: first.body.order._id, method: 'cash', amount: 3000, by: null })).rejects.toMatchObject({ code: 'SEATS_GONE' });
  });

  it('refused guesses are limited per IP (429 in Spanish); right codes do not count', async () => {
    const org = await organizer(two.first.node.url);
    const ev = await publishedEvent(org, { capacity: 10, tickets: [{ name: 'General', quantity: 10 }] });
    await org.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'BUENO', kind: 'discount', discountType: 'percentage', percent: 5 });
    const saved = { ...codeGuessLimit };
    codeGuessLimit.limit = 3;
    try {
      const anon = client(two.first.node.url);
      await two.first.ctx.redis.del(`${two.first.ctx.config.redisPrefix}:rl:codes.guess:127.0.0.1`, `${two.first.ctx.config.redisPrefix}:rl:codes.guess:::ffff:127.0.0.1`);
      expect((await anon.post('/validateCode', { eventCode: ev.code, code: 'BUENO' })).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await anon.post('/validateCode', { eventCode: ev.code, code: `MALO${i}` })).status).toBe(404);
      // A reservation with a wrong code is a guess too.
      expect((await reserve(anon, { eventCode: ev.code, code: 'MALO9', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })).status).toBe(404);
      const blocked = await anon.post('/validateCode', { eventCode: ev.code, code: 'BUENO' });
      expect(blocked.body).toMatchObject({ status: 429, messagePublic: 'Demasiados intentos con códigos no válidos. Espera unos minutos antes de volver a intentarlo.' });
      expect((await reserve(anon, { eventCode: ev.code, code: 'BUENO', lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })).status).toBe(429);
      // Without a code, buying is not limited.
      expect((await reserve(anon, { eventCode: ev.code, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] })).status).toBe(201);
    } finally {
      Object.assign(codeGuessLimit, saved);
      await two.first.ctx.redis.del(`${two.first.ctx.config.redisPrefix}:rl:codes.guess:127.0.0.1`, `${two.first.ctx.config.redisPrefix}:rl:codes.guess:::ffff:127.0.0.1`);
    }
  });
});
