import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.js';
import { signUp } from '../support/accounts.js';
import { signUpVerified } from '../events/helpers.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar, eventCodes } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { atNode, hasHorizontalScroll, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

const app = useBrowserApp({ smtp: true });
let base: string;
beforeAll(() => {
  base = app.url;
});

describe('exhibitor companies and invitations (chromium)', () => {
  it('the organizer registers a company and invites its administrator; the administrator accepts and invites an exhibitor within the quota', async () => {
    const organizer = await signUp(base, { displayName: 'Rosa Huamán' });
    const api = apiAs(base, organizer);
    await createEventApi(api, { eventName: 'Expo Café 2030', eventCode: ec('expo-cafe-2030') });
    const { page } = await signedIn(app, organizer);
    const area = `/module/${organizer.user._id}/${ec('expo-cafe-2030')}/exhibitor`;

    // Empresas expositoras: the drawer links the built pages.
    await page.goto(`${base}${area}/users`);
    await poll(() => page.getByTestId('menu-users').evaluate((e) => e.tagName)).toBe('A');
    await poll(() => page.getByTestId('menu-invitations').evaluate((e) => e.tagName)).toBe('A');
    expect(await page.getByTestId('menu-records').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('company-new').click();
    await page.locator('#company-ruc').fill('20100070971');
    await page.locator('#company-name').fill('Café Andino SAC');
    await page.locator('#company-quantityExhibitors').fill('1');
    await page.getByTestId('company-save').click();
    // The RUC's check digit, in Spanish, beside its field.
    await poll(() => page.locator('#company-ruc-helper-text').textContent()).toBe('El RUC no es válido: debe tener 11 dígitos y un dígito verificador correcto.');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.locator('#company-ruc').fill('20100070970');
    await page.getByTestId('company-save').click();
    const grid = page.getByRole('grid', { name: 'Empresas expositoras' });
    await poll(() => grid.textContent()).toContain('Café Andino SAC');
    expect(await grid.textContent()).toContain('20100070970');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // Invitaciones a empresas: the organizer invites the company's administrator by e-mail.
    const adminEmail = uniqueEmail('admin-expositor');
    await page.getByTestId('menu-invitations').click();
    await page.getByTestId('invite-open').click();
    await page.locator('#invite-email').fill(adminEmail);
    await page.getByTestId('invite-send').click();
    await poll(() => page.getByRole('grid', { name: 'Invitaciones' }).textContent()).toContain(adminEmail);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    const mail = await app.smtp.waitForMail((m) => m.to.includes(adminEmail), 20_000);
    const link = mail.links.find((l) => l.includes('/confirm/invitation/'))!;
    expect(link).toContain('?type=exhibitor');

    // The administrator opens the link signed in with the invited e-mail and accepts.
    const admin = await signUpVerified(app, { displayName: 'Julio Quispe', email: adminEmail });
    const { page: adminPage } = await signedIn(app, admin);
    await adminPage.goto(atNode(link, base));
    await poll(() => adminPage.getByTestId('token-result').textContent()).toBe('¡Listo! Ya formas parte de la empresa expositora.');
    await adminPage.getByTestId('accept-continue').click();
    await poll(() => adminPage.url()).toContain(`${area}/invitation`);
    // The toolbar's company selector shows their company; the exhibitor drawer links the built pages.
    await poll(() => adminPage.getByTestId('exhibitor-company-select').textContent()).toContain('Café Andino SAC');
    await poll(() => adminPage.getByTestId('menu-exhibitor').evaluate((e) => e.tagName)).toBe('A');

    // Within the quota (1 exhibitor): the first invitation goes, the second is refused in Spanish.
    await adminPage.getByTestId('menu-exhibitor').click();
    await poll(() => adminPage.url()).toContain(`${area}/exhibitor`);
    const exhibitorEmail = uniqueEmail('expositor');
    await adminPage.getByTestId('invite-open').click();
    await adminPage.locator('#invite-email').fill(exhibitorEmail);
    expect(await seriousViolationsOutsideAppBar(adminPage)).toEqual([]);
    await adminPage.getByTestId('invite-send').click();
    await poll(() => adminPage.getByRole('grid', { name: 'Invitaciones' }).textContent()).toContain(exhibitorEmail);
    await adminPage.getByTestId('invite-open').click();
    await adminPage.locator('#invite-email').fill(uniqueEmail('expositor'));
    await adminPage.getByTestId('invite-send').click();
    await poll(() => adminPage.getByRole('dialog').textContent()).toContain('La empresa ya usó su cupo de 1 expositor(es).');
  }, 150_000);

  it('the exhibitor pages fit a phone (375 px)', async () => {
    const organizer = await signUp(base, { displayName: 'Ana Torres' });
    const api = apiAs(base, organizer);
    await createEventApi(api, { eventName: 'Expo Textil 2030', eventCode: ec('expo-textil-2030') });
    const { page } = await signedIn(app, organizer, 375, 800);
    await page.goto(`${base}/module/${organizer.user._id}/${ec('expo-textil-2030')}/exhibitor/users`);
    await page.getByTestId('company-new').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto(`${base}/module/${organizer.user._id}/${ec('expo-textil-2030')}/exhibitor/invitations`);
    await page.getByTestId('invite-open').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
