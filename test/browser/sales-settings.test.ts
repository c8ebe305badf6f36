import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar, eventCodes } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

/** expect.poll with a browser-friendly timeout. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

let base: string;
const app = useBrowserApp();
beforeAll(() => {
  base = app.url;
});

/** Screenshots for a human look (not asserted pixel by pixel): SETTINGS_SHOTS_DIR=/some/dir. */
const SHOTS = process.env.SETTINGS_SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks an option of the MUI select labelled `label` (inside `scope`). */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('store settings and registration form (chromium)', () => {
  it('builds a form with a text question, a choice and a consent; saves; a reload shows it and the preview checks answers', async () => {
    const organizer = await signUp(base, { displayName: 'Lucía Torres' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Congreso de Datos 2030', eventCode: ec('congreso-datos-2030') });
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 50, quantity: 100 })).status).toBe(201);
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'VIP', price: 150, quantity: 20 })).status).toBe(201);

    const { context, page } = await signedIn(app, organizer);
    const formUrl = `/module/${organizer.user._id}/${ec('congreso-datos-2030')}/store/manage/form`;
    await page.goto(formUrl);
    await page.getByText('Todavía no hay preguntas').waitFor();

    // The drawer: both pages of this area are built (links); a page nobody built stays disabled ("Próximamente").
    await expect.poll(() => page.getByTestId('menu-form').evaluate((e) => e.tagName)).toBe('A');
    expect(await page.getByTestId('menu-settings').evaluate((e) => e.tagName)).toBe('A');
    const states = await page.locator('[data-testid^="menu-"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid')}:${e.tagName === 'A' ? 'on' : 'off'}`));
    expect(states).toContain('menu-dashboard:on');
    expect(await page.getByTestId('menu-symptomatologies').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('menu-symptomatologies').hover({ force: true });
    await page.getByRole('tooltip', { name: 'Disponible próximamente' }).waitFor();

    const fields = page.getByTestId('form-field');
    await page.getByTestId('form-add').click();
    await fields.nth(0).locator('#field-0-label').fill('Empresa');
    await fields.nth(0).getByTestId('field-0-required').click();

    await page.getByTestId('form-add').click();
    await fields.nth(1).locator('#field-1-label').fill('Talla de polo');
    await choose(page, fields.nth(1), 'Tipo de respuesta', 'Una opción');
    await fields.nth(1).locator('#field-1-options').fill('S');
    // One option is refused beside the field, by the same rule as the server's.
    await page.getByTestId('form-save').click();
    await poll(() => page.locator('#field-1-options-helper-text').textContent()).toBe('Una pregunta de opciones necesita al menos dos opciones.');
    await fields.nth(1).locator('#field-1-options').fill('S\nM\nL');

    await page.getByTestId('form-add').click();
    await fields.nth(2).locator('#field-2-label').fill('Tratamiento de datos');
    await choose(page, fields.nth(2), 'Tipo de respuesta', 'Casilla de consentimiento');
    await fields.nth(2).locator('#field-2-consentText').fill('Autorizo el tratamiento de mis datos personales.');
    await fields.nth(2).getByTestId('field-2-required').click();

    // Order: the choice goes first.
    await page.getByTestId('field-1-up').click();
    await poll(() => page.locator('#field-0-label').inputValue()).toBe('Talla de polo');

    // The live preview shows the questions as a buyer sees them and runs the validator.
    const preview = page.getByTestId('form-preview');
    await poll(() => preview.getByText('Autorizo el tratamiento de mis datos personales.').count()).toBe(1);
    await preview.getByTestId('preview-check').click();
    await poll(() => preview.getByText('Debes aceptar para continuar.').count()).toBe(1);
    expect(await preview.getByText('Este campo es obligatorio.').count()).toBe(1);

    await shot(page, 'form-1280');
    await page.getByTestId('form-save').click();
    await page.getByText('Formulario guardado.').waitFor();

    await page.reload();
    await poll(() => page.getByTestId('form-field').count()).toBe(3);
    expect(await page.locator('#field-0-label').inputValue()).toBe('Talla de polo');
    expect(await page.locator('#field-0-options').inputValue()).toBe('S\nM\nL');
    expect(await page.locator('#field-1-label').inputValue()).toBe('Empresa');
    expect(await page.locator('#field-2-consentText').inputValue()).toBe('Autorizo el tratamiento de mis datos personales.');
    const form = await api('GET', `/event/${ev._id}/form`);
    expect(form.body.data.fields.map((f: { label: string; type: string; required: boolean }) => [f.label, f.type, f.required])).toEqual([
      ['Talla de polo', 'choice', false],
      ['Empresa', 'text', true],
      ['Tratamiento de datos', 'consent', true],
    ]);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    // Phones: the builder and its preview stack, without horizontal scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A teammate's save in between: this page's next save gets the 409 and reloads.
    const current = form.body.data;
    const changed = await api('PUT', `/event/${ev._id}/form`, {
      fields: [...current.fields, { label: 'Cargo', type: 'text' }],
      expectedVersion: current.version,
      clientId: crypto.randomUUID(),
    });
    expect(changed.status).toBe(200);
    await page.getByTestId('field-2-remove').click();
    await page.getByTestId('form-save').click();
    await page.getByText('Otro miembro del equipo cambió esta configuración. Recarga la página para ver los cambios.').waitFor();
    await page.getByTestId('form-reload').click();
    await poll(() => page.getByTestId('form-field').count()).toBe(4);
    await context.close();
  });

  it('changes the hold time and the bank-deposit instructions; payment methods stay a tab away; works at 375 px', async () => {
    const organizer = await signUp(base, { displayName: 'Martín Salas' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Feria del Libro 2030', eventCode: ec('feria-libro-2030') });

    const { context, page } = await signedIn(app, organizer);
    await page.goto(`/module/${organizer.user._id}/${ec('feria-libro-2030')}/store/manage/settings`);
    await page.getByLabel('Tiempo de reserva (minutos)').waitFor();
    await poll(() => page.getByText('Vacío: 15 minutos, el valor de la plataforma.', { exact: false }).count()).toBe(1);

    await page.getByLabel('Tiempo de reserva (minutos)').fill('90');
    await page.getByTestId('settings-save').click();
    await poll(() => page.locator('#settings-holdMinutes-helper-text').textContent()).toBe('El tiempo de reserva debe estar entre 5 y 60 minutos.');
    await page.getByLabel('Tiempo de reserva (minutos)').fill('25');

    await page.getByLabel('RUC').fill('20131312954');
    await page.getByTestId('settings-save').click();
    await poll(() => page.locator('#settings-ruc-helper-text').textContent()).toBe('El RUC no es válido: su dígito verificador no coincide.');
    await page.getByLabel('RUC').fill('20131312955');

    await page.getByLabel('Banco').fill('Interbank');
    await page.getByLabel('Titular de la cuenta').fill('Feria del Libro SAC');
    await page.getByLabel('Número de cuenta').fill('200-3001234567');
    await page.getByLabel('CCI (código de cuenta interbancario)').fill('00320000300123456733');
    await page.getByTestId('settings-save').click();
    await page.getByText('Configuración guardada.').waitFor();

    await page.reload();
    await poll(() => page.getByLabel('Tiempo de reserva (minutos)').inputValue()).toBe('25');
    expect(await page.getByLabel('Banco').inputValue()).toBe('Interbank');
    expect(await page.getByLabel('CCI (código de cuenta interbancario)').inputValue()).toBe('00320000300123456733');
    expect(await page.getByLabel('RUC').inputValue()).toBe('20131312955');
    const saved = await api('GET', `/event/${ev._id}/storeSettings`);
    await shot(page, 'settings-1280');
    expect(saved.body.data).toMatchObject({ holdMinutes: 25, bankDeposit: { bank: 'Interbank', accountNumber: '200-3001234567', cci: '00320000300123456733', holder: 'Feria del Libro SAC' } });
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // The payment methods (events module) are a tab away.
    await page.getByTestId('settings-payments-tab').click();
    await page.waitForURL(`**/${ec('feria-libro-2030')}/store/manage/paymentMethods`);
    await page.getByTestId('pm-card-card').waitFor();

    // Phones: no horizontal scroll on either page.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/module/${organizer.user._id}/${ec('feria-libro-2030')}/store/manage/settings`);
    await page.getByLabel('Tiempo de reserva (minutos)').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto(`/module/${organizer.user._id}/${ec('feria-libro-2030')}/store/manage/form`);
    await page.getByText('Todavía no hay preguntas').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await shot(page, 'form-375');
    await context.close();
  });
  it('a question limited to a ticket type deleted since shows it, refuses the save until it is taken off', async () => {
    const organizer = await signUp(base, { displayName: 'Rosa Paredes' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Foro Minero 2030', eventCode: ec('foro-minero-2030') });
    const general = (await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 50, quantity: 100 })).body.data._id;
    const vip = (await api('POST', `/event/${ev._id}/ticket`, { name: 'VIP', price: 150, quantity: 20 })).body.data._id;
    const saved = await api('PUT', `/event/${ev._id}/form`, {
      fields: [{ label: 'Menú', type: 'choice', options: ['Clásico', 'Vegano'], ticketTypeIds: [general, vip] }],
      expectedVersion: 0,
      clientId: crypto.randomUUID(),
    });
    expect(saved.status).toBe(200);
    expect((await api('DELETE', `/event/${ev._id}/ticket/${vip}`)).status).toBe(200);

    const { context, page } = await signedIn(app, organizer);
    await page.goto(`/module/${organizer.user._id}/${ec('foro-minero-2030')}/store/manage/form`);
    await poll(() => page.locator('#field-0-ticketTypes').textContent()).toBe('General, Entrada eliminada (quítala)');
    await page.getByTestId('form-save').click();
    await poll(() => page.locator('#field-0-ticketTypes-helper-text').textContent()).toBe('Uno de los tipos de entrada elegidos no existe.');
    await page.locator('#field-0-ticketTypes').click();
    await page.getByRole('option', { name: 'Entrada eliminada (quítala)' }).click();
    await page.locator('.MuiPopover-root .MuiBackdrop-root').click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await poll(() => page.locator('#field-0-ticketTypes').textContent()).toBe('General');
    await page.getByTestId('form-save').click();
    await page.getByText('Formulario guardado.').waitFor();
    expect((await api('GET', `/event/${ev._id}/form`)).body.data.fields[0].ticketTypeIds).toEqual([general]);
    await context.close();
  });
});
