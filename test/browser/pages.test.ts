import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { hasHorizontalScroll, navigateInApp, newPage, seriousAxeViolations, eventually, useBrowserApp } from './support.js';

// Error catalogue pages (spec section 8), accessibility (axe-core) and layout widths.
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
beforeAll(() => void ({ browser, url: base } = app));

const ERROR_TITLES: Record<string, string> = {
  '400': 'SOLICITUD NO PROCESADA',
  '401': 'NO TIENES AUTORIZACIÓN',
  '403': 'ACCESO DENEGADO',
  '404': 'ERROR 404 - PÁGINA NO ENCONTRADA',
  '500': 'ERROR INESPERADO :(',
  '503': 'SERVICIO NO DISPONIBLE',
  '418': 'ERROR Z10',
  // Not a status at all: defaults to 500.
  abc: 'ERROR INESPERADO :(',
};

const PAGE_HEADINGS: Record<string, string> = {
  '/': 'Tu evento a un clic',
  '/auth/sign-in': 'Iniciar Sesión',
  '/auth/register': 'Crear cuenta',
  '/error/500': 'ERROR INESPERADO :(',
  '/confidentialityPolicy': 'Política de confidencialidad',
  '/generalConditionsUtilization': 'Condiciones generales de uso',
};

describe('web pages (chromium)', { timeout: 60_000 }, () => {
  it('renders the error page of each catalogue status, and 404 for unknown routes', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/error/400');
    for (const [status, title] of Object.entries(ERROR_TITLES)) {
      await navigateInApp(page, `/error/${status}`);
      await eventually(() => page.getByTestId('error-title').textContent(), status).toBe(title);
      expect(await page.getByRole('link', { name: 'Volver a la página de inicio' }).getAttribute('href')).toBe('/');
    }
    await page.goto('/esta/ruta/no-existe'); // a full load: the server's SPA fallback must serve it too
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ERROR 404 - PÁGINA NO ENCONTRADA');
    expect(await page.getByTestId('error-not-found').textContent()).toBe('This page could not be found');
    await page.getByRole('link', { name: 'Volver a la página de inicio' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { level: 1, name: 'Tu evento a un clic' }).waitFor();
    await context.close();
  });

  it('axe-core finds no serious or critical violation on sign-in, register and error pages', async () => {
    // axe is injected as an inline script, which the app's CSP (rightly) forbids.
    const { context, page } = await newPage(browser, base, 1280, 900, { bypassCSP: true });
    for (const path of ['/auth/sign-in', '/auth/register', '/error/403', '/pagina-inexistente']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const violations = await seriousAxeViolations(page);
      expect(violations.map((v) => `${path}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await context.close();
  });

  it('has no horizontal scroll at 375 px and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, base, width, 800);
      await page.goto('/');
      for (const [path, heading] of Object.entries(PAGE_HEADINGS)) {
        await navigateInApp(page, path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await hasHorizontalScroll(page), `${path} at ${width}px`).toBe(false);
      }
      await context.close();
    }
  });

  it('has no horizontal scroll when signed in (drawer, account menu, profile) at 375 px and 1280 px', async () => {
    const user = await signUp(base, { displayName: 'María José Quispe Huamán' });
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, base, width, 800);
      await context.addCookies([{ name: 'aforo_token', value: user.token, url: base }]);
      await page.goto('/');
      await page.getByTestId('account-menu-button').waitFor();
      for (const [path, heading] of [['/settings/profile', 'Ajustes de la cuenta'], ['/', 'Tu evento a un clic']]) {
        await navigateInApp(page, path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await hasHorizontalScroll(page), `${path} at ${width}px signed in`).toBe(false);
      }
      await context.close();
    }
  });
});
