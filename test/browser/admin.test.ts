import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeAdministrator, signUp, type SignedUpUser } from '../support/accounts.js';
import { eventually, hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

// Platform administration in chromium: the Administrador link only for administrators (menu and drawer), the
// users grid's quick search and fit at 1280 px, suspending from the grid; and the error pages: the English line
// only on the unmatched-route 404, a missing event without it, the 403 inside the layout.
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
beforeAll(() => void ({ browser, url: base } = app));

async function signedIn(user: SignedUpUser, width = 1280) {
  const opened = await newPage(browser, base, width, 900);
  await opened.context.addCookies([{ name: 'aforo_token', value: user.token, url: base }]);
  return opened;
}

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

describe('platform administration (chromium)', { timeout: 90_000 }, () => {
  it('shows the Administrador link in the user menu and the drawer only to platform administrators', async () => {
    const plain = await signUp(base, { displayName: 'Usuaria Común' });
    const admin = await signUp(base, { displayName: 'Admin Enlace' });
    await makeAdministrator(app.ctx, admin.user._id);

    const a = await signedIn(plain);
    await a.page.goto('/');
    await drawer(a.page).getByRole('link', { name: 'Mis Eventos' }).waitFor();
    expect(await drawer(a.page).getByRole('link', { name: 'Administrador' }).count()).toBe(0);
    await a.page.getByTestId('account-menu-button').click();
    await a.page.getByRole('menuitem', { name: 'Ajustes de la cuenta' }).waitFor();
    expect(await a.page.getByRole('menuitem', { name: 'Administrador' }).count()).toBe(0);
    await a.context.close();

    const b = await signedIn(admin);
    await b.page.goto('/');
    await drawer(b.page).getByRole('link', { name: 'Administrador' }).click();
    await b.page.waitForURL('**/admin');
    await b.page.getByRole('heading', { name: 'Tablero de la plataforma' }).waitFor();
    await b.page.getByTestId('account-menu-button').click();
    await b.page.getByRole('menuitem', { name: 'Administrador' }).waitFor();
    await b.context.close();
  });

  it('searches the users grid on the server (accents ignored), fits at 1280 px and suspends an account from it', async () => {
    const admin = await signUp(base, { displayName: 'Admin Grilla' });
    await makeAdministrator(app.ctx, admin.user._id);
    const tag = Date.now().toString(36);
    const target = await signUp(base, { displayName: `José Pérez ${tag}` });
    await signUp(base, { displayName: `Otra Cuenta ${tag}` });

    const { context, page } = await signedIn(admin);
    await page.goto('/admin/users');
    const grid = page.getByRole('grid', { name: 'Usuarios' });
    await grid.getByText('Admin Grilla').waitFor();
    // No sideways scroll inside the grid at 1280 px with the user drawer and the admin menu open.
    expect(await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(true);

    const searched = page.waitForRequest((r) => r.url().includes('/api/v2/admin/users') && r.url().includes('search=jose+perez'));
    await page.getByTestId('admin-grid-search').fill('jose perez');
    await searched;
    await eventually(() => grid.getByRole('row').count()).toBe(2); // header + José Pérez
    await grid.getByText(`José Pérez ${tag}`).waitFor();

    await grid.getByRole('row', { name: `José Pérez ${tag}` }).getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Suspender' }).click();
    await page.getByRole('dialog', { name: '¿Suspender la cuenta?' }).waitFor();
    await page.getByTestId('admin-action-confirm').click();
    await page.getByText('Cuenta suspendida. Sus sesiones se cerraron.').waitFor();
    await grid.getByText('Suspendida').waitFor();
    // The suspended account's session ended at once, and its sign-in form says why it cannot enter.
    expect((await fetch(`${base}/api/v2/validate`, { headers: bearer(target.token) })).status).toBe(401);
    const blocked = await newPage(browser, base);
    await blocked.page.goto('/auth/sign-in');
    await blocked.page.locator('#field-email').fill(target.email);
    await blocked.page.locator('#field-password').fill(target.password);
    await blocked.page.getByTestId('sign-in-submit').click();
    await eventually(() => blocked.page.getByTestId('snackbar').textContent()).toBe(
      'Tu cuenta está suspendida. Si crees que es un error, escríbenos para revisarla.',
    );
    expect(new URL(blocked.page.url()).pathname).toBe('/auth/sign-in');
    await blocked.context.close();

    // Its activity names who suspended it.
    await grid.getByRole('link', { name: `José Pérez ${tag}` }).click();
    await page.getByRole('heading', { name: 'Actividad' }).waitFor();
    await eventually(() => page.getByTestId('admin-activity').textContent()).toContain('Cuenta suspendida');
    expect(await page.getByTestId('admin-activity').textContent()).toContain('Por Admin Grilla');
    await page.getByRole('button', { name: 'Reactivar' }).click();
    await page.getByTestId('admin-action-confirm').click();
    await eventually(() => page.getByTestId('admin-activity').textContent()).toContain('Cuenta reactivada');
    await context.close();
  });
});

describe('platform administration pages: accessibility and 375 px', { timeout: 90_000 }, () => {
  it('axe finds no serious violation on the grids, the account and the organizer pages; no sideways scroll at 375 px', async () => {
    const admin = await signUp(base, { displayName: 'Admin Accesible' });
    await makeAdministrator(app.ctx, admin.user._id);
    const org = await signUp(base, { displayName: 'Organizador Accesible' });
    const created = await fetch(`${base}/api/v2/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(org.token) },
      body: JSON.stringify({ eventName: 'Congreso Accesible', eventCode: `acc${Date.now().toString(36)}`, startDate: '2030-06-01T15:00:00.000Z', endDate: '2030-06-01T20:00:00.000Z', timeZone: 'America/Lima', venue: 'Cusco' }),
    });
    expect(created.status).toBe(201);
    const pages: [string, string][] = [
      ['/admin/users', 'Usuarios'],
      ['/admin/organizers', 'Organizadores'],
      [`/admin/users/${org.user._id}`, 'Organizador Accesible'],
      [`/admin/organizers/${org.user._id}`, 'Eventos de Organizador Accesible'],
    ];
    const wide = await newPage(browser, base, 1280, 900, { bypassCSP: true });
    await wide.context.addCookies([{ name: 'aforo_token', value: admin.token, url: base }]);
    for (const [path, heading] of pages) {
      await wide.page.goto(path);
      await wide.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path.includes('organizers/')) await wide.page.getByRole('link', { name: 'Congreso Accesible' }).waitFor();
      const violations = await seriousAxeViolations(wide.page);
      expect(violations.map((v) => `${path}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await wide.context.close();
    const narrow = await signedIn(admin, 375);
    for (const [path, heading] of pages) {
      await narrow.page.goto(path);
      await narrow.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await hasHorizontalScroll(narrow.page), path).toBe(false);
    }
    await narrow.context.close();
  });
});

describe('error pages (chromium)', { timeout: 60_000 }, () => {
  it('the English line only on the unmatched-route 404; a missing event says so in Spanish; 403 inside the layout', async () => {
    const plain = await signUp(base, { displayName: 'Sin Permisos' });
    const { context, page } = await signedIn(plain);

    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ERROR 404 - PÁGINA NO ENCONTRADA');
    expect(await page.getByTestId('error-not-found').textContent()).toBe('This page could not be found');

    const event = await page.goto('/e/no-existe-este-evento');
    expect(event?.status()).toBe(200);
    await eventually(() => page.getByTestId('error-message').textContent()).toBe('El evento no existe.');
    expect(await page.getByText('This page could not be found').count()).toBe(0);

    await page.goto('/admin');
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ACCESO DENEGADO');
    // Inside the shell: top bar with the account menu and the user drawer.
    await page.getByTestId('account-menu-button').waitFor();
    await drawer(page).getByRole('link', { name: 'Inicio' }).waitFor();
    expect(await page.getByText('This page could not be found').count()).toBe(0);
    await context.close();
  });
});
