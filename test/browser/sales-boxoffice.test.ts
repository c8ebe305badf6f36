import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelObjectText } from '../../web/src/modules/sales/boxoffice/dymo/protocol.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { startFakeDymo, type FakeDymo } from '../support/fake-dymo.js';
import { signUpVerified } from '../events/helpers.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar } from './events-helpers.js';
import { hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

let browser: Browser;
let base: string;
// The fake DYMO service is plain HTTP on a random loopback port: the CSP lets the desk reach it.
const app = useBrowserApp({ env: { BOXOFFICE_PRINT_ORIGINS: 'http://127.0.0.1:*' } });
let fake: FakeDymo;
beforeAll(async () => {
  ({ browser, url: base } = app);
  fake = await startFakeDymo();
});
afterAll(async () => {
  await fake?.close();
});

/** `bypassCSP` only where axe-core is injected; the desk runs under the app's CSP (it must let the page reach DYMO). */
async function signedIn(who: SignedUpUser, width = 1280, height = 900, bypassCSP = false): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, base, width, height, { bypassCSP });
  const [name, value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

describe('box office (chromium)', () => {
  it('the desk finds an attendee, checks them in, prints the badge on DYMO, falls back to the PDF label; the cash register sells and closes', async () => {
    const organizer = await signUp(base, { displayName: 'Carmen Rojas' });
    const api = apiAs(base, organizer);
    const code = `feria-${randomUUID().slice(0, 6)}`;
    const ev = await createEventApi(api, { eventName: 'Feria del Libro 2030', eventCode: code });
    const free = (await api('POST', `/event/${ev._id}/ticket`, { name: 'Invitado', price: 0, quantity: 50 })).body.data._id as string;
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 25, quantity: 50 })).status).toBe(201);
    expect((await api('POST', `/event/${ev._id}/paymentMethod`, { kind: 'cash' })).status).toBe(201);
    expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);
    // An attendee registered earlier (the desk's own API, as the organizer).
    const made = await api('POST', `/event/${ev._id}/register/attendee`, { clientId: randomUUID(), ticketTypeId: free, name: 'Rosa Quispe Huamán', email: 'rosa@example.com' });
    expect(made.status).toBe(201);

    const team = async (role: string, name: string) => {
      const who = await signUpVerified(app, { displayName: name });
      const g = await api('POST', `/event/${ev._id}/collaborator`, { email: who.email, module: 'store', role });
      expect(g.body.data.status).toBe('granted');
      return who;
    };

    // ----- the registration desk
    const desk = await signedIn(await team('register', 'Pedro Recepción'));
    const page = desk.page;
    await page.goto(`/module/${organizer.user._id}/${code}/store/register`);
    await page.getByRole('heading', { name: 'Recepción' }).waitFor();
    // No DYMO Connect on this machine: the desk says the PDF label will be used; then it is pointed at the fake.
    await poll(() => page.getByTestId('printer-status').textContent()).toContain('Sin servicio DYMO');
    await page.getByTestId('printer-settings').click();
    await page.getByTestId('printer-service-url').fill(fake.url);
    await page.getByTestId('printer-settings-save').click();
    await poll(() => page.getByTestId('printer-status').textContent()).toBe('DYMO: 3 impresora(s)');

    await page.getByTestId('desk-search').fill('rosa quis');
    const row = page.getByTestId('desk-row').filter({ hasText: 'Rosa Quispe Huamán' });
    await row.waitFor();
    await row.getByTestId('desk-checkin').click();
    await row.getByTestId('desk-inside').waitFor();

    await row.getByTestId('desk-badge').click();
    await page.getByLabel('Empresa (opcional)').fill('Editorial Andina');
    // The service's own rendering of the label (RenderLabel) is the preview.
    await page.getByTestId('badge-rendered').waitFor();
    await page.getByTestId('badge-print').click();
    await page.getByText('Credencial enviada a DYMO LabelWriter 450.').waitFor();
    await poll(() => fake.prints.length).toBe(1);
    expect(fake.prints[0].printerName).toBe('DYMO LabelWriter 450');
    expect(labelObjectText(fake.prints[0].labelXml, 'Nombre')).toBe('Rosa Quispe Huamán');
    expect(labelObjectText(fake.prints[0].labelXml, 'Empresa')).toBe('Editorial Andina');
    expect(labelObjectText(fake.prints[0].labelXml, 'Codigo')).toBe(made.body.data.code);

    // The service goes away: the badge comes out as a PDF label instead.
    await fake.stop();
    const popup = desk.context.waitForEvent('page');
    await page.getByTestId('badge-print').click();
    await page.getByTestId('badge-pdf').waitFor();
    expect(await page.getByTestId('badge-pdf').textContent()).toContain('Cannot establish connection to the web service');
    const pdfPage = await popup;
    expect(pdfPage.url()).toContain(`/api/v2/ticket/${made.body.data._id}/badge.pdf`);
    const href = await page.getByTestId('badge-pdf-link').getAttribute('href');
    const pdf = await desk.context.request.get(new URL(href!, base).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(fake.prints).toHaveLength(1);
    await fake.start();
    // Closed with Escape (pressed again if the PDF tab's opening took the first one under load).
    await poll(async () => {
      if ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
      return page.getByRole('dialog').count();
    }).toBe(0);

    // The door's scanner is a tab of the desk (the check-in above counts there too).
    await page.getByTestId('desk-tab-scan').click();
    await page.getByTestId('door-counts').waitFor();
    await page.getByRole('tab', { name: 'Buscar o registrar' }).click();

    // A new attendee on the free type, created at the desk.
    await page.getByTestId('desk-new').click();
    await page.locator('#desk-name').fill('Julio Mamani');
    await page.locator('#desk-email').fill('julio@example.com');
    await page.getByTestId('desk-create').click();
    await page.getByText('Julio Mamani quedó registrado.').waitFor();
    await page.getByTestId('desk-row').filter({ hasText: 'Julio Mamani' }).waitFor();
    await desk.context.close();

    // The desk's page passes axe (a context without the CSP, so axe-core can be injected), narrow too.
    const a11y = await signedIn(await team('register', 'Marta Recepción'), 375, 800, true);
    await a11y.page.goto(`/module/${organizer.user._id}/${code}/store/register`);
    await a11y.page.getByTestId('desk-search').fill('Julio');
    await a11y.page.getByTestId('desk-row').first().waitFor();
    expect(await seriousViolationsOutsideAppBar(a11y.page)).toEqual([]);
    expect(await hasHorizontalScroll(a11y.page)).toBe(false);
    await a11y.context.close();

    // ----- the cash register
    const till = await signedIn(await team('cash_register', 'Lucía Caja'), 375, 800, true);
    const cp = till.page;
    await cp.goto(`/module/${organizer.user._id}/${code}/store/cashRegister`);
    await cp.getByRole('heading', { name: 'Caja', exact: true }).waitFor();
    await cp.getByTestId('till-float').fill('100');
    await cp.getByTestId('till-open').click();
    await cp.getByTestId('till-expected').filter({ hasText: 'S/. 100.00' }).waitFor();

    const general = cp.getByTestId('sale-type').filter({ hasText: 'General' });
    await general.getByTestId('sale-add').click();
    await general.getByTestId('sale-add').click();
    const names = cp.getByTestId('sale-name');
    await names.nth(0).fill('Ana Díaz');
    await names.nth(1).fill('Luis Paz');
    await cp.getByTestId('sale-submit').filter({ hasText: 'Cobrar S/. 50.00' }).click();
    const receipt = cp.getByTestId('receipt');
    await receipt.waitFor();
    expect(await cp.getByTestId('receipt-total').textContent()).toBe('S/. 50.00');
    expect(await receipt.textContent()).toContain('Luis Paz');
    await cp.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await cp.getByTestId('till-expected').filter({ hasText: 'S/. 150.00' }).waitFor();
    expect(await cp.getByTestId('till-cashSales').textContent()).toContain('S/. 50.00');
    expect(await hasHorizontalScroll(cp)).toBe(false);

    await cp.getByTestId('till-close').click();
    await cp.getByTestId('till-counted').fill('149.50');
    await cp.getByTestId('till-close-confirm').click();
    const closed = cp.getByTestId('till-closed');
    await closed.waitFor();
    await poll(() => closed.getByTestId('till-difference').textContent()).toContain('-0.50');
    expect(await closed.getByTestId('till-counted').textContent()).toContain('S/. 149.50');
    expect(await closed.getByTestId('till-expected').textContent()).toContain('S/. 150.00');
    await closed.getByText('Las ventas de la caja coinciden con sus pedidos: S/. 50.00.').waitFor();
    expect(await seriousViolationsOutsideAppBar(cp)).toEqual([]);
    await till.context.close();
  }, 180_000);
});
