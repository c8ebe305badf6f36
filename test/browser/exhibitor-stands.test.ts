import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { startFakeCulqi, type FakeCulqi } from '../support/fake-culqi.js';
import { client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

/** Screenshots for a human look (STANDS_SHOTS_DIR=...). */
const SHOTS = process.env.STANDS_SHOTS_DIR ?? '';
const shot = async (page: import('playwright-core').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });

let culqi: FakeCulqi;
beforeAll(async () => {
  // Before the app: the node's config points Culqi's API and token host at it.
  culqi = await startFakeCulqi({ secretKey: 'sk_test_123', publicKey: 'pk_test_123' });
});
afterAll(async () => {
  await culqi?.close();
});
const app = useBrowserApp({
  smtp: true,
  get env() {
    return { CULQI_API_URL: culqi.url, CULQI_TOKENS_URL: culqi.url };
  },
});

describe('exhibitor stands (chromium)', () => {
  it('the organizer draws a stand on the plan and drags it; a company reserves and pays it on /expo at 375 px; the stand shows sold', async () => {
    const base = app.url;
    const organizer = await signUp(base, { displayName: 'Rosa Huamán' });
    const orgApi = client(base, organizer);
    const ev = await publishedEvent(orgApi, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 10, quantity: 10 }] });

    // The organizer's stands page (exhibitor menu, stands/stands) at 1280 px.
    const { page } = await signedIn(app, organizer);
    await page.goto(`${base}/module/${organizer.user._id}/${ev.code}/exhibitor/stands`);
    await page.getByRole('button', { name: 'Nuevo stand' }).click();
    await page.locator('#stand-code').fill('a1');
    await page.locator('#stand-area').fill('9');
    await page.locator('#stand-price').fill('1500');
    await page.locator('#stand-zone').fill('Pabellón A');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('stand-save').click();
    const stand = page.getByTestId('stand-A1');
    await stand.waitFor();
    await poll(() => page.getByRole('grid').textContent()).toContain('Pabellón A');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // Dragged to its place on the plan: the position is saved.
    const box = (await stand.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    await poll(async () => (await orgApi.get(`/event/${ev.id}/exhibitorStands`)).body.data.stands[0].x).toBeGreaterThan(10);
    await shot(page, 'stands-1280');

    // A company on a phone: the public plan, the free stand, its data, the sales checkout's card page.
    const { context, page: phone } = await newPage(app.browser, base, 375, 800, { bypassCSP: true });
    await phone.goto(`${base}/expo/${ev.code}`);
    await phone.getByRole('button', { name: 'Reservar stand A1' }).waitFor();
    expect(await phone.getByTestId('stand-A1').getAttribute('data-status')).toBe('free');
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await shot(phone, 'expo-375');
    await phone.getByRole('button', { name: 'Reservar stand A1' }).click();
    await phone.locator('#company-ruc').fill('20100070971');
    await phone.locator('#company-name').fill('Café Andino SAC');
    await phone.locator('#contact-name').fill('Julio Quispe');
    await phone.locator('#contact-email').fill('julio.quispe@example.com');
    await phone.getByLabel('Acepto la política de confidencialidad').check();
    await phone.getByTestId('reserve-stand').click();
    await poll(() => phone.locator('#company-ruc-helper-text').textContent()).toBe('El RUC no es válido: debe tener 11 dígitos y un dígito verificador correcto.');
    await phone.locator('#company-ruc').fill('20100070970');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.getByTestId('reserve-stand').click();
    await phone.getByTestId('stand-held').waitFor();
    await shot(phone, 'reservation-375');
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await seriousAxeViolations(phone)).toEqual([]);

    await phone.getByRole('link', { name: 'Pagar con tarjeta' }).click();
    await phone.getByTestId('culqi-form').waitFor();
    await phone.locator('#card-number').fill('4111 1111 1111 1111');
    await phone.locator('#card-expiry').fill('09/30');
    await phone.locator('#card-cvv').fill('123');
    await phone.getByTestId('pay').click();
    await phone.waitForURL('**/order/*/confirmation');

    // Sold: on the public plan and in the organizer's list.
    await poll(async () => {
      await phone.goto(`${base}/expo/${ev.code}`);
      await phone.getByTestId('stand-A1').waitFor();
      return phone.getByTestId('stand-A1').getAttribute('data-status');
    }).toBe('sold');
    expect(await phone.getByText('No quedan stands libres.').count()).toBe(1);
    await context.close();
    await poll(async () => {
      await page.reload();
      await page.getByRole('grid').waitFor();
      return page.getByRole('grid').textContent();
    }).toContain('Café Andino SAC');
    expect(await page.getByRole('grid').textContent()).toContain('Vendido');
  }, 180_000);
});
