import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { eventually, hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

/**
 * The CRM's groups and tasks in chromium: the organizer builds a group from a filter (e-mail consent granted),
 * sees its members, opens the group "as of" a moment before and after it existed, and creates a task for a contact.
 */
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signedIn(who: SignedUpUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, base, width, 900, { bypassCSP: true });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

describe('CRM groups and tasks (chromium)', { timeout: 150_000 }, () => {
  let org: SignedUpUser;
  beforeAll(async () => {
    ({ browser, url: base } = app);
    org = await signUp(base, { displayName: 'Organizadora Grupos' });
    for (const [name, consent] of [
      ['Ana Díaz', 'granted'],
      ['Beto Ruiz', 'granted'],
      ['Carla Sin Permiso', 'withdrawn'],
    ] as const) {
      const res = await fetch(`${base}/api/v2/contacts/${org.user._id}/contacts`, {
        method: 'POST',
        headers: { ...bearer(org.token), 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: randomUUID(), name, email: `${randomUUID().slice(0, 8)}@correo.pe`, consent: { email: { status: consent, source: 'web' } } }),
      });
      expect(res.status).toBe(201);
    }
  }, 60_000);

  it('builds a group from a filter, shows its members and the group as it was', async () => {
    const { context, page } = await signedIn(org);
    await page.goto(`/module/${org.user._id}/contacts/group`);
    await page.getByRole('heading', { name: 'Grupos', level: 1 }).waitFor();
    await page.getByText('Todavía no hay grupos.').waitFor();
    const before = Date.now() - 2000;
    await page.getByTestId('contacts-group-new').click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo grupo' });
    await page.getByTestId('contacts-group-name').fill('Con permiso de correo');
    // The default condition is "Consentimiento correo es granted": kept as it is.
    await expect.poll(() => page.getByTestId('filter-value-0').inputValue()).toBe('granted');
    await page.getByTestId('contacts-group-save').click();
    await page.getByRole('heading', { name: 'Con permiso de correo', level: 1 }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const members = page.getByRole('grid', { name: 'Miembros' });
    await members.getByRole('link', { name: 'Ana Díaz' }).waitFor();
    await members.getByRole('link', { name: 'Beto Ruiz' }).waitFor();
    expect(await members.getByRole('link', { name: 'Carla Sin Permiso' }).count()).toBe(0);
    await page.getByRole('heading', { name: '2 miembros' }).waitFor();
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);

    // As of a moment before it existed, then after.
    await page.getByTestId('group-as-of').fill(await localInput(page, before));
    await page.getByTestId('group-as-of-result').getByText('En esa fecha el registro todavía no existía.').waitFor();
    await sleep(1100);
    await page.getByTestId('group-as-of').fill(await localInput(page, Date.now() + 1000));
    const result = page.getByTestId('group-as-of-result');
    await result.getByText('Con permiso de correo').waitFor();
    await eventually(() => result.innerText()).toMatch(/Consentimiento correo es granted/);

    // Listed on the groups page with its count.
    await page.getByRole('link', { name: 'Grupos' }).first().click();
    const row = page.getByRole('row').filter({ hasText: 'Con permiso de correo' });
    await eventually(() => row.innerText()).toMatch(/Filtro guardado[\s\S]*2$/);
    await context.close();

    const narrow = await signedIn(org, 375);
    await narrow.page.goto(`/module/${org.user._id}/contacts/group`);
    await narrow.page.getByRole('heading', { name: 'Grupos', level: 1 }).waitFor();
    expect(await hasHorizontalScroll(narrow.page)).toBe(false);
    await narrow.context.close();
  });

  it('creates a task for a contact and marks it done', async () => {
    const { context, page } = await signedIn(org);
    await page.goto(`/module/${org.user._id}/contacts/task`);
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
    await page.getByTestId('task-new').click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await page.getByTestId('task-title').fill('Llamar a Ana');
    await dialog.getByRole('combobox', { name: 'Contacto' }).fill('Ana');
    await page.getByRole('option', { name: 'Ana Díaz' }).click();
    await page.getByTestId('task-save').click();
    await dialog.waitFor({ state: 'detached' });
    const grid = page.getByRole('grid', { name: 'Tareas' });
    const row = grid.getByRole('row').filter({ hasText: 'Llamar a Ana' });
    await row.waitFor();
    await eventually(() => row.innerText()).toMatch(/Ana Díaz[\s\S]*Organizadora Grupos/);
    await row.getByRole('checkbox', { name: 'Tarea «Llamar a Ana» hecha' }).click();
    await eventually(() => row.getByRole('checkbox', { name: 'Tarea «Llamar a Ana» hecha' }).isChecked()).toBe(true);
    await eventually(async () => {
      const res = await fetch(`${base}/api/v2/contacts/${org.user._id}/tasks?status=done&page=0&pageSize=10`, { headers: bearer(org.token) });
      return ((await res.json()) as { rowCount: number }).rowCount;
    }).toBe(1);
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    await context.close();
  });

  it('shows the report and erases a contact from its detail page', async () => {
    const { context, page } = await signedIn(org);
    await page.goto(`/module/${org.user._id}/contacts/report`);
    await page.getByRole('heading', { name: 'Reporte', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'Contactos por origen' }).waitFor();
    await eventually(() => page.getByTestId('report-rate-email').innerText()).toBe('67 %');
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);

    const list = await fetch(`${base}/api/v2/contacts/${org.user._id}/contacts?page=0&pageSize=10&search=Carla`, { headers: bearer(org.token) });
    const carla = ((await list.json()) as { rows: { _id: string }[] }).rows[0]._id;
    await page.goto(`/module/${org.user._id}/contacts/contacts/${carla}`);
    await page.getByRole('heading', { name: 'Carla Sin Permiso' }).waitFor();
    await page.getByTestId('contact-erase').click();
    await page.getByRole('dialog', { name: '¿Suprimir los datos personales?' }).waitFor();
    await page.getByTestId('contact-erase-confirm').click();
    await page.waitForURL('**/contacts/audit');
    const audit = page.getByRole('grid', { name: 'Auditoría' });
    await audit.getByRole('row').filter({ hasText: 'Datos suprimidos' }).waitFor();
    await eventually(() => audit.innerText()).not.toMatch(/Carla/);
    await context.close();
  });
});
