import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/messages/es.js';
import { signUp } from '../support/accounts.js';
import { startFakeMerchant, type FakeMerchant } from '../support/fake-merchant.js';
import { client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { eventually, hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

/**
 * The second card provider (merchant and mode, Niubiz-shaped) in a real browser: on /reservation the buyer picks it,
 * the provider's checkout script (the local fake's stand-in, loaded from its own origin under the app's real CSP)
 * opens ITS card form over the page, and the transaction token it hands back pays the order.
 */
let merchant: FakeMerchant;
beforeAll(async () => {
  // Before the app: the node's config points the provider's API and its checkout script at it.
  merchant = await startFakeMerchant();
});
afterAll(async () => {
  await merchant?.close();
});
const app = useBrowserApp({
  get env() {
    return {
      MERCHANT_API_URL: merchant.url,
      MERCHANT_API_USER: merchant.credentials.user,
      MERCHANT_API_PASSWORD: merchant.credentials.password,
      MERCHANT_WEBHOOK_SECRET: merchant.webhookSecret,
      MERCHANT_CHECKOUT_URL: merchant.checkoutUrl,
    };
  },
});

const NIUBIZ_CHOICE = 'Tarjeta de crédito o débito (Niubiz)';
const authorizations = () => merchant.requests.filter((r) => r.method === 'POST' && r.path.includes('/authorization/'));
const sessions = () => merchant.requests.filter((r) => r.method === 'POST' && r.path.includes('/token/session/'));

/** Picks one «General» on the event page, reserves, and types the buyer (also the attendee): the order's id. */
async function reserveAndFill(page: Page, code: string, buyer: { name: string; email: string }): Promise<string> {
  await page.goto(`/e/${code}`);
  await page.getByTestId('ticket-picker').waitFor();
  await page.getByRole('button', { name: 'Una entrada más de «General»' }).click();
  await expect.poll(() => page.getByTestId('picker-total').innerText()).toBe('Total: S/. 50.00');
  await page.getByTestId('reserve').click();
  await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
  await page.locator('#buyer-name').fill(buyer.name);
  await page.locator('#buyer-email').fill(buyer.email);
  await page.getByRole('button', { name: 'Usar los datos del comprador' }).click();
  return page.url().split('/').pop()!;
}

/** Fills the provider's own form (the fake's overlay) and presses its "Pagar", twice when asked. */
async function payInProviderForm(page: Page, card: string, email: string, { double = false } = {}) {
  const form = page.getByRole('dialog', { name: 'Paga con tu tarjeta' });
  await form.waitFor();
  await form.getByLabel('Número de tarjeta').fill(card);
  await form.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Correo electrónico').fill(email);
  const pay = form.getByRole('button', { name: 'Pagar S/ 50.00' });
  if (double) await pay.dblclick();
  else await pay.click();
}

describe('checkout with the second card provider', () => {
  let ev: { id: string; code: string; ticketIds: string[] };

  beforeAll(async () => {
    const org = client(app.url, await signUp(app.url, { displayName: 'Organizadora' }));
    // Culqi (the first card method) and the merchant provider: the buyer chooses.
    ev = await publishedEvent(org, { capacity: 100, paid: true, tickets: [{ name: 'General', price: 50, quantity: 50, maxPerOrder: 4 }] });
    const pm = await org.post(`/event/${ev.id}/paymentMethod`, { kind: 'merchant', merchantId: merchant.merchantId, mode: 'sandbox' });
    expect(pm.status).toBe(201);
  }, 60_000);

  it('pays in the provider’s form under the real CSP: one session, one authorization although both buttons are double-clicked, the card never reaches Aforo', async () => {
    const { context, page } = await newPage(app.browser, app.url);
    const sentToUs: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(app.url)) sentToUs.push(`${r.url()} ${r.postData() ?? ''}`);
    });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const orderId = await reserveAndFill(page, ev.code, { name: 'Rosa Huamán', email: 'rosa.huaman@example.test' });
    await page.getByRole('radio', { name: NIUBIZ_CHOICE }).check();
    const sessionsBefore = sessions().length;
    await page.getByTestId('checkout-continue').dblclick();
    await payInProviderForm(page, '4111 1111 1111 1111', 'rosa.huaman@example.test', { double: true });

    await page.waitForURL(`**/order/${orderId}/confirmation`);
    await page.getByRole('heading', { name: '¡Listo! Tus entradas' }).waitFor();
    await eventually(() => page.getByTestId('order-status').innerText()).toBe('Pagada');
    expect(await page.getByTestId('ticket-attendee').innerText()).toBe('Rosa Huamán');
    const order = await client(app.url).get(`/reservation/${orderId}`);
    expect(order.body).toMatchObject({ status: 'paid', paymentMethod: 'merchant' });

    // One form, one session, one authorization of the token the form made, for S/ 50.00.
    expect(sessions().length - sessionsBefore).toBe(1);
    const paid = authorizations().filter((r) => (r.body?.dataMap as Record<string, string> | undefined)?.orderRef === orderId);
    expect(paid).toHaveLength(1);
    expect(paid[0].body?.order).toMatchObject({ tokenId: expect.stringMatching(/^ntk_ok_[0-9a-f]+$/), amount: 50, currency: 'PEN', purchaseNumber: expect.stringMatching(/^\d{12}$/) });
    expect(sentToUs.some((x) => x.includes('4111111111111111') || x.includes('4111 1111 1111 1111'))).toBe(false);
    expect(refused).toEqual([]);
    await context.close();
  }, 120_000);

  it('a declined card shows the Spanish message and the order stays payable; cancelling the form changes nothing; on a phone (390 px)', async () => {
    // bypassCSP: axe-core is injected as an inline script (the CSP is exercised by the test above).
    const { context, page } = await newPage(app.browser, app.url, 390, 844, { bypassCSP: true });
    const orderId = await reserveAndFill(page, ev.code, { name: 'Luis Paredes', email: 'luis.paredes@example.test' });
    await page.getByRole('radio', { name: NIUBIZ_CHOICE }).check();
    expect(await page.getByText('Se abre el formulario seguro de Niubiz sobre esta página; tu tarjeta no pasa por nuestros servidores.').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    await page.getByTestId('checkout-continue').click();
    await payInProviderForm(page, '4000 0300 0000 0009', 'luis.paredes@example.test');
    await page.getByTestId('pay-error').waitFor();
    expect(await page.getByTestId('pay-error').innerText()).toBe(messages.payments.declinedBy.insufficient_funds);
    expect(await page.getByTestId('order-status').innerText()).toBe('Reservada');
    expect(await page.getByTestId('checkout-continue').isEnabled()).toBe(true);
    expect((await client(app.url).get(`/reservation/${orderId}`)).body.status).toBe('reserved');
    const declined = authorizations().filter((r) => (r.body?.dataMap as Record<string, string> | undefined)?.orderRef === orderId);
    expect(declined.map((r) => (r.body?.order as { tokenId: string }).tokenId)).toEqual([expect.stringMatching(/^ntk_decline_insufficient_funds_[0-9a-f]+$/)]);

    // The buyer closes the provider's form: nothing is charged and the button is usable again.
    await page.getByTestId('checkout-continue').click();
    const form = page.getByRole('dialog', { name: 'Paga con tu tarjeta' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await form.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('checkout-continue').isEnabled()).toBe(true);

    // Still payable: another card pays it.
    await page.getByTestId('checkout-continue').click();
    await payInProviderForm(page, '4111 1111 1111 1111', 'luis.paredes@example.test');
    await page.waitForURL(`**/order/${orderId}/confirmation`);
    await eventually(() => page.getByTestId('order-status').innerText()).toBe('Pagada');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(authorizations().filter((r) => (r.body?.dataMap as Record<string, string> | undefined)?.orderRef === orderId)).toHaveLength(2);
    // Trying again with the same data did not save them again.
    const history = (await client(app.url).get(`/reservation/${orderId}`)).body.history as { type: string }[];
    expect(history.filter((h) => h.type === 'AttendeesSet')).toHaveLength(1);
    await context.close();
  }, 120_000);
});
