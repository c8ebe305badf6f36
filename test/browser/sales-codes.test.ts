import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

/**
 * The codes area in chromium: the organizer makes a discount code on manage/codes and sees it in the grid; a buyer
 * redeems it on /{eventCode}/register/cupon and lands on the event with it; an invited person opens an invitation
 * link (/validateCode/{token}), reserves the hidden type, names the attendee and gets the ticket; a company
 * reserves several tickets on /{eventCode}/register/company.
 */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
let browser: Browser;
let base: string;
const app = useBrowserApp();

async function signedIn(who: SignedUpUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  // CSP bypass only so axe-core can be injected.
  const { context, page } = await newPage(browser, base, width, 900, { bypassCSP: true });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

describe('codes, invitations and companies (chromium)', () => {
  let org: SignedUpUser;
  let ev: { id: string; code: string; ticketIds: string[] };

  beforeAll(async () => {
    ({ browser, url: base } = app);
    org = await signUp(base, { displayName: 'Organizadora' });
    ev = await publishedEvent(client(base, org), {
      capacity: 100,
      paid: true,
      tickets: [
        { name: 'General', price: 50, quantity: 50, maxPerOrder: 10 },
        { name: 'Prensa', price: 80, quantity: 10, maxPerOrder: 2, visibility: 'invitation' },
      ],
    });
  }, 60_000);

  it('the organizer creates a discount code on manage/codes; the grid shows it with its uses; the waiting list tab', async () => {
    const { context, page } = await signedIn(org);
    await page.goto(`/module/${org.user._id}/${ev.code}/store/manage/codes`);
    await page.getByTestId('code-new').click();
    await page.getByTestId('code-text').fill('verano15');
    await page.getByTestId('code-percent').fill('15');
    await page.getByTestId('code-maxUses').fill('50');
    await page.getByTestId('code-save').click();
    await page.getByText('Código creado').waitFor();
    const grid = page.getByRole('grid', { name: 'Códigos del evento' });
    await grid.getByText('VERANO15').waitFor();
    await grid.getByText('15 % de descuento').waitFor();
    await grid.getByText('0 / 50').waitFor();
    // The shell's bell (an unread notification: the event was published) is not this page's.
    expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    // A percentage over 100 is refused beside its field.
    await page.getByTestId('code-new').click();
    await page.getByTestId('code-text').fill('MUCHO');
    await page.getByTestId('code-percent').fill('150');
    await page.getByTestId('code-save').click();
    await poll(() => page.locator('#code-percent-helper-text').textContent()).toBe('Entre 1 y 100.');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('waitlist-tab').click();
    await page.getByText('Nadie está en la lista de espera de este evento.').waitFor();
    await context.close();
  });

  it('a buyer redeems the code on /{eventCode}/register/cupon (a wrong one is refused in Spanish) and continues to the event with it', async () => {
    const { context, page } = await newPage(browser, base, 375, 900, { bypassCSP: true });
    await page.goto(`/${ev.code}/register/cupon`);
    await page.getByTestId('cupon-code').fill('NOEXISTE');
    await page.getByTestId('cupon-check').click();
    await page.getByText('El código no existe o no está activo para este evento.').waitFor();
    await page.getByTestId('cupon-code').fill('verano15');
    await page.getByTestId('cupon-check').click();
    await page.getByTestId('cupon-result').getByText('15 % de descuento en todas las entradas.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('cupon-continue').click();
    await poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/e/${ev.code}?code=VERANO15`);
    // The event's picker applies the code from the link: the price shown is the discounted one (S/. 50.00 - 15 %).
    await page.getByRole('button', { name: 'Quitar' }).waitFor();
    await page.getByText('S/. 42.50').first().waitFor();
    await context.close();
  });

  it('an invitation link: the invited person reserves the hidden type free, names the attendee and gets the ticket', async () => {
    const made = await client(base, org).post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'PRENSA', kind: 'invitation', free: true, ticketTypeIds: [ev.ticketIds[1]], maxUses: 3 });
    expect(made.status).toBe(201);
    const { context, page } = await newPage(browser, base, 375, 900, { bypassCSP: true });
    await page.goto(`/validateCode/${made.body.data.token}`);
    await page.getByTestId('code-link-summary').getByText('Invitación gratuita: da acceso sin costo a «Prensa».').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId(`invite-more-${ev.ticketIds[1]}`).click();
    await page.getByTestId('invite-reserve').click();
    await poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/e/${ev.code}/invitation/[0-9a-f-]{36}$`));
    await page.locator('#buyer-name').fill('Carla Méndez');
    await page.locator('#buyer-email').fill('carla@diario.pe');
    await page.locator('#attendee-0-name').fill('Carla Méndez');
    await page.locator('#attendee-0-email').fill('carla@diario.pe');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('invitation-confirm').click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/invitation\/confirmation\/[0-9a-f-]{36}$/);
    await page.getByTestId('invitation-confirmed').waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await client(base).get(`/reservation/${orderId}`);
    expect(order.body).toMatchObject({ status: 'paid', total: 0 });
    // The tickets come from the read model (no `after` here): the name shows once the projection caught up.
    await poll(async () => (await client(base).get(`/reservation/${orderId}`)).body.tickets.map((t: { attendeeName: string }) => t.attendeeName)).toEqual(['Carla Méndez']);
    await poll(() => page.getByTestId('invitation-confirmed').innerText()).toContain('Carla Méndez');
    await context.close();
  });

  it('a signed-in company reserves 3 tickets on /{eventCode}/register/company; a bad RUC is refused beside the field', async () => {
    const contact = await signUp(base, { displayName: 'Rosa Quispe' });
    const { context, page } = await signedIn(contact, 375);
    await page.goto(`/${ev.code}/register/company`);
    await page.getByTestId('company-ruc').fill('20131312954');
    await page.getByTestId('company-businessName').fill('Cafetalera Andina S.A.C.');
    await page.getByTestId('company-contactName').fill('Rosa Quispe');
    await page.getByTestId('company-email').fill('compras@andina.pe');
    await page.getByTestId('company-phone').fill('999888777');
    for (let i = 0; i < 3; i++) await page.getByTestId(`company-more-${ev.ticketIds[0]}`).click();
    await page.getByTestId('company-submit').click();
    await poll(() => page.locator('#company-ruc-helper-text').textContent()).toBe('El RUC no es válido: revisa sus dígitos.');
    // The shell's e-mail banner (an unverified account) is checked by the shell's own suite.
    expect(await seriousAxeViolations(page, ['[data-testid="verify-banner"]'])).toEqual([]);
    await page.getByTestId('company-ruc').fill('20131312955');
    await page.getByTestId('company-submit').click();
    await page.getByTestId('company-done').getByText('S/. 150.00', { exact: false }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByTestId('company-next').click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/reservation\/[0-9a-f-]{36}$/);
    await context.close();
  });
});
