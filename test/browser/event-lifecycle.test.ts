import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { eventually, gotoApp } from './chat-helpers.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar } from './events-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

/**
 * The event's life cycle in chromium (issue 24): the shared-quota figure, a server-side field error beside its
 * field, duplicate (opens the copy's form with code <code>-copia), delete a draft, cancel a published event.
 */
describe('event life cycle in the browser', () => {
  const t = useBrowserApp();

  it('shared quota, field error beside the field, duplicate, delete the copy, cancel the published event', async () => {
    const owner = await signUp(t.node.url, { displayName: 'Lucía Ciclo' });
    const api = apiAs(t.node.url, owner);
    const code = `ciclo-${Date.now().toString(36)}`;
    const ev = await createEventApi(api, { eventName: 'Feria Ciclo de Vida', eventCode: code });
    expect((await api('PUT', `/event/${ev._id}`, { capacity: 100 })).status).toBe(200);
    // Quantities adding up beyond the capacity are accepted: it is a quota shared by the ticket types.
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 0, quantity: 80 })).status).toBe(201);
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'Estudiante', price: 0, quantity: 60 })).status).toBe(201);

    // bypassCSP: axe is injected as an inline script, which the app's CSP (rightly) refuses.
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'es-PE', bypassCSP: true });
    const [cookieName, ...cookieValue] = owner.cookie.split('=');
    await context.addCookies([{ name: cookieName, value: cookieValue.join('='), url: t.node.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const area = `${t.node.url}/module/${owner.user._id}`;

    // Dashboard: "Entradas / aforo" says the quota is shared and how many the event sells at most.
    await gotoApp(page, `${area}/${code}/store`);
    await page.getByText('Aforo compartido: 100 · se venden como máximo 100').waitFor({ timeout: 20_000 });
    expect(await page.getByText('140 / 100').count()).toBe(1);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // Tickets page: the same figure; a name already used is refused by the server and shown under the name field.
    await gotoApp(page, `${area}/${code}/store/tickets`);
    await page.getByText('Aforo compartido: 100 · se venden como máximo 100').waitFor();
    await page.getByTestId('ticket-new').click();
    await page.locator('#ticket-name').fill('general');
    await page.locator('#ticket-quantity').fill('10');
    await page.getByTestId('ticket-save').click();
    await eventually(() => page.locator('#ticket-name-helper-text').textContent()).toBe('Ya existe una entrada con ese nombre en este evento.');
    expect(await page.locator('#ticket-name').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Duplicate: a confirm dialog, then the copy's form with the suggested code.
    await gotoApp(page, `${area}/${code}/store`);
    await page.getByTestId('event-duplicate').click();
    await page.getByText(`con el código «${code}-copia» o el siguiente libre`).waitFor();
    await page.getByTestId('event-duplicate-confirm').click();
    await page.waitForURL(`**/module/${owner.user._id}/editEvent/${code}-copia`, { timeout: 20_000 });
    await eventually(() => page.getByLabel('Código del evento').inputValue()).toBe(`${code}-copia`);
    const copy = (await api('GET', '/events/mine')).body.data.find((e: { eventCode: string }) => e.eventCode === `${code}-copia`);
    expect(copy).toMatchObject({ eventName: 'Feria Ciclo de Vida', published: false });
    expect((await api('GET', `/event/${copy._id}/tickets`)).body.data.map((x: { name: string }) => x.name)).toEqual(['General', 'Estudiante']);

    // Delete the copy (a draft): confirm, back to my events, gone, its code free again.
    await gotoApp(page, `${area}/${code}-copia/store`);
    await page.getByTestId('event-delete').click();
    await page.getByTestId('event-delete-confirm').click();
    await page.waitForURL('**/myevent', { timeout: 20_000 });
    await page.getByText('Borrador eliminado.').waitFor();
    expect((await api('GET', `/events/code-availability?code=${code}-copia`)).body.data.available).toBe(true);
    expect((await api('GET', '/events/mine')).body.data.map((e: { _id: string }) => e._id)).not.toContain(copy._id);

    // Cancel the published original: no delete button, a confirm that speaks of refunds, then the banner.
    expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);
    await gotoApp(page, `${area}/${code}/store`);
    await page.getByTestId('event-cancel').waitFor();
    expect(await page.getByTestId('event-delete').count()).toBe(0);
    await page.getByTestId('event-cancel').click();
    await page.getByText('los reembolsos se gestionarán cuando existan ventas', { exact: false }).first().waitFor();
    await page.getByTestId('event-cancel-confirm').click();
    await page.getByTestId('event-cancelled').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('event-cancelled').textContent()).toMatch(/^Este evento está cancelado desde el \p{Ll}+, /u);
    expect(await page.getByTestId('event-cancel').count()).toBe(0);
    expect(await page.getByTestId('publish-event').count()).toBe(0);

    // /module lists the event once (not once per module), marked cancelled, with a link to each of its modules.
    await gotoApp(page, `${t.node.url}/module`);
    const row = page.getByTestId(`event-${code}`);
    await row.waitFor();
    expect(await page.getByText('Feria Ciclo de Vida', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Cancelado').count()).toBe(1);
    expect(await row.getByTestId('module-link-store').count()).toBe(1);
    await gotoApp(page, `${area}/${code}/store`);

    // At 375 px the dashboard keeps its actions and banner without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('event-duplicate').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The public page says it is cancelled, for anyone.
    const anonymous = await (await t.browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'es-PE' })).newPage();
    await anonymous.goto(`${t.node.url}/e/${code}`);
    await anonymous.getByTestId('public-cancelled').getByText('Este evento ha sido cancelado.').waitFor({ timeout: 20_000 });
    expect(await anonymous.getByText('El evento fue cancelado: ya no hay entradas a la venta.').count()).toBe(1);
    await anonymous.context().close();
    await context.close();
  }, 180_000);

  it('the "Credenciales incorrectas" toast of a failed sign-in closes when the next sign-in succeeds', async () => {
    const user = await signUp(t.node.url, { displayName: 'Tomás Reintento' });
    const context = await t.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'es-PE' });
    const page = await context.newPage();
    // Another test file may be rebuilding web/dist at this moment: load the form again if it did not come up.
    for (let attempt = 1; ; attempt++) {
      await page.goto(`${t.node.url}/auth/sign-in`).catch(() => null);
      const up = await page.locator('#field-email').waitFor({ timeout: 15_000 }).then(() => true, () => false);
      if (up || attempt >= 4) break;
    }
    await page.locator('#field-email').fill(user.email);
    await page.locator('#field-password').fill('una-clave-equivocada');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('snackbar').getByText('Credenciales incorrectas').waitFor({ timeout: 15_000 });
    await page.locator('#field-password').fill(user.password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 15_000 });
    // Closed at once, well before its own 6 s timeout would have.
    await eventually(() => page.getByText('Credenciales incorrectas').count(), 1500).toBe(0);
    await context.close();
  }, 60_000);
});
