import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { seriousAxeViolations, hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

/**
 * The CRM's import in chromium: the organizer uploads a CSV from the contacts grid, checks the guessed mapping
 * against the preview, starts it, watches the progress reach 100 % (pushed over the socket by the worker), sees the
 * people in the grid and downloads the rows that were refused.
 */
const app = useBrowserApp();

const rows = Array.from({ length: 450 }, (_, i) => `Persona ${i + 1};persona${i + 1}@correo.pe;${i % 3 === 0 ? 'sí' : 'no'}`);
const CSV = ['Nombre completo;Correo;Acepta correos', ...rows, 'Sin Correo;;', 'Mal Correo;mal-correo;'].join('\n');

describe('contacts import (chromium)', () => {
  it('uploads a CSV, maps it with a preview, follows the progress live and downloads the refused rows', { timeout: 150_000 }, async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Importadora' });
    const { context, page } = await newPage(app.browser, app.url, 1280, 900, { bypassCSP: true });
    const [name, ...value] = org.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: app.url, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(`/module/${org.user._id}/contacts/contacts`);
    await page.getByTestId('records-import').click();
    await page.getByTestId('import-file').setInputFiles({ name: 'contactos.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    // The mapping is guessed from the headers; the preview shows the file's first rows.
    const preview = page.getByTestId('import-preview');
    await preview.getByText('persona1@correo.pe').waitFor();
    await expect.poll(() => page.locator('#import-map-name').textContent()).toBe('Nombre completo');
    await expect.poll(() => page.locator('#import-map-email').textContent()).toBe('Correo');
    await expect.poll(() => page.locator('#import-map-emailConsent').textContent()).toBe('Acepta correos');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('import-start').click();
    await expect.poll(() => page.getByTestId('import-progress-text').textContent(), { timeout: 90_000 }).toBe('Importación terminada.');
    expect(await page.getByTestId('import-progress').getAttribute('data-value')).toBe('100');
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toBe('Nuevos: 450Completados: 0Con errores: 2');

    const download = page.waitForEvent('download');
    await page.getByTestId('import-errors').click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    expect(text).toContain('452,"La fila no tiene correo ni teléfono."');
    expect(text).toContain('453,"El correo no es válido."');

    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByTestId('records-search').fill('Persona 450');
    await page.getByRole('gridcell', { name: 'persona450@correo.pe' }).waitFor();

    // On a phone the dialog fits.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('records-import').click();
    await page.getByTestId('import-file').waitFor({ state: 'attached' });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await context.close();
  });
});
