import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser } from '../support/accounts.js';
import { signUpVerified } from '../events/helpers.js';
import { hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

/**
 * settings/integration in chromium: the organizer creates an API key (shown once, copied, then only its prefix),
 * the key pushes a contact (source API in the grid), a webhook to a local server is added and its delivery shows
 * on the page with the status code. Checked at 1280 and 375 px with axe.
 */
// The app runs in this process: its delivery job may call the local server at 127.0.0.1 (allow-list).
process.env.CONTACTS_WEBHOOK_ALLOW_ADDRESSES = '127.0.0.1';
let browser: Browser;
let base: string;
const app = useBrowserApp();
let hookServer: http.Server;
let hookUrl = '';
const bodies: string[] = [];

async function signedIn(who: SignedUpUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, base, width, 900, { bypassCSP: true });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

describe('CRM integration (chromium)', { timeout: 150_000 }, () => {
  beforeAll(async () => {
    ({ browser, url: base } = app);
    hookServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/crm`;
  }, 60_000);
  afterAll(() => new Promise<void>((r) => (hookServer ? hookServer.close(() => r()) : r())));

  it('creates a key shown once, pushes a contact with it, adds a webhook and sees its delivery', async () => {
    // Its own organizer per attempt (a retry starts with no keys).
    const org = await signUpVerified(app, { displayName: 'Organizadora Integración' });
    const { context, page } = await signedIn(org);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(`/module/${org.user._id}/contacts/settings/integration`);
    await page.getByRole('heading', { name: 'Integración', level: 1 }).waitFor();
    await page.getByText('Todavía no tienes claves de API.').waitFor();

    const keyName = `Formulario ${randomUUID().slice(0, 4)}`;
    await page.getByLabel('Nombre de la clave').fill(keyName);
    await page.getByRole('button', { name: 'Crear clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
    await dialog.getByText('Copia la clave ahora: no volveremos a mostrarla.').waitFor();
    const key = await dialog.getByTestId('shown-secret').locator('input').inputValue();
    expect(key).toMatch(/^afk_/);
    await dialog.getByRole('button', { name: 'Copiar' }).click();
    await page.getByText('Copiado al portapapeles.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Only its prefix stays on the page.
    const row = page.getByRole('row').filter({ hasText: keyName });
    await row.getByText('Nunca').waitFor();
    expect(await page.content()).not.toContain(key);

    // The webhook first, so the pushed contact is delivered to it.
    await page.getByLabel('URL del webhook').fill(hookUrl);
    await page.getByRole('button', { name: 'Agregar webhook' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Webhooks' });
    expect(await secretDialog.getByTestId('shown-secret').locator('input').inputValue()).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Cerrar' }).click();
    const hook = page.getByTestId('webhook').filter({ hasText: hookUrl });
    await hook.getByText('Todavía no hay entregas.').waitFor();

    const email = `api.${randomUUID().slice(0, 8)}@correo.pe`;
    const pushed = await fetch(`${base}/api/v2/integration/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ name: 'Lead Desde API', email }),
    });
    expect(pushed.status).toBe(201);
    // The page refreshes its log: the delivery with its status code; the key's last use is shown.
    await hook.getByText('200', { exact: true }).waitFor({ timeout: 30_000 });
    await hook.getByText(/Contacto creado · Intento 1/).waitFor();
    await hook.getByText('Contacto actualizado').waitFor();
    expect(bodies.some((b) => b.includes(email))).toBe(true);
    await page.reload();
    await expect.poll(async () => page.getByRole('row').filter({ hasText: keyName }).getByText('Nunca').count()).toBe(0);

    // At 375 px: no sideways scroll of the page; axe clean.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);

    // The grid shows the contact's source (its filter is checked through the API in test/contacts/integration-inflow.test.ts).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/module/${org.user._id}/contacts/contacts`);
    const grid = page.getByRole('grid');
    await grid.getByRole('link', { name: 'Lead Desde API', exact: true }).waitFor();
    await grid.getByRole('row').filter({ hasText: 'Lead Desde API' }).getByText('API', { exact: true }).waitFor();

    // Revoked: the key no longer pushes.
    await page.goto(`/module/${org.user._id}/contacts/settings/integration`);
    await page.getByRole('button', { name: `Revocar la clave ${keyName}` }).click();
    await page.getByRole('row').filter({ hasText: keyName }).getByText('Revocada').waitFor();
    const refused = await fetch(`${base}/api/v2/integration/contacts`, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'X', email: `x.${email}` }) });
    expect(refused.status).toBe(401);
    await context.close();
  });
});
