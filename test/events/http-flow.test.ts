import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { EVENT_UPDATED_SOCKET_EVENT } from '../../src/contracts/events.js';
import { revealPaymentSecret } from '../../src/commands/events/secrets.js';
import { client, createEvent, newEventBody, organizer, settle, useEventsNode, ticketBody } from './helpers.js';

describe('events API: create, tickets, payment methods, publish, public pages', () => {
  const t = useEventsNode();

  it('creates, edits and reads an event; eventInformation follows the ticket settings', async () => {
    const a = await organizer(t.node.url);
    const created = await createEvent(a, { currency: 'USD' });
    expect(created.data).toMatchObject({ eventName: 'Feria de Café', currency: 'USD', currencyPrefix: '$', published: false, timeZone: 'America/Lima' });
    const id = created.data._id;
    const edited = await a.put(`/event/${id}`, { eventName: 'Feria del Café Peruano' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.eventName).toBe('Feria del Café Peruano');

    const info0 = await a.get(`/eventInformation/${id}`);
    expect(info0.body).toMatchObject({ ticket: { quantity: 0, maximumPrice: 0, uses: 0 }, freeIncome: false, methods: 0, fields: [], templates: [], virtualFair: null });

    const tk = await a.post(`/event/${id}/ticket`, ticketBody({ price: 30.5 }));
    expect(tk.status).toBe(201);
    const info1 = await a.get(`/eventInformation/${id}`);
    expect(info1.body.ticket).toEqual({ quantity: 1, maximumPrice: 30.5, uses: 0 });
  });

  it('publish rules: no ticket, free publishes without payment method, paid asks for one', async () => {
    const a = await organizer(t.node.url);
    const free = (await createEvent(a)).data._id;
    let r = await a.put(`/event/${free}`, { published: true });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'NO_TICKETS', messagePublic: 'Debes crear al menos una entrada antes de publicar el evento.' });
    await a.post(`/event/${free}/ticket`, ticketBody());
    r = await a.put(`/event/${free}`, { published: true });
    expect(r.status).toBe(200);
    expect(r.body.data.published).toBe(true);
    expect((await a.put(`/event/${free}`, { published: false })).body.code).toBe('NO_UNPUBLISH');

    const paid = (await createEvent(a)).data._id;
    await a.post(`/event/${paid}/ticket`, ticketBody({ price: 20 }));
    r = await a.put(`/event/${paid}`, { published: true });
    expect(r.body.code).toBe('NO_PAYMENT_METHOD');
    const pm = await a.post(`/event/${paid}/paymentMethod`, { kind: 'card', key: 'pk_test_123', secretKey: 'sk_test_SECRET' });
    expect(pm.status).toBe(201);
    expect(pm.body.data).toMatchObject({ kind: 'card', key: 'pk_test_123', hasSecretKey: true });
    expect(JSON.stringify(pm.body)).not.toContain('sk_test_SECRET');
    r = await a.put(`/event/${paid}`, { published: true });
    expect(r.status).toBe(200);

    const list = await a.get(`/event/${paid}/paymentMethods`);
    expect(JSON.stringify(list.body)).not.toContain('SECRET');
    await settle(t, r.body.position);
    const page = await client(t.node.url).get(`/e/${r.body.data.eventCode}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ paymentOptions: ['card'], cardPublicKey: 'pk_test_123', preview: false });
    expect(page.body.ticketTypes[0]).toMatchObject({ name: 'General', price: 20, saleStatus: 'onSale' });
  });

  it('unpublished public page: 404 for strangers, preview for the team', async () => {
    const a = await organizer(t.node.url);
    const ev = await createEvent(a);
    await settle(t, ev.position);
    const anon = await client(t.node.url).get(`/e/${ev.data.eventCode}`);
    expect(anon.status).toBe(404);
    const own = await a.get(`/e/${ev.data.eventCode}`);
    expect(own.status).toBe(200);
    expect(own.body.preview).toBe(true);
  });

  it('search without accents finds accented names; home lists published events', async () => {
    const a = await organizer(t.node.url);
    const ev = await createEvent(a, { eventName: 'Gran Café Limeño', description: 'Música y cafés de altura' });
    await a.post(`/event/${ev.data._id}/ticket`, ticketBody());
    const pub = await a.put(`/event/${ev.data._id}`, { published: true });
    await settle(t, pub.body.position);
    const s = await client(t.node.url).get(`/searchEvent?q=cafe`);
    expect(s.status).toBe(200);
    expect(s.body.data.map((e: { _id: string }) => e._id)).toContain(ev.data._id);
    const s2 = await client(t.node.url).get(`/searchEvent?q=limeno`);
    expect(s2.body.data.map((e: { _id: string }) => e._id)).toContain(ev.data._id);
    const s3 = await client(t.node.url).get(`/searchEvent?q=musica`);
    expect(s3.body.data.map((e: { _id: string }) => e._id)).toContain(ev.data._id);
    const none = await client(t.node.url).get(`/searchEvent?q=zzzzqq`);
    expect(none.body).toEqual({ data: [], total: 0 });
    const home = await client(t.node.url).get('/events/published');
    expect(home.body.data.some((e: { _id: string; published: boolean }) => e._id === ev.data._id && e.published)).toBe(true);
    // Public answers never carry internal user ids.
    const page = await client(t.node.url).get(`/e/${ev.data.eventCode}`);
    for (const body of [home.body, s.body, page.body]) expect(JSON.stringify(body)).not.toContain(a.user!.user._id);
    const empty = await client(t.node.url).get('/searchEvent?q=');
    expect(empty.status).toBe(400);
  });

  it('same instant in another offset is no change; hidden, invitation and ended tickets stay off the public page', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a, { startDate: '2030-05-01T19:00:00-05:00' })).data;
    const same = await a.put(`/event/${ev._id}`, { startDate: '2030-05-02T00:00:00Z' });
    expect(same.body.position).toBeNull();
    await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Pública' }));
    await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Oculta', visibility: 'hidden' }));
    await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Por invitación', visibility: 'invitation' }));
    await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Preventa', saleStart: '2020-01-01T00:00:00Z', saleEnd: '2020-02-01T00:00:00Z' }));
    const later = await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Próxima', saleStart: '2029-01-01T00:00:00Z' }));
    const pub = await a.put(`/event/${ev._id}`, { published: true });
    expect(pub.status).toBe(200);
    await settle(t, pub.body.position ?? later.body.position);
    const page = await client(t.node.url).get(`/e/${ev.eventCode}`);
    expect(page.body.ticketTypes.map((x: { name: string; saleStatus: string }) => [x.name, x.saleStatus])).toEqual([
      ['Pública', 'onSale'],
      ['Próxima', 'upcoming'],
    ]);
  });

  it('card secret: in the secrets vault (only its reference in the log), kept when omitted on edit, never answered', async () => {
    const a = await organizer(t.node.url);
    const id = (await createEvent(a)).data._id;
    const pm = await a.post(`/event/${id}/paymentMethod`, { kind: 'card', key: 'pk_1', secretKey: 'sk_live_TOPSECRET' });
    const pmId = pm.body.data._id;
    const edited = await a.put(`/event/${id}/paymentMethod/${pmId}`, { key: 'pk_2' });
    expect(edited.body.data).toMatchObject({ kind: 'card', key: 'pk_2', hasSecretKey: true });
    const stream = await t.ctx.store.readStream(`events-event-${id}`);
    expect(JSON.stringify(stream)).not.toContain('TOPSECRET');
    const changed = stream.at(-1)!;
    expect(changed.type).toBe('events.PaymentMethodChanged');
    expect(changed.data.method.secretKeyCipher).toMatch(/^vault:/);
    expect(await revealPaymentSecret(t.ctx, id, pmId, changed.data.method.secretKeyCipher)).toBe('sk_live_TOPSECRET');
    // Fields of another kind are refused.
    expect((await a.put(`/event/${id}/paymentMethod/${pmId}`, { merchantId: 'm-1' })).body.code).toBe('PAYMENT_METHOD_FIELDS');
  });

  it('pushes event:updated to the team after a change', async () => {
    const a = await organizer(t.node.url);
    const id = (await createEvent(a)).data._id;
    const socket = io(t.node.url, { auth: { token: a.user!.token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ eventId: string; type: string }>((resolve) => {
        socket.on(EVENT_UPDATED_SOCKET_EVENT, (p: { eventId: string; type: string }) => {
          if (p.eventId === id && p.type === 'events.TicketTypeAdded') resolve(p);
        });
      });
      await a.post(`/event/${id}/ticket`, ticketBody());
      expect(await received).toMatchObject({ eventId: id, type: 'events.TicketTypeAdded' });
    } finally {
      socket.close();
    }
  });

  it('validation errors are 400 with Spanish field messages, never 500', async () => {
    const a = await organizer(t.node.url);
    const r = await a.post('/event', { eventName: '', eventCode: 'A B', startDate: 'x', endDate: 'y' });
    expect(r.status).toBe(400);
    expect(r.body.errors.length).toBeGreaterThan(0);
    const r2 = await a.post('/event', { eventName: 'x', eventCode: 'abc-def', venue: 'v', startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z' });
    expect(r2.status).toBe(400);
    expect(r2.body.code).toBe('END_BEFORE_START');
    // The online link is shown as a link on the public page: web addresses only.
    for (const onlineUrl of ['javascript:alert(1)', 'data:text/html,hola', 'ftp://example.com/x']) {
      const r3 = await a.post('/event', newEventBody({ venue: null, onlineUrl }));
      expect(r3.status, onlineUrl).toBe(400);
      expect(r3.body.errors).toContainEqual({ path: 'onlineUrl', message: expect.stringContaining('http://') });
    }
    expect((await a.post('/event', newEventBody({ venue: null, onlineUrl: 'https://meet.example.com/feria' }))).status).toBe(201);
  });
});
