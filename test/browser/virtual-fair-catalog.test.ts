import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdministrator, signUp } from '../support/accounts.js';
import { eventually, hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

// The virtual fair's platform catalogue in chromium: the admin drawer's "Ferias virtuales" items open their
// catalogue; an administrator adds a fairground template (a server refusal shows on its field), edits it and
// archives it; the page fits at 375 px and is axe clean.
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
beforeAll(() => void ({ browser, url: base } = app));

describe('virtual fair catalogue (chromium)', { timeout: 90_000 }, () => {
  it('adds, edits and archives a fairground template from the admin drawer; fits at 375 px', async () => {
    const admin = await signUp(base, { displayName: 'Admin Recintos' });
    await makeAdministrator(app.ctx, admin.user._id);
    const { context, page } = await newPage(browser, base, 1280, 900, { bypassCSP: true });
    await context.addCookies([{ name: 'aforo_token', value: admin.token, url: base }]);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Recinto' }).click();
    await page.waitForURL('**/admin/virtualFair/fairground');
    await page.getByRole('heading', { name: 'Recinto' }).waitFor();

    const name = `Recinto ${randomUUID().slice(0, 8)}`;
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByLabel('Nombre').fill(name);
    await page.getByLabel('Espacios para pabellones').fill('4');
    await page.getByLabel('Imagen (URL)').fill('ftp://lobby');
    await page.getByTestId('catalog-save').click();
    // The server's Spanish refusal lands on its field.
    await page.getByText('El enlace debe empezar por http:// o https://.').waitFor();
    await page.getByLabel('Imagen (URL)').fill('https://cdn.example.pe/lobby.png');
    await page.getByTestId('catalog-save').click();
    // Scoped to this attempt's item: a retried test finds the first attempt's template in the same catalogue.
    const row = page.getByRole('listitem').filter({ hasText: name });
    await row.getByText('4 pabellones').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Editar ${name}` }).click();
    await page.getByLabel('Espacios para pabellones').fill('6');
    await page.getByTestId('catalog-save').click();
    await row.getByText('6 pabellones').waitFor();

    await page.getByRole('button', { name: `Archivar ${name}` }).click();
    await eventually(() => row.getByText('Archivado').count()).toBe(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Stands' }).click();
    await page.waitForURL('**/admin/virtualFair/stands');
    await page.getByRole('heading', { name: 'Stands' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The shell's e-mail banner (not this page) scrolls at 375 px; sales-door excludes it the same way.
    expect(await seriousAxeViolations(page, ['[data-testid="verify-banner"]'])).toEqual([]);
    await context.close();
  });
});
