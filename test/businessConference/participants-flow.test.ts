import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { createRound, organizerWithRound, registration, user } from './participants-support.js';
import { eventually, organizer } from '../events/helpers.js';
import { pngImage } from '../support/png.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { participantsProjection } from '../../src/projections/businessConference/participants.js';

const t = useTestApp();

describe('registration', () => {
  it('registers an offerer with a product, pending; the same client id again answers the same participant', async () => {
    const { ev, round } = await organizerWithRound(t);
    const ana = await user(t.url);
    const body = registration(ev, round);
    const r = await ana.post('/businessConference/register', body);
    expect(r.status).toBe(201);
    expect(r.body.data.participant).toMatchObject({ roundId: round._id, type: 'offer', status: 'pending', company: { name: 'Café Andino SAC', ruc: '20100070970' }, email: ana.user!.email });
    expect(r.body.data.products).toHaveLength(1);

    const again = await ana.post('/businessConference/register', body);
    expect(again.status).toBe(201);
    expect(again.body.data.participant._id).toBe(r.body.data.participant._id);
    expect(again.body.data.products).toHaveLength(1);

    const mine = await ana.get(`/businessConference/round/${round._id}/myRegistration`);
    expect(mine.body.data.participant._id).toBe(r.body.data.participant._id);
    expect(mine.body.data.round).toMatchObject({ _id: round._id, code: round.code });

    const pub = await ana.get(`/businessConference/public/${ev.eventCode}/${round.code}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.round.offerFields).toHaveLength(2);
    // Without a BCCode: the event's first round.
    expect((await ana.get(`/businessConference/public/${ev.eventCode}`)).body.data.round._id).toBe(round._id);
    expect((await ana.get(`/businessConference/public/no-such-event`)).status).toBe(404);
  });

  it('answers in Spanish: a bad RUC, a missing required field, an unknown round', async () => {
    const { ev, round } = await organizerWithRound(t);
    const ana = await user(t.url);
    const badRuc = await ana.post('/businessConference/register', registration(ev, round, { company: { name: 'X', ruc: '20100070971', sector: 'Agro', logoUrl: null, description: '' } }));
    expect(badRuc.status).toBe(400);
    expect(badRuc.body.errors).toContainEqual({ path: 'company.ruc', message: 'El RUC no es válido: revisa sus dígitos.' });

    const missing = await ana.post('/businessConference/register', registration(ev, round, { fields: {} }));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_FIELDS');
    expect(missing.body.messagePublic).toMatch(/Revisa los datos/);
    expect(missing.body.errors).toContainEqual({ path: `fields.${round.offerFields[0].key}`, message: '«Volumen anual (t)» es obligatorio.' });

    const badChoice = await ana.post('/businessConference/register', registration(ev, round, { fields: { [round.offerFields[0].key]: 'mucho' } }));
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.errors[0].message).toBe('«Volumen anual (t)» debe ser un número.');

    const unknown = await ana.post('/businessConference/register', registration(ev, { ...round, code: 'NOPE99' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('La rueda de negocios no existe.');

    const anonymous = await fetch(`${t.api}/businessConference/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration(ev, round)) });
    expect(anonymous.status).toBe(401);
  });

  it('two submits at once with different client ids make one participant (the per-round stream guards it)', async () => {
    const { org, ev, round } = await organizerWithRound(t);
    const ana = await user(t.url);
    const results = await Promise.all([1, 2, 3, 4].map(() => ana.post('/businessConference/register', registration(ev, round))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'ALREADY_REGISTERED', messagePublic: 'Ya estás registrado en esta rueda de negocios.' });
    const list = await org.get(`/businessConference/round/${round._id}/participants`);
    expect(list.body.data).toHaveLength(1);
  });
});

describe('approval and access', () => {
  it('approval grants the round role: round-scoped calls pass in that round only; a rejection takes it away', async () => {
    const { org, ev, round } = await organizerWithRound(t);
    const other = await createRound(t, org, ev._id, { name: 'Segunda rueda' });
    const ana = await user(t.url);
    const p = (await ana.post('/businessConference/register', registration(ev, round))).body.data.participant;

    expect((await ana.get(`/businessConference/round/${round._id}/catalogue`)).status).toBe(403);
    // Only the event's administrator decides; the participant cannot approve themselves.
    expect((await ana.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' })).status).toBe(403);

    const ok = await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.participant.status).toBe('approved');

    expect((await ana.get(`/businessConference/round/${round._id}/catalogue`)).status).toBe(200);
    expect((await ana.get(`/businessConferences/${round._id}`)).status).toBe(200);
    // The participant is told, with a link to their first page of the round.
    let notice: { detail: { message: string }; url: string } | undefined;
    await eventually(async () => {
      const n = await ana.get('/notification?update=true');
      notice = (n.body.data ?? []).find((x: { detail: { message: string } }) => x.detail.message.startsWith('Tu participación fue aprobada'));
      return !!notice;
    });
    expect(notice!.detail.message).toBe('Tu participación fue aprobada. Ya puedes entrar a la rueda de negocios «Rueda Agroexporta».');
    expect(notice!.url).toBe(`/module/${org.user!.user._id}/${ev.eventCode}/businessConference/offer/productCatalog`);
    expect((await ana.get(`/businessConference/round/${other._id}/catalogue`)).status).toBe(403);
    // A participant is not the team: the organizer's list stays closed to them.
    expect((await ana.get(`/businessConference/round/${round._id}/participants`)).status).toBe(403);

    const no = await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'reject', reason: 'Fuera del rubro' });
    expect(no.body.data.participant.status).toBe('rejected');
    expect((await ana.get(`/businessConference/round/${round._id}/catalogue`)).status).toBe(403);
  });

  it('another organizer sees neither the participants nor a participant', async () => {
    const { ev, round } = await organizerWithRound(t);
    const ana = await user(t.url);
    const p = (await ana.post('/businessConference/register', registration(ev, round))).body.data.participant;
    const intruder = await organizer(t.url, 'Otra organizadora');
    expect((await intruder.get(`/businessConference/round/${round._id}/participants`)).status).toBe(403);
    expect((await intruder.get(`/businessConference/participant/${p._id}`)).status).toBe(403);
    expect((await intruder.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' })).status).toBe(403);
    expect((await intruder.put(`/businessConference/participant/${p._id}`, { clientId: crypto.randomUUID(), company: p.company, contactName: 'X', fields: p.fields })).status).toBe(404);
  });
});

describe('catalogue', () => {
  it('filters by the round fields and finds "Café" when searching "cafe"; offerParticipants lists the offerers', async () => {
    const { org, ev, round } = await organizerWithRound(t);
    const [volume, cert] = round.offerFields.map((f) => f.key);
    const ana = await user(t.url, 'Ana');
    const luis = await user(t.url, 'Luis');
    const rosa = await user(t.url, 'Rosa');
    const a = (await ana.post('/businessConference/register', registration(ev, round))).body.data.participant;
    const l = (
      await luis.post(
        '/businessConference/register',
        registration(ev, round, {
          company: { name: 'Textiles Cusco EIRL', ruc: '20601234565', sector: 'Textil', logoUrl: null, description: 'Alpaca' },
          fields: { [volume]: 5, [cert]: 'Comercio justo' },
          products: [{ name: 'Chompa de alpaca', description: 'Tejida a mano', sector: 'Textil', imageUrl: null }],
        }),
      )
    ).body.data.participant;
    expect(l).toBeTruthy();
    const r = (await rosa.post('/businessConference/register', registration(ev, round, { type: 'demand', fields: {}, products: [], company: { name: 'Importadora Lima', ruc: '20131312955', sector: 'Comercio', logoUrl: null, description: '' } }))).body.data.participant;
    for (const p of [a, l, r]) await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' });

    const cafe = await rosa.get(`/businessConference/round/${round._id}/catalogue?search=cafe`);
    expect(cafe.status).toBe(200);
    expect(cafe.body.data.products.map((x: { name: string }) => x.name)).toEqual(['Café tostado']);
    expect(cafe.body.data.sectors).toEqual(expect.arrayContaining(['Agroindustria', 'Textil']));

    const byCert = await rosa.get(`/businessConference/round/${round._id}/companies/offer?filters=${encodeURIComponent(JSON.stringify({ [cert]: 'Comercio justo' }))}`);
    expect(byCert.body.data.map((c: { company: { name: string } }) => c.company.name)).toEqual(['Textiles Cusco EIRL']);
    const bySector = await rosa.get(`/businessConference/round/${round._id}/catalogue?sector=textil`);
    expect(bySector.body.data.products.map((x: { name: string }) => x.name)).toEqual(['Chompa de alpaca']);
    const accents = await rosa.get(`/businessConference/round/${round._id}/companies/offer?search=${encodeURIComponent('ALPACA cusco')}`);
    expect(accents.body.data).toHaveLength(1);
    const bad = await rosa.get(`/businessConference/round/${round._id}/catalogue?filters=nojson`);
    expect(bad.status).toBe(400);

    const offerers = await rosa.get(`/offerParticipants?_businessConference=${round._id}`);
    expect(offerers.status).toBe(200);
    expect(offerers.body.data.map((c: { _id: string }) => c._id).sort()).toEqual([a._id, l._id].sort());
  });
});

describe('products', () => {
  it('an offerer manages products until the deadline; after it the change is refused in Spanish', async () => {
    const { org, ev, round } = await organizerWithRound(t);
    const late = await createRound(t, org, ev._id, { name: 'Rueda cerrada', productDeadline: '2020-01-01T00:00' });
    const ana = await user(t.url);
    const p = (await ana.post('/businessConference/register', registration(ev, round, { products: [] }))).body.data.participant;
    const clientId = crypto.randomUUID();
    const add = await ana.post(`/businessConference/participant/${p._id}/products`, { clientId, name: 'Cacao', description: '', sector: 'Agro', imageUrl: null });
    expect(add.status).toBe(201);
    expect((await ana.post(`/businessConference/participant/${p._id}/products`, { clientId, name: 'Cacao', description: '', sector: 'Agro', imageUrl: null })).body.data.products).toHaveLength(1);
    const productId = add.body.data.products[0]._id;
    const edit = await ana.put(`/businessConference/participant/${p._id}/products/${productId}`, { clientId: crypto.randomUUID(), name: 'Cacao fino', description: '', sector: 'Agro', imageUrl: null });
    expect(edit.body.data.products[0].name).toBe('Cacao fino');
    expect((await ana.del(`/businessConference/participant/${p._id}/products/${productId}`)).body.data.products).toHaveLength(0);
    expect((await ana.post(`/businessConference/participant/${p._id}/products`, { clientId: crypto.randomUUID(), name: 'X', description: '', sector: 'Agro', imageUrl: 'https://evil.example/x.png' })).status).toBe(400);

    const q = (await ana.post('/businessConference/register', registration(ev, late, { products: [] }))).body.data.participant;
    const refused = await ana.post(`/businessConference/participant/${q._id}/products`, { clientId: crypto.randomUUID(), name: 'Cacao', description: '', sector: 'Agro', imageUrl: null });
    expect(refused.status).toBe(409);
    expect(refused.body.messagePublic).toMatch(/^El plazo para subir o cambiar productos de esta rueda de negocios terminó el .*2020\.$/);

    // The profile is the participant's own to edit.
    const upd = await ana.put(`/businessConference/participant/${p._id}`, { clientId: crypto.randomUUID(), company: { ...p.company, name: 'Café Andino Export SAC' }, contactName: 'Ana Q.', phone: null, fields: p.fields });
    expect(upd.status).toBe(200);
    expect(upd.body.data.participant.company.name).toBe('Café Andino Export SAC');
  });
});

describe('images', () => {
  it('uploads a logo (PNG by its bytes), registers with it and serves it; anything else is refused in Spanish', async () => {
    const { ev, round } = await organizerWithRound(t);
    const ana = await user(t.url);
    const send = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
      const res = await fetch(`${t.api}/businessConference/participants/image`, { method: 'POST', headers: { authorization: `Bearer ${ana.user!.token}` }, body: form });
      return { status: res.status, body: await res.json() };
    };
    const up = await send(pngImage(4, 4, () => [200, 120, 40]), 'logo.png');
    expect(up.status).toBe(201);
    expect(up.body.data.url).toMatch(new RegExp(`^/api/v2/files/bc-participants/${ana.user!.user._id}/image-[0-9a-f-]+\\.png$`));
    const served = await fetch(`${t.url}${up.body.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');

    const fake = await send(Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(fake.status).toBe(400);
    expect(fake.body.messagePublic).toBe('La imagen debe ser JPEG, PNG o WebP.');

    const body = registration(ev, round);
    const r = await ana.post('/businessConference/register', { ...body, company: { ...body.company, logoUrl: up.body.data.url } });
    expect(r.status).toBe(201);
    expect(r.body.data.participant.company.logoUrl).toBe(up.body.data.url);
  });
});

describe('read model', () => {
  it('a rebuild of businessConference.participants from the log equals the live rows', async () => {
    const rows = async () => ({
      participants: await t.ctx.db.selectFrom('bc_participants').selectAll().orderBy('id').execute(),
      products: await t.ctx.db.selectFrom('bc_products').selectAll().orderBy('id').execute(),
    });
    const live = await rows();
    expect(live.participants.length).toBeGreaterThan(5);
    expect(live.products.length).toBeGreaterThan(3);
    await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, participantsProjection);
    expect(await rows()).toEqual(live);
  });
});
