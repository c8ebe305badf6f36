import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { newMeeting, newParticipant, seedRound, settled } from '../businessConference/insights-support.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

describe('business conference insights (chromium)', () => {
  it('a participant answers the poll of their meeting from the link (375 px); the organizer sees it on the poll and report pages (1280 px)', async () => {
    const { org, ev, round } = await seedRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Café Andino SAC', 'Agroindustria');
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Supermercados Lima', 'Retail');
    const meetingId = await newMeeting(app, round._id, demand, offer, 'accept');

    // The participant opens the link sent after the meeting, on a phone.
    const phone = await signedIn(app, demand.c.user as SignedUpUser, 375, 800);
    const page = phone.page;
    await page.goto(`${base}/${ev.eventCode}/businessConference/${round.code}/demand/poll/${meetingId}`);
    const form = page.getByTestId(`poll-form-${meetingId}`);
    await form.getByRole('heading', { name: 'Café Andino SAC' }).waitFor();
    expect(await form.getByTestId('poll-status').textContent()).toBe('Pendiente');
    // Required answers are asked for in Spanish before anything is sent.
    await form.getByTestId('poll-submit').click();
    await poll(() => form.getByText('Este campo es obligatorio.').count()).toBe(2);
    await form.getByRole('combobox', { name: /Interés en la contraparte/ }).click();
    await page.getByRole('option', { name: 'Alto' }).click();
    await form.getByLabel(/Monto de negocio esperado/).fill('15000');
    // MUI Rating: the star is the radio's label (the input itself is visually hidden).
    const star = await form.getByRole('radio', { name: '4 estrellas' }).getAttribute('id');
    await form.locator(`label[for="${star}"]`).click();
    expect(await form.getByRole('radio', { name: '4 estrellas' }).isChecked()).toBe(true);
    await form.getByLabel('Comentario').fill('Pedido piloto de 2 toneladas');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await form.getByTestId('poll-submit').click();
    await page.getByTestId('poll-saved').waitFor();
    await poll(() => page.getByTestId('poll-status').textContent()).toBe('Respondida');
    await phone.context.close();

    // The organizer's poll page lists the answer, the report counts it.
    const desk = await signedIn(app, org.user as SignedUpUser);
    const area = `/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;
    await desk.page.goto(`${base}${area}/poll`);
    const grid = desk.page.getByTestId('polls-grid');
    await grid.getByText('Pedido piloto de 2 toneladas').waitFor();
    expect(await grid.textContent()).toContain('Supermercados Lima');
    await poll(() => desk.page.getByTestId('polls-satisfaction').textContent()).toBe('4');
    expect(await seriousViolationsOutsideAppBar(desk.page)).toEqual([]);

    await desk.page.goto(`${base}${area}/report`);
    await poll(() => desk.page.getByTestId('report-expected').textContent()).toBe('S/. 15,000.00');
    expect(await desk.page.getByTestId('report-requests').textContent()).toBe('1');
    expect(await desk.page.getByTestId('report-acceptance').textContent()).toContain('100');
    expect(await desk.page.getByTestId('report-satisfaction').textContent()).toBe('4');
    expect(await desk.page.getByTestId('report-sectors').textContent()).toContain('Retail');
    expect(await desk.page.getByTestId('report-chart-sector').locator('svg').count()).toBeGreaterThan(0);
    const href = await desk.page.getByTestId('report-export').getAttribute('href');
    expect(href).toContain(`/businessConference/event/${ev._id}/report/export?round=${round._id}`);
    expect(await seriousViolationsOutsideAppBar(desk.page)).toEqual([]);
    await desk.page.setViewportSize({ width: 375, height: 800 });
    await poll(() => hasHorizontalScroll(desk.page)).toBe(false);
    await desk.context.close();
  });

  it('an offer_demand participant answers from the module area (/demand/poll lists the meetings where they demand)', async () => {
    const { org, ev, round } = await seedRound(app);
    const offer = await newParticipant(app, org, ev, round, 'offer', 'Textiles Inca', 'Textil');
    const both = await newParticipant(app, org, ev, round, 'offer_demand', 'Comercial Andina', 'Comercio');
    const meetingId = await newMeeting(app, round._id, both, offer, 'accept');
    // The welcome tour (home area) was seen already: its dialog would hide the page.
    const tour = await both.c.put('/updateCollaboratorTour', { tour: { offer: { module: false, productCatalogue: false }, demand: { module: false } } });
    expect(tour.status).toBe(200);
    await settled(app, tour.body.position);

    const { page, context } = await signedIn(app, both.c.user as SignedUpUser);
    const area = `/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;
    await page.goto(`${base}${area}/offer/poll`);
    await page.getByText('Aún no tienes reuniones aceptadas').waitFor();
    await page.goto(`${base}${area}/demand/poll`);
    const form = page.getByTestId(`poll-form-${meetingId}`);
    await form.getByRole('heading', { name: 'Textiles Inca' }).waitFor();
    await form.getByRole('combobox', { name: /Interés en la contraparte/ }).click();
    await page.getByRole('option', { name: 'Medio' }).click();
    await form.getByLabel(/Monto de negocio esperado/).fill('2500.50');
    const star = await form.getByRole('radio', { name: '5 estrellas' }).getAttribute('id');
    await form.locator(`label[for="${star}"]`).click();
    await form.getByTestId('poll-submit').click();
    await page.getByTestId('poll-saved').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    const mine = await both.c.get(`/businessConference/round/${round._id}/poll/mine?type=demand`);
    expect(mine.body.data.items[0].answer).toMatchObject({ interest: 'medium', expectedAmount: 250_050, satisfaction: 5 });
    await context.close();
  });
});
