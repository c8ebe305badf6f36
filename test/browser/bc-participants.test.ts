import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { client, signUpVerified } from '../events/helpers.js';
import { organizerWithRound, registration, user } from '../businessConference/participants-support.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

describe('business conference participants (chromium)', () => {
  it('a user registers as offerer with a product (375 px), the organizer approves on myOffer, the offerer sees offer/productCatalog', async () => {
    const { org, ev, round } = await organizerWithRound(app);
    const registerPath = `/${ev.eventCode}/businessConference/${round.code}/offer`;

    // Signed out: sign in first, then back to the registration page.
    const anonymous = await newPage(app.browser, base);
    await anonymous.page.goto(`${base}${registerPath}`);
    await poll(() => anonymous.page.url()).toContain('/auth/sign-in');
    await anonymous.context.close();

    // Verified: the shell's e-mail banner is another suite's concern.
    const ana = await signUpVerified(app, { displayName: 'Ana Quispe' });
    const phone = await signedIn(app, ana, 375, 800);
    const page = phone.page;
    await page.goto(`${base}${registerPath}`);
    await page.getByRole('heading', { name: 'Registro de ofertante' }).waitFor();
    await page.getByLabel(/Razón social/).fill('Café Andino SAC');
    await page.getByLabel(/^RUC/).fill('20100070971');
    await page.getByLabel(/^Sector/).fill('Agroindustria');
    await page.getByLabel('Descripción').first().fill('Café de altura de Chanchamayo');
    await page.getByLabel(/Teléfono/).fill('999888777');
    // Required custom field left empty and a bad RUC: Spanish errors before anything is sent.
    await page.getByTestId('register-submit').click();
    await page.getByText('El RUC no es válido: revisa sus dígitos.').waitFor();
    await page.getByText('«Volumen anual (t)» es obligatorio.').waitFor();
    await page.getByLabel(/^RUC/).fill('20100070970');
    await page.getByLabel(/Volumen anual/).fill('120');
    await page.getByTestId('add-product').click();
    await page.getByLabel(/Nombre del producto/).fill('Café tostado');
    await page.locator('#products\\.0\\.sector').fill('Agroindustria');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('registration-done').waitFor();
    expect(page.url()).toMatch(new RegExp(`/${ev.eventCode}/businessConference/confirmation/[0-9a-f-]{36}$`));
    expect(await page.getByText('Productos: Café tostado').count()).toBe(1);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    // "Editar mi registro" checks the round (validate) and opens the existing registration, not a second one.
    await page.getByRole('link', { name: 'Editar mi registro' }).click();
    await page.getByTestId('already-registered').waitFor();
    expect(page.url()).toContain(registerPath);
    expect(await page.getByLabel(/Razón social/).inputValue()).toBe('Café Andino SAC');

    // The organizer approves on myOffer.
    const area = `/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;
    const desk = await signedIn(app, org.user as SignedUpUser);
    await desk.page.goto(`${base}${area}/myOffer`);
    const row = desk.page.getByRole('row', { name: /Café Andino SAC/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Pendiente');
    await row.getByRole('button', { name: 'Detalle de Café Andino SAC' }).click();
    const drawer = desk.page.getByRole('dialog', { name: 'Café Andino SAC' });
    await drawer.getByText('Café tostado').waitFor();
    expect(await drawer.textContent()).toContain('120');
    expect(await seriousViolationsOutsideAppBar(desk.page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Aprobar' }).click();
    await poll(() => drawer.textContent()).toContain('Aprobado');
    // The list says so too, also after a reload (read from the server, not the drawer's copy).
    await desk.page.reload();
    await row.waitFor();
    await poll(() => row.textContent()).toContain('Aprobado');
    await desk.context.close();
    // On a phone the list keeps company, status and the detail.
    const deskPhone = await signedIn(app, org.user as SignedUpUser, 375, 800);
    await deskPhone.page.goto(`${base}${area}/myOffer`);
    await deskPhone.page.getByRole('row', { name: /Café Andino SAC/ }).waitFor();
    expect(await hasHorizontalScroll(deskPhone.page)).toBe(false);
    await deskPhone.context.close();

    // The approved offerer opens their product catalogue in the module area.
    await page.goto(`${base}${area}/offer/productCatalog`);
    // The first visit opens the module tour (home area): skipped here.
    await page.getByTestId('bc-tour-skip').click();
    await page.getByRole('heading', { name: 'Catálogo de productos' }).waitFor();
    await page.getByText('Café tostado').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await poll(() => hasHorizontalScroll(page)).toBe(false);
    // offer/product/{id}: their product as the catalogue shows it, with no meeting request to themselves.
    await page.getByRole('link', { name: 'Ver producto: Café tostado' }).click();
    await page.getByTestId('product-detail').waitFor();
    expect(page.url()).toContain(`${area}/offer/product/`);
    expect(await page.getByRole('button', { name: /Solicitar reunión/ }).count()).toBe(0);

    // Their company profile is theirs to edit.
    await page.goto(`${base}${area}/offer/companyProfile`);
    await page.getByRole('heading', { name: 'Perfil de la empresa' }).waitFor();
    await poll(() => page.getByLabel(/Razón social/).inputValue()).toBe('Café Andino SAC');
    await page.getByLabel(/Razón social/).fill('Café Andino Export SAC');
    await page.getByTestId('profile-save').click();
    await page.getByText('Perfil guardado.').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await phone.context.close();
  }, 120_000);

  it('an approved demander searches the catalogue without accents and may request a meeting; support staff read the offerers catalogue', async () => {
    const { org, ev, round } = await organizerWithRound(app);
    const offerer = await user(base, 'Ana');
    const o = (await offerer.post('/businessConference/register', registration(ev, round))).body.data.participant;
    const buyer = await signUpVerified(app, { displayName: 'Rosa Rojas' });
    const rosa = client(base, buyer);
    const d = (
      await rosa.post(
        '/businessConference/register',
        registration(ev, round, { type: 'demand', fields: {}, products: [], company: { name: 'Importadora Lima', ruc: '20131312955', sector: 'Comercio', logoUrl: null, description: '' } }),
      )
    ).body.data.participant;
    for (const p of [o, d]) expect((await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' })).status).toBe(200);

    const area = `/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`;
    const { context, page } = await signedIn(app, buyer);
    await page.goto(`${base}${area}/demand/productCatalog`);
    await page.getByTestId('bc-tour-skip').click();
    await page.getByRole('heading', { name: 'Catálogo de productos' }).waitFor();
    await page.getByTestId('catalogue-search').fill('cafe tostado');
    await poll(() => page.getByText('1 producto', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Café tostado de Café Andino SAC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Café Andino SAC' });
    await dialog.getByRole('button', { name: 'Solicitar reunión' }).waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByTestId('catalogue-search').fill('zapatos');
    await poll(() => page.getByText('0 productos', { exact: true }).count()).toBe(1);
    await context.close();

    // Support staff: the offerers' catalogue, read-only (no meeting requests).
    const supportUser = await signUpVerified(app, { displayName: 'Soporte' });
    const invited = await org.post(`/event/${ev._id}/collaborator`, { email: supportUser.email, module: 'businessConference', role: 'support' });
    expect(invited.status).toBeLessThan(300);
    const staff = await signedIn(app, supportUser);
    await staff.page.goto(`${base}${area}/support/offer/productCatalog`);
    await staff.page.getByRole('heading', { name: 'Catálogo de ofertantes' }).waitFor();
    await staff.page.getByText('Café tostado').waitFor();
    await staff.page.getByRole('tab', { name: 'Empresas' }).click();
    await staff.page.getByTestId(`company-card-${o._id}`).waitFor();
    expect(await staff.page.getByRole('button', { name: 'Solicitar reunión' }).count()).toBe(0);
    expect(await seriousViolationsOutsideAppBar(staff.page)).toEqual([]);
    await staff.context.close();
  }, 120_000);

  it("an approved participant opens another company's card by its public sub-path (375 px); a stranger gets the Spanish 403", async () => {
    const { org, ev, round } = await organizerWithRound(app);
    const offerer = await user(base, 'Ana');
    const o = (await offerer.post('/businessConference/register', registration(ev, round))).body.data.participant;
    const buyer = await signUpVerified(app, { displayName: 'Rosa Rojas' });
    const d = (
      await client(base, buyer).post(
        '/businessConference/register',
        registration(ev, round, { type: 'demand', fields: {}, products: [], company: { name: 'Importadora Lima', ruc: '20131312955', sector: 'Comercio', logoUrl: null, description: '' } }),
      )
    ).body.data.participant;
    for (const p of [o, d]) expect((await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' })).status).toBe(200);

    const cardPath = `${base}/${ev.eventCode}/businessConference/${round.code}/offer/participant/${o._id}`;
    const { context, page } = await signedIn(app, buyer, 375, 800);
    await page.goto(cardPath);
    await page.getByRole('heading', { name: 'Ficha de la empresa' }).waitFor();
    await page.getByRole('heading', { name: 'Café Andino SAC' }).waitFor();
    await page.getByText('Café de altura de Chanchamayo').waitFor();
    await page.getByText('Café tostado').waitFor();
    expect(await page.getByRole('button', { name: 'Solicitar reunión' }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await context.close();

    const stranger = await signedIn(app, await signUpVerified(app, { displayName: 'Extraño' }));
    await stranger.page.goto(cardPath);
    await stranger.page.getByTestId('error-title').filter({ hasText: 'ACCESO DENEGADO' }).waitFor();
    await stranger.context.close();
  }, 60_000);
});
