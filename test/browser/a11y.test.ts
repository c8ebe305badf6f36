import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { apiAs, createEventApi, eventCodes } from './events-helpers.js';
import { eventually, navigateInApp, newPage, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

/** Focus and announcements for keyboard and screen-reader users (web/src/components/a11y.ts). */
let browser: Browser;
let base: string;
const app = useBrowserApp();
beforeAll(() => void ({ browser, url: base } = app));

async function signedIn(who: SignedUpUser, width = 1280, height = 900) {
  const { context, page } = await newPage(browser, base, width, height);
  const [name, value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

/** id, tag and text of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', tag: el?.tagName.toLowerCase() ?? '', text: el?.textContent?.trim() ?? '' };
  });
const announced = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="a11y-announcer"]')?.textContent ?? '');

describe('accessibility of forms and navigation (chromium)', () => {
  it('a failed submit focuses the first invalid field and announces its error (shared form hook)', async () => {
    const { context, page } = await newPage(browser, base, 1280, 900);
    await page.goto('/auth/sign-in');
    await page.getByLabel('Contraseña').first().fill('algo');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await eventually(async () => (await focused(page)).id).toBe('field-email');
    expect(await page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
    await eventually(() => announced(page)).toMatch(/Correo.*: El correo electrónico es obligatorio\./);
    expect(await page.getByRole('alert').filter({ hasText: 'El correo electrónico es obligatorio.' }).count()).toBe(1);
    await context.close();
  });

  it('the event form (its own validation) does the same', async () => {
    const organizer = await signUp(base, { displayName: 'Foco Organizadora' });
    const { context, page } = await signedIn(organizer);
    await page.goto(`/module/${organizer.user._id}/create`);
    await page.getByLabel('Nombre del evento').waitFor();
    await page.getByLabel('Nombre del evento').fill('');
    await page.locator('main').getByRole('button', { name: /Crear evento/ }).click();
    await eventually(async () => (await focused(page)).id).toBe('event-eventName');
    await eventually(() => announced(page)).toContain('Nombre del evento');
    expect(await announced(page)).toContain('Este campo es obligatorio.');
    await context.close();
  });

  it('after a route change the new page’s heading has the focus; not on the first load', async () => {
    const organizer = await signUp(base, { displayName: 'Ruta Organizadora' });
    await createEventApi(apiAs(base, organizer), { eventName: 'Foro de Accesibilidad', eventCode: ec('foro-accesibilidad-a11y') });
    const { context, page } = await signedIn(organizer);
    await page.goto(`/module/${organizer.user._id}/${ec('foro-accesibilidad-a11y')}/store`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await focused(page)).tag).toBe('body');
    await navigateInApp(page, `/module/${organizer.user._id}/${ec('foro-accesibilidad-a11y')}/store/history`);
    await eventually(async () => focused(page)).toEqual({ id: '', tag: 'h1', text: 'Historial de cambios' });
    expect(await page.locator('main h1').getAttribute('tabindex')).toBe('-1');
    await navigateInApp(page, `/module/${organizer.user._id}/${ec('foro-accesibilidad-a11y')}/store/tickets`);
    await eventually(async () => (await focused(page)).text).toBe('Entradas');
    await context.close();
  });

  it('the team page shows one event selector, on a phone and on a desktop', async () => {
    const organizer = await signUp(base, { displayName: 'Equipo Organizadora' });
    await createEventApi(apiAs(base, organizer), { eventName: 'Congreso del Equipo', eventCode: ec('congreso-equipo-a11y') });
    for (const width of [390, 1280]) {
      const { context, page } = await signedIn(organizer, width, 844);
      await page.goto(`/module/${organizer.user._id}/users`);
      await page.locator('#team-event').waitFor();
      await eventually(() => page.getByRole('combobox', { name: 'Evento' }).filter({ visible: true }).count(), `width ${width}`).toBe(1);
      expect(await page.getByTestId('event-select').count()).toBe(0);
      await context.close();
    }
  });
});
