import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeCulqi, type FakeCulqi } from '../support/fake-culqi.js';
import { client, organizer, type Client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';

/**
 * Stands over HTTP: the organizer's plan, a company's reservation on /expo paid with the sales checkout's card
 * route against the local Culqi, the expiry that frees the stand, the race for one stand, other organizers.
 */
describe('exhibitor stands over HTTP', () => {
  let culqi: FakeCulqi;
  let app: TestApp;
  beforeAll(async () => {
    culqi = await startFakeCulqi({ secretKey: 'sk_test_123' });
    app = await startTestApp({ env: { SALES_HOLD_SECONDS: '6', CULQI_API_URL: culqi.url, CULQI_TOKENS_URL: culqi.url } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await culqi?.close();
  });

  const stand = (over: Record<string, unknown> = {}) => ({ code: 'a1', x: 10, y: 10, w: 20, h: 15, area: 9, price: 150000, currency: 'PEN', zone: 'Pabellón A', ...over });
  const company = (over: Record<string, unknown> = {}) => ({ ruc: '20100070970', name: 'Café Andino SAC', sector: 'Alimentos', address: 'Av. Arequipa 123, Lima', ...over });
  const contact = () => ({ name: 'Rosa Quispe', email: `rosa-${randomUUID().slice(0, 8)}@example.com`, phone: '999888777' });

  async function planWithStand(over: Record<string, unknown> = {}) {
    const org = await organizer(app.url);
    const ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 10, quantity: 10 }] });
    const standId = randomUUID();
    const created = await org.post(`/event/${ev.id}/exhibitorStands`, { ...stand(over), clientId: standId });
    expect(created.status).toBe(201);
    return { org, ev, standId };
  }
  const reserve = (anon: Client, code: string, standId: string, over: Record<string, unknown> = {}) =>
    anon.post(`/expo/${code}/reservations`, { reservationId: randomUUID(), standId, company: company(), contact: contact(), ...over });

  it('the organizer draws and edits stands; codes are unique; errors are Spanish; another organizer sees nothing', async () => {
    const { org, ev, standId } = await planWithStand();
    const retry = await org.post(`/event/${ev.id}/exhibitorStands`, { ...stand(), clientId: standId });
    expect(retry.status).toBe(201);
    const plan = await org.get(`/event/${ev.id}/exhibitorStands`);
    expect(plan.body.data.stands).toEqual([expect.objectContaining({ _id: standId, code: 'A1', status: 'free', price: 150000, area: 9, zone: 'Pabellón A', blocked: false })]);

    const dup = await org.post(`/event/${ev.id}/exhibitorStands`, { ...stand({ x: 50 }), clientId: randomUUID() });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CODE_TAKEN', messagePublic: 'Ya hay un stand con el código A1 en este evento.' });
    const outside = await org.post(`/event/${ev.id}/exhibitorStands`, { ...stand({ code: 'B1', x: 90, w: 20 }), clientId: randomUUID() });
    expect(outside.status).toBe(400);
    expect(outside.body.code).toBe('BAD_GEOMETRY');
    const free = await org.post(`/event/${ev.id}/exhibitorStands`, { ...stand({ code: 'B1', price: 0 }), clientId: randomUUID() });
    expect(free.body.code).toBe('PRICE_INVALID');

    const moved = await org.put(`/event/${ev.id}/exhibitorStands/${standId}`, stand({ x: 40, y: 30 }));
    expect(moved.status).toBe(200);
    expect(moved.body.data.stands[0]).toMatchObject({ x: 40, y: 30 });

    const other = await organizer(app.url, 'Otra Organizadora');
    expect((await other.get(`/event/${ev.id}/exhibitorStands`)).status).toBe(403);
    expect((await other.put(`/event/${ev.id}/exhibitorStands/${standId}`, stand({ price: 1 }))).status).toBe(403);
    expect((await client(app.url).get(`/event/${ev.id}/exhibitorStands`)).status).toBe(401);

    // The public plan shows the stand without who holds it.
    const expo = await client(app.url).get(`/expo/${ev.code}`);
    expect(expo.status).toBe(200);
    expect(expo.body.data.stands[0]).toEqual({ _id: standId, code: 'A1', x: 40, y: 30, w: 20, h: 15, area: 9, price: 150000, currency: 'PEN', zone: 'Pabellón A', status: 'free' });
    expect((await client(app.url).get('/expo/no-existe-este-evento')).body.code).toBe('EXPO_NOT_FOUND');
  });

  it('a company reserves a stand (RUC checked), pays it through the sales card route, becomes an exhibitor company with its admin invited, and uploads its materials', async () => {
    const { org, ev, standId } = await planWithStand();
    const anon = client(app.url);
    const badRuc = await reserve(anon, ev.code, standId, { company: company({ ruc: '20100070971' }) });
    expect(badRuc.status).toBe(400);
    expect(badRuc.body).toMatchObject({ code: 'RUC_INVALID', messagePublic: 'El RUC no es válido: debe tener 11 dígitos y un dígito verificador correcto.' });

    const reservationId = randomUUID();
    const who = contact();
    const body = { reservationId, standId, company: company(), contact: who };
    const [a, b] = await Promise.all([anon.post(`/expo/${ev.code}/reservations`, body), anon.post(`/expo/${ev.code}/reservations`, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.orderId).toBe(b.body.data.orderId);
    const r = a.body.data;
    expect(r).toMatchObject({ _id: reservationId, status: 'held', stand: { code: 'A1', status: 'reserved' }, company: { ruc: '20100070970' } });
    expect((await anon.get(`/expo/${ev.code}`)).body.data.stands[0].status).toBe('reserved');
    expect((await reserve(anon, ev.code, standId)).body.code).toBe('STAND_TAKEN');

    // The order is the sales module's: its checkout's card route pays it.
    const paid = await anon.post(`/reservationCulqi/${r.orderId}`, { token: culqi.token(), email: who.email, clientId: randomUUID() });
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('paid');
    expect([...culqi.charges.values()].find((c) => c.metadata.orderRef === r.orderId)?.amount).toBe(150000);

    await expect.poll(async () => (await anon.get(`/expo/${ev.code}/reservations/${reservationId}`)).body.data.status, { timeout: 30_000 }).toBe('sold');
    expect((await anon.get(`/expo/${ev.code}`)).body.data.stands[0].status).toBe('sold');
    await expect
      .poll(async () => (await org.get(`/event/${ev.id}/exhibitorCompanies`)).body.data.map((c: { _id: string; ruc: string }) => [c._id, c.ruc]), { timeout: 30_000 })
      .toEqual([[reservationId, '20100070970']]);
    await expect
      .poll(async () => (await org.get(`/event/${ev.id}/exhibitorCompanies/${reservationId}/invitations`)).body.data?.map((i: { kind: string; email: string }) => [i.kind, i.email]), { timeout: 30_000 })
      .toEqual([['admin', who.email]]);

    // /update/{order}: billing data, RUC checked again.
    const upd = await anon.put(`/expo/orders/${r.orderId}`, { company: company({ address: 'Jr. Cusco 45, Lima' }) });
    expect(upd.status).toBe(200);
    expect(upd.body.data.company.address).toBe('Jr. Cusco 45, Lima');
    expect((await anon.put(`/expo/orders/${r.orderId}`, { company: company({ ruc: '123' }) })).body.code).toBe('RUC_INVALID');
    expect((await anon.get(`/expo/orders/${randomUUID()}`)).status).toBe(404);

    // /uploadCard/{order}: types checked from the bytes, sizes per kind.
    const upload = async (kind: string, data: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      const res = await fetch(`${app.api}/expo/uploadCard/${r.orderId}?kind=${kind}`, { method: 'POST', body: form });
      return { status: res.status, body: await res.json() };
    };
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
    expect((await upload('logo', PNG, 'logo.png')).status).toBe(200);
    const brochure = await upload('brochure', PDF, 'brochure.pdf');
    expect(brochure.status).toBe(200);
    expect(brochure.body.data.materials.map((x: { kind: string }) => x.kind).sort()).toEqual(['brochure', 'logo']);
    const notPdf = await upload('brochure', PNG, 'brochure.pdf');
    expect(notPdf.body).toMatchObject({ status: 400, code: 'MATERIAL_TYPE', messagePublic: 'El brochure debe ser un archivo PDF.' });
    const big = await upload('logo', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'logo.png');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('MATERIAL_TOO_LARGE');
    expect((await upload('video', PNG, 'x.png')).status).toBe(400);
  });

  it("a stand paid through Culqi's webhook only (the charge's answer was lost) is sold all the same, once", async () => {
    const { org, ev, standId } = await planWithStand({ code: 'w1' });
    const anon = client(app.url);
    const r = (await reserve(anon, ev.code, standId)).body.data;
    const res = await fetch(`${culqi.url}/v2/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${culqi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 150000, currency_code: 'PEN', email: 'rosa@example.com', source_id: culqi.token(), metadata: { orderRef: r.orderId } }),
    });
    const chargeId = ((await res.json()) as { id: string }).id;
    // Replayed three times: one sale, one company.
    await culqi.sendWebhook(`${app.api}/payments/culqi/webhook`, chargeId, 3);
    await expect.poll(async () => (await anon.get(`/expo/${ev.code}/reservations/${r._id}`)).body.data.status, { timeout: 30_000 }).toBe('sold');
    await expect.poll(async () => (await org.get(`/event/${ev.id}/exhibitorCompanies`)).body.data.length, { timeout: 30_000 }).toBe(1);
    const sold = (await app.ctx.store.readStream(`exhibitor-stands-${ev.id}`)).filter((e) => e.type === 'exhibitor.StandSold');
    expect(sold).toHaveLength(1);
  });

  it('an unpaid reservation expires with its sales order and frees the stand, which another company may then buy', async () => {
    const { ev, standId } = await planWithStand();
    const anon = client(app.url);
    const first = await reserve(anon, ev.code, standId);
    expect(first.status).toBe(201);
    const { orderId, _id } = first.body.data;
    await expect.poll(async () => (await anon.get(`/expo/${ev.code}/reservations/${_id}`)).body.data.status, { timeout: 60_000, interval: 500 }).toBe('expired');
    const types = (await app.ctx.store.readStream(orderStreamId(orderId))).map((e) => e.type);
    expect(types).toContain('sales.OrderExpired');
    expect((await anon.get(`/expo/${ev.code}`)).body.data.stands[0].status).toBe('free');
    // An expired order is not charged.
    const late = await anon.post(`/reservationCulqi/${orderId}`, { token: culqi.token(), email: 'x@example.com', clientId: randomUUID() });
    expect(late.status).toBe(409);
    const second = await reserve(anon, ev.code, standId);
    expect(second.status).toBe(201);
  }, 90_000);

  it('ten companies reserving one stand at once: exactly one holds it, nine are told it is taken', async () => {
    const { ev, standId } = await planWithStand();
    const anon = client(app.url);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => reserve(anon, ev.code, standId, { company: company({ name: `Empresa ${i} SAC` }) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.body).toMatchObject({ status: 409, code: 'STAND_TAKEN' });
    // One sales order exists for the stand: the nine refused reservations created none.
    const winner = results.find((r) => r.status === 201)!.body.data;
    expect((await anon.get(`/expo/${ev.code}`)).body.data.stands[0].status).toBe('reserved');
    const orders = await app.ctx.db.selectFrom('exhibitor_stand_orders').select('order_id').where('event_id', '=', ev.id);
    await expect.poll(async () => (await orders.execute()).map((o) => o.order_id), { timeout: 30_000 }).toEqual([winner.orderId]);
  });
});
