import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar, eventCodes } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

describe('business conference rounds (chromium)', () => {
  it('the organizer creates a round on settings/businessConference; the selector shows it and the drawer items become enabled', async () => {
    const organizer = await signUp(base, { displayName: 'Rosa Huamán' });
    const api = apiAs(base, organizer);
    await createEventApi(api, { eventName: 'Expo Agro 2030', eventCode: ec('expo-agro-2030') });
    const { page } = await signedIn(app, organizer);
    const area = `/module/${organizer.user._id}/${ec('expo-agro-2030')}/businessConference`;

    // No round yet: a page that needs one sends the team to settings/businessConference (spec 8).
    await page.goto(`${base}${area}/settings/offerFields`);
    await poll(() => page.url()).toContain(`${area}/settings/businessConference`);
    await page.getByTestId('rounds-empty').waitFor();
    // "Rueda" is enabled without rounds; every other item is disabled until one exists.
    await poll(() => page.getByTestId('menu-businessConferenceSettings').evaluate((e) => e.tagName)).toBe('A');
    expect(await page.getByTestId('menu-offerFields').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('menu-dashboard').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('round-select').count()).toBe(0);

    await page.getByTestId('round-new').click();
    const form = page.getByTestId('round-form');
    await form.waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await form.getByLabel('Nombre de la rueda').fill('Rueda Agroexportadora');
    await form.getByLabel('Fecha de inicio').fill('2030-05-01');
    await form.getByLabel('Fecha de fin').fill('2030-05-02');
    await form.getByTestId('round-day-2030-05-02').waitFor();
    await form.getByLabel('Duración de cada reunión (minutos)').fill('300');
    await page.getByTestId('round-save').click();
    // The server's rule, in Spanish, beside its field.
    await poll(() => page.locator('#round-meetingMinutes-helper-text').textContent()).toBe('La duración de cada reunión debe estar entre 5 y 240 minutos.');
    await form.getByLabel('Duración de cada reunión (minutos)').fill('30');
    await page.getByTestId('round-save').click();

    // Listed with its code; the toolbar's selector shows it; the drawer items are links now.
    const card = page.locator('li[data-testid^="round-"]').filter({ hasText: 'Rueda Agroexportadora' }).first();
    await card.waitFor({ timeout: 30_000 });
    await poll(() => card.textContent()).toMatch(/Código [A-Z2-9]{5}/);
    await poll(() => page.getByTestId('round-select').textContent()).toContain('Rueda Agroexportadora');
    await poll(() => page.getByTestId('menu-offerFields').evaluate((e) => e.tagName)).toBe('A');
    expect(await page.getByTestId('menu-dashboard').evaluate((e) => e.tagName)).toBe('A');

    // The Tablero shows the round with its slots (2 days of 09:00-13:00, 30 min: 16).
    await page.getByTestId('menu-dashboard').click();
    const code = (await api('GET', `/businessConferencesByPermission?event=${ec('expo-agro-2030')}`)).body.data.data[0].code;
    await poll(() => page.getByTestId(`fig-slots-${code}`).textContent()).toBe('16');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // Offer fields of the round: add one and save.
    await page.goto(`${base}${area}/settings/offerFields`);
    await page.getByTestId('field-add').click();
    await page.locator('#field-0-label').fill('Certificación');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByTestId('fields-save').click();
    await poll(async () => (await api('GET', `/businessConferencesByPermission?event=${ec('expo-agro-2030')}`)).body.data.data[0].offerFields.length).toBe(1);

    // The catalogue filter offers the sector and the new field (a fresh load: the saved field is read from the server).
    await page.goto(`${base}${area}/settings/catalogueFilter`);
    await page.getByTestId('filter-certificacion').click();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByTestId('filter-save').click();
    await poll(async () => (await api('GET', `/businessConferencesByPermission?event=${ec('expo-agro-2030')}`)).body.data.data[0].catalogueFilter).toEqual(['certificacion']);

    // A second round; the selection persists across reloads (per event).
    expect(
      (
        await api('POST', `/event/${(await api('GET', `/businessConferencesByPermission?event=${ec('expo-agro-2030')}`)).body.data.data[0].eventId}/businessConferences`, {
          name: 'Rueda Textil',
          startDate: '2030-06-01',
          endDate: '2030-06-01',
          timeZone: 'America/Lima',
          meetingMinutes: 20,
          days: [{ date: '2030-06-01', start: '10:00', end: '12:00', breaks: [] }],
          venue: 'virtual',
          tables: 5,
          requestDeadline: null,
          requestMode: 'auto',
          schedulingMode: 'organizer',
          maxRequestsPerParticipant: 5,
          productDeadline: null,
          clientId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(201);
    await page.goto(`${base}${area}`);
    await page.getByTestId('round-select').click();
    await page.getByRole('option', { name: 'Rueda Textil' }).click();
    await poll(() => page.getByTestId('round-select').textContent()).toContain('Rueda Textil');
    await page.reload();
    await poll(() => page.getByTestId('round-select').textContent()).toContain('Rueda Textil');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}${area}`);
    await page.locator('[data-testid^="dashboard-round-"]').first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto(`${base}${area}/settings/offerFields`);
    await page.getByTestId('round-fields-form').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto(`${base}${area}/settings/businessConference`);
    await page.getByTestId('round-new').click();
    await page.getByTestId('round-form').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  }, 90_000);

  it('a participant switching to a round where their role does not open the page is sent to that role\'s first page', async () => {
    const organizer = await signUp(base, { displayName: 'Marco Salas' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Rueda Andina 2030', eventCode: ec('rueda-andina-2030') });
    const body = (name: string, date: string) => ({
      name,
      startDate: date,
      endDate: date,
      timeZone: 'America/Lima',
      meetingMinutes: 30,
      days: [{ date, start: '09:00', end: '12:00', breaks: [] }],
      venue: 'tables',
      tables: 10,
      requestDeadline: null,
      requestMode: 'accept',
      schedulingMode: 'participants',
      maxRequestsPerParticipant: null,
      productDeadline: null,
      clientId: crypto.randomUUID(),
    });
    const a = (await api('POST', `/event/${ev._id}/businessConferences`, body('Rueda Café', '2030-05-01'))).body.data;
    const b = (await api('POST', `/event/${ev._id}/businessConferences`, body('Rueda Cacao', '2030-06-01'))).body.data;

    // Offerer in the first round, demander in the second (the memberships the participants area grants on approval).
    const part = await signUp(base, { displayName: 'Elena Ccori' });
    for (const [roundId, role] of [
      [a._id, 'offer'],
      [b._id, 'demand'],
    ]) {
      await app.ctx.db
        .insertInto('access_memberships')
        .values({ user_id: part.user._id, client_id: organizer.user._id, event_id: ev._id, module: 'businessConference', role, round_id: roundId, exhibitor_company_id: null, granted_by: organizer.user._id, granted_at: new Date() })
        .execute();
    }
    const { page } = await signedIn(app, part);
    const area = `/module/${organizer.user._id}/${ec('rueda-andina-2030')}/businessConference`;
    await page.goto(`${base}${area}/offer/productCatalog`);
    // The first round is chosen; the participant's selector lists only their rounds.
    await poll(() => page.getByTestId('round-select').textContent()).toContain('Rueda Café');
    expect(new URL(page.url()).pathname).toBe(`${area}/offer/productCatalog`);
    const listed = await apiAs(base, part)('GET', `/businessConferencesByPermission?event=${ev._id}`);
    expect(listed.body.data.data.map((r: { name: string; role: string }) => `${r.name}:${r.role}`)).toEqual(['Rueda Café:offer', 'Rueda Cacao:demand']);

    // The choice persisted for the event is the demand round: the offer page is not theirs there, the first demand page is.
    await page.evaluate(([key, id]) => localStorage.setItem(key, id), [`bc.round.${ev._id}`, b._id]);
    await page.goto(`${base}${area}/offer/productCatalog`);
    await poll(() => new URL(page.url()).pathname).toBe(`${area}/demand/productCatalog`);
    await poll(() => page.getByTestId('round-select').textContent()).toContain('Rueda Cacao');
    await page.evaluate(([key, id]) => localStorage.setItem(key, id), [`bc.round.${ev._id}`, a._id]);
    await page.goto(`${base}${area}/demand/companyProfile`);
    await poll(() => new URL(page.url()).pathname).toBe(`${area}/offer/productCatalog`);
  }, 60_000);
});
