import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { client, createEvent } from '../events/helpers.js';
import { eventually, hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

/**
 * The contacts module in chromium (issue 22, first slice): the organizer defines a custom field on
 * settings/contactFields, creates a contact with it on /module/{userId}/contacts/contacts, edits it, finds the
 * change on the audit page with before and after, and sees the contact as it stood before the edit with "Ver como
 * estaba el…".
 */
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signedIn(who: SignedUpUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  // CSP bypass only so axe-core can be injected.
  const { context, page } = await newPage(browser, base, width, 900, { bypassCSP: true });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

/** A moment as the value of a datetime-local input in the page's time zone, to the second. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

describe('contacts (chromium)', { timeout: 120_000 }, () => {
  let org: SignedUpUser;
  beforeAll(async () => {
    ({ browser, url: base } = app);
    org = await signUp(base, { displayName: 'Organizadora Contactos' });
  }, 60_000);

  it('defines a custom field, creates a contact with it, edits it, shows the audit row and the contact as it was', async () => {
    const { context, page } = await signedIn(org);
    // The custom field, on settings/contactFields: a required choice.
    await page.goto(`/module/${org.user._id}/contacts/settings/contactFields`);
    await page.getByRole('heading', { name: 'Campos de contacto' }).waitFor();
    await page.getByText('Todavía no hay campos personalizados.').waitFor();
    await page.getByTestId('field-add').click();
    await page.getByTestId('field-0-label').fill('Talla');
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Una opción' }).click();
    await page.getByLabel('Opciones').fill('S, M, L');
    await page.getByLabel('Obligatorio').check();
    await page.getByTestId('fields-save').click();
    await page.getByText('Campos guardados.').waitFor();
    await page.getByText('Clave: talla').waitFor();
    const saved = await fetch(`${base}/api/v2/contacts/${org.user._id}/fields/contact`, { headers: bearer(org.token) });
    expect(((await saved.json()) as { data: unknown }).data).toEqual([{ key: 'talla', label: 'Talla', type: 'choice', required: true, options: ['S', 'M', 'L'] }]);

    // From /module to the contacts module's Tablero, then through its drawer.
    await page.goto('/module');
    await page.getByTestId('open-contacts').click();
    await page.getByRole('heading', { name: 'Contactos', level: 1 }).waitFor();
    // The drawer is the matrix's: built pages open, the others (groups, campaigns...) stay disabled.
    await expect.poll(() => page.getByTestId('menu-contacts').getAttribute('href')).toBe(`/module/${org.user._id}/contacts/contacts`);
    await page.getByTestId('menu-contacts').click();
    const grid = page.getByRole('grid', { name: 'Contactos' });
    await grid.waitFor();
    expect(await page.getByTestId('menu-group').getAttribute('aria-disabled')).not.toBe('true');
    expect(await page.getByTestId('menu-singleSend').getAttribute('aria-disabled')).toBe('true');

    // Create, with the required custom field.
    await page.getByTestId('record-new').click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo contacto' });
    await page.getByTestId('record-name').fill('José Pérez');
    await page.getByTestId('record-email').fill('jose.perez@correo.pe');
    await page.getByTestId('record-save').click();
    await dialog.getByText('Este campo es obligatorio.').waitFor();
    await dialog.getByRole('combobox', { name: 'Talla' }).click();
    await page.getByRole('option', { name: 'M', exact: true }).click();
    await page.getByTestId('record-save').click();
    await page.getByText('Registro creado.').waitFor();
    await grid.getByRole('link', { name: 'José Pérez', exact: true }).waitFor();
    await grid.getByRole('gridcell', { name: 'M', exact: true }).waitFor();
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);

    // A moment between the creation and the edit (to the second, as the picker takes it).
    await sleep(1100);
    const between = Date.now();
    await sleep(1100);

    // Edit from the grid.
    await grid.getByRole('button', { name: 'Editar José Pérez' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar contacto' });
    await page.getByTestId('record-name').fill('José Pérez Díaz');
    await edit.getByRole('combobox', { name: 'Talla' }).click();
    await page.getByRole('option', { name: 'L', exact: true }).click();
    await page.getByTestId('record-save').click();
    await page.getByText('Cambios guardados.').waitFor();
    await grid.getByRole('link', { name: 'José Pérez Díaz', exact: true }).waitFor();

    // The audit: who, what, before and after.
    await page.getByRole('link', { name: 'Auditoría' }).first().click();
    await page.waitForURL('**/contacts/audit');
    const audit = page.getByRole('grid', { name: 'Auditoría' });
    const nameRow = audit.getByRole('row').filter({ hasText: 'Cambiado' }).filter({ hasText: 'Nombre' });
    await nameRow.waitFor();
    await expect.poll(() => nameRow.innerText()).toMatch(/Nombre\s+José Pérez\s+José Pérez Díaz\s+Organizadora Contactos/);
    const sizeRow = audit.getByRole('row').filter({ hasText: 'Cambiado' }).filter({ hasText: 'Talla' });
    await expect.poll(() => sizeRow.innerText()).toMatch(/Talla\s+M\s+L/);

    // As of the moment between: the name and size before the edit; the diff since then.
    await audit.getByRole('link', { name: 'José Pérez Díaz', exact: true }).first().click();
    await page.getByRole('heading', { name: 'José Pérez Díaz' }).waitFor();
    // The contact's own history, under its values.
    const history = page.getByRole('grid', { name: 'Historial de cambios' });
    await expect.poll(() => history.getByRole('row').filter({ hasText: 'Cambiado' }).count()).toBe(2);
    await page.getByLabel('Ver como estaba el…').fill(await localInput(page, between));
    const then = page.getByRole('table', { name: 'Valores en la fecha elegida' });
    await then.waitFor();
    await expect.poll(() => then.getByRole('row', { name: /Nombre/ }).innerText()).toMatch(/José Pérez$/);
    await expect.poll(() => then.getByRole('row', { name: /Talla/ }).innerText()).toMatch(/M$/);
    await page.getByLabel('Desde').fill(await localInput(page, between));
    await page.getByLabel('Hasta').fill(await localInput(page, Date.now() + 60_000));
    const diff = page.getByRole('table', { name: 'Diferencias entre dos fechas' });
    await eventually(() => diff.getByRole('row').count()).toBe(3); // header, name, size
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    await context.close();

    // At 375 px the detail page does not scroll sideways.
    const narrow = await signedIn(org, 375);
    await narrow.page.goto(page.url());
    await narrow.page.getByRole('heading', { name: 'José Pérez Díaz' }).waitFor();
    expect(await hasHorizontalScroll(narrow.page)).toBe(false);
    await narrow.context.close();
  });

  it("sends the module selector's event-scoped CRM path to the administrator's contacts module", async () => {
    const ev = (await createEvent(client(base, org))).data;
    const { context, page } = await signedIn(org);
    await page.goto(`/module/${org.user._id}/${ev.eventCode}/contacts/company`);
    await page.waitForURL(`**/module/${org.user._id}/contacts/company`);
    await page.getByRole('grid', { name: 'Empresas' }).waitFor();
    await context.close();
  });

  it('keeps another organizer out of the contacts area', async () => {
    const other = await signUp(base, { displayName: 'Otro Organizador' });
    const { context, page } = await signedIn(other);
    await page.goto(`/module/${org.user._id}/contacts/contacts`);
    await page.getByText('403').first().waitFor();
    expect(await page.getByRole('grid', { name: 'Contactos' }).count()).toBe(0);
    await context.close();
  });
});
