import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { expectOk, meetingsRound, newParticipant, requestBody, settled } from '../businessConference/meetings-support.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

async function tourSeen(c: { put: (p: string, b: unknown) => Promise<{ status: number; body: any }> }, side: 'offer' | 'demand') {
  const r = await c.put('/updateCollaboratorTour', { tour: { [side]: { module: false } } });
  expect(r.status).toBe(200);
  await settled(app, r.body.position);
}

describe('business conference meetings (chromium)', () => {
  it('a demander requests from the catalogue, the offerer accepts on its schedules page (live), /mymeetings shows it', async () => {
    const { org, ev, round } = await meetingsRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Café Andino SAC', 'Agroindustria');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Supermercados Lima', 'Retail');
    await tourSeen(offer.c, 'offer');
    await tourSeen(demand.c, 'demand');
    const area = `${base}/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;

    // The offerer keeps its schedules page open: the request arrives live.
    const seller = await signedIn(app, offer.c.user as SignedUpUser);
    await seller.page.goto(`${area}/offer/schedules`);
    await seller.page.getByRole('heading', { name: 'Mis citas' }).waitFor();
    await seller.page.getByRole('tab', { name: /Recibidas/ }).click();
    await seller.page.getByText('No has recibido solicitudes de reunión.').waitFor();

    // The demander asks from the companies catalogue, on a phone.
    const buyer = await signedIn(app, demand.c.user as SignedUpUser, 375, 800);
    await buyer.page.goto(`${area}/demand/participants`);
    await buyer.page.getByTestId(`request-meeting-${offer.participantId}`).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Solicitar reunión' });
    await dialog.getByLabel('Mensaje').fill('Buscamos café de especialidad para 20 tiendas');
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);
    await dialog.getByTestId('request-meeting-submit').click();
    await buyer.page.getByText('Solicitud de reunión enviada.').waitFor();

    // A second request to the same company is refused in Spanish inside the dialog.
    await buyer.page.getByTestId(`request-meeting-${offer.participantId}`).click();
    await buyer.page.getByTestId('request-meeting-submit').click();
    await buyer.page.getByText('Ya existe una solicitud de reunión pendiente o aceptada con este participante.').waitFor();
    await buyer.page.getByRole('button', { name: 'Cancelar' }).click();

    // Received on the open page without a reload.
    const card = seller.page.locator('article', { hasText: 'Supermercados Lima' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Buscamos café de especialidad para 20 tiendas');
    expect(await seriousViolationsOutsideAppBar(seller.page)).toEqual([]);
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await seller.page.getByText('Reunión aceptada.').waitFor();
    await seller.page.getByRole('tab', { name: /Reuniones/ }).click();
    await seller.page.locator('article', { hasText: 'Supermercados Lima' }).getByText('Aceptada').waitFor();
    // The calendar link is issued on demand and shown.
    await seller.page.getByRole('button', { name: 'Obtener enlace del calendario' }).click();
    await poll(() => seller.page.getByTestId(`calendar-url-${round._id}`).inputValue()).toMatch(/\/api\/v2\/businessConference\/ical\/[\w-]+\.ics$/);
    await seller.page.setViewportSize({ width: 375, height: 800 });
    await poll(() => hasHorizontalScroll(seller.page)).toBe(false);

    // The demander's /mymeetings: accepted, with the counterpart company, upcoming first.
    await buyer.page.goto(`${base}/mymeetings`);
    await buyer.page.getByRole('heading', { name: 'Mis reuniones' }).waitFor();
    const mine = buyer.page.locator('article', { hasText: 'Café Andino SAC' });
    await poll(() => mine.getByText('Aceptada').count()).toBe(1);
    expect(await mine.textContent()).toContain('Aún sin horario');
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);
    expect(await hasHorizontalScroll(buyer.page)).toBe(false);

    // Its demand/schedules page lists it among the meetings, with the unavailable slots beside.
    await buyer.page.goto(`${area}/demand/schedules`);
    await buyer.page.locator('article', { hasText: 'Café Andino SAC' }).waitFor();
    await seller.context.close();
    await buyer.context.close();
  });

  it("a meeting's detail page, opened from the schedules page: counterpart company, status, place and answers", async () => {
    const { org, ev, round } = await meetingsRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Cacao del Valle', 'Agroindustria');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Chocolatería Miraflores', 'Retail');
    await tourSeen(offer.c, 'offer');
    const r = expectOk(await demand.c.post('/businessConference/meetings', { ...requestBody(round._id, offer.participantId), message: 'Nos interesa su cacao fino' }), 'request');
    const id = r.data._id as string;
    await settled(app, r.position);
    const area = `${base}/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;

    const { page, context } = await signedIn(app, offer.c.user as SignedUpUser);
    await page.goto(`${area}/offer/schedules`);
    await page.getByRole('tab', { name: /Recibidas/ }).click();
    await page.getByTestId(`meeting-detail-${id}`).click();
    await page.waitForURL(`${area}/offer/schedules/${id}`);
    await page.getByRole('heading', { name: 'Reunión con Chocolatería Miraflores' }).waitFor();
    const company = page.getByTestId('meeting-company');
    expect(await company.textContent()).toContain('Retail');
    const card = page.getByTestId(`meeting-${id}`);
    await card.getByText('Pendiente').waitFor();
    expect(await card.textContent()).toContain('Nos interesa su cacao fino');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    // Answered from the detail page: the status follows.
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByText('Reunión aceptada.').waitFor();
    await card.getByText('Aceptada').waitFor();
    await card.getByText('Aún sin horario: el organizador la programará.').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await poll(() => hasHorizontalScroll(page)).toBe(false);
    await context.close();
  });

  it("a catalogue product's page (demand/product/{id}): the product, its company and the meeting request", async () => {
    const { org, ev, round } = await meetingsRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Quinua Real', 'Agroindustria');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Tiendas Norte', 'Retail');
    await tourSeen(demand.c, 'demand');
    const area = `${base}/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;

    const { page, context } = await signedIn(app, demand.c.user as SignedUpUser, 375, 800);
    await page.goto(`${area}/demand/productCatalog`);
    await page.getByRole('link', { name: 'Ver producto: Producto de Quinua Real' }).click();
    await page.getByRole('heading', { name: 'Producto de Quinua Real' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/businessConference/demand/product/[\\w-]+$`));
    const company = page.getByTestId(`company-card-${offer.participantId}`);
    await company.getByText('Quinua Real (Agroindustria)').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await company.getByTestId(`request-meeting-${offer.participantId}`).click();
    await page.getByRole('dialog', { name: 'Solicitar reunión' }).getByTestId('request-meeting-submit').click();
    await page.getByText('Solicitud de reunión enviada.').waitFor();
    await context.close();
  });

  it('the virtual room of a placed virtual meeting: video link, meeting chat and company card (375 px); a cancel from /mymeetings', async () => {
    const { org, ev, round } = await meetingsRound(app, { venue: 'virtual', requestMode: 'auto' });
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Textiles Inca', 'Textil');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Moda Lima', 'Retail');
    const r = expectOk(await demand.c.post('/businessConference/meetings', requestBody(round._id, offer.participantId)), 'request');
    const id = r.data._id as string;
    await settled(app, r.position);
    const m = expectOk(await org.post(`/businessConference/round/${round._id}/agenda/meeting/${id}/move`, { slotId: round.slots[0].slotId, table: null, clientId: randomUUID() }), 'move');
    await settled(app, m.position);

    const { page, context } = await signedIn(app, demand.c.user as SignedUpUser, 375, 800);
    await page.goto(`${base}/mymeetings`);
    const card = page.locator('article', { hasText: 'Textiles Inca' });
    await card.getByRole('link', { name: 'Entrar a la sala' }).click();
    await page.getByRole('heading', { name: 'Reunión con Textiles Inca' }).waitFor();
    expect(await page.getByTestId('room-video-link').getAttribute('href')).toBe(`https://meet.jit.si/aforo-rueda-${id}`);
    expect(await page.getByTestId('room-chat-link').getAttribute('href')).toBe(`/chat?user=${(offer.c.user as SignedUpUser).user._id}`);
    await page.getByText('Ingresa 5 minutos antes de la hora de tu cita.').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('link', { name: 'Volver a mis reuniones' }).click();
    await page.locator('article', { hasText: 'Textiles Inca' }).getByRole('button', { name: 'Cancelar reunión' }).click();
    await page.getByRole('dialog', { name: '¿Cancelar la reunión?' }).getByRole('button', { name: 'Cancelar reunión' }).click();
    await page.getByText('Reunión cancelada.').waitFor();
    await poll(() => page.locator('article', { hasText: 'Textiles Inca' }).getByText('Cancelada').count()).toBe(1);
    await context.close();
  });
});
