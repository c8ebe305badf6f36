import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOrder } from '../../src/commands/sales/expire.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { pngImage } from '../support/png.js';
import { CULQI_USER_MESSAGES, startFakeCulqi, type FakeCulqi } from '../support/fake-culqi.js';
import { client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { eventually, hasHorizontalScroll, newPage, useBrowserApp } from './support.js';

/**
 * The buyer's path in a real browser against the local Culqi: pick on /e/{code}, reserve, name the attendee, pay
 * by card on /reservationCulqi (the card tokenised in the browser with the public key), land on the confirmation,
 * get the mail with a readable QR, get in at the door, find it in /mytickets and /myevent.
 */
/** Screenshots for a human look (CHECKOUT_SHOTS_DIR=...): each page of the path at 1280 and 390 px. */
const SHOTS = process.env.CHECKOUT_SHOTS_DIR ?? '';
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};
let culqi: FakeCulqi;
const tmp = mkdtempSync(path.join(tmpdir(), 'aforo-checkout-'));
beforeAll(async () => {
  // Before the app: the node's config points Culqi's API and token host at it.
  culqi = await startFakeCulqi({ secretKey: 'sk_test_123', publicKey: 'pk_test_123' });
});
afterAll(async () => {
  await culqi?.close();
  rmSync(tmp, { recursive: true, force: true });
});
const app = useBrowserApp({
  smtp: true,
  get env() {
    return { CULQI_API_URL: culqi.url, CULQI_TOKENS_URL: culqi.url };
  },
});

/** What a real QR reader makes of a PNG. */
function zbar(png: Buffer): string {
  const file = path.join(tmp, `${randomUUID()}.png`);
  writeFileSync(file, png);
  try {
    return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

async function signedInPage(browser: Browser, base: string, who: SignedUpUser, width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, base, width);
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' }]);
  return { page, close: () => context.close() };
}

describe('checkout', () => {
  let base: string;
  let browser: Browser;
  let org: SignedUpUser;
  let ev: { id: string; code: string; ticketIds: string[] };

  beforeAll(async () => {
    ({ url: base, browser } = app);
    org = await signUp(base, { displayName: 'Organizadora' });
    const orgApi = client(base, org);
    ev = await publishedEvent(orgApi, {
      capacity: 100,
      paid: true,
      tickets: [
        { name: 'General', price: 50, quantity: 50, maxPerOrder: 4 },
        { name: 'Charla abierta', price: 0, quantity: 20, maxPerOrder: 2 },
      ],
    });
    // The registration form asks each attendee's identity document.
    const form = await orgApi.put(`/event/${ev.id}/form`, { fields: [{ label: 'Documento', type: 'document', required: true }], expectedVersion: 0, clientId: randomUUID() });
    expect(form.status).toBe(200);
    const deposit = await orgApi.post(`/event/${ev.id}/paymentMethod`, { kind: 'bankDeposit', bank: 'Banco de Crédito', account: '191-1234567-0-12', holder: 'Cafés del Perú SAC', instructions: 'Indica tu número de pedido.' });
    expect(deposit.status).toBe(201);
    const code = await orgApi.post(`/event/${ev.id}/codes`, { clientId: randomUUID(), code: 'CAFE20', kind: 'discount', discountType: 'percentage', percent: 20, ticketTypeIds: [ev.ticketIds[0]] });
    expect(code.status).toBe(201);
  }, 60_000);

  it('buys a paid ticket by card: a decline shows Culqi’s message, then the confirmation, the mail’s QR, the door, /mytickets and /myevent', async () => {
    const buyer = await signUp(base, { displayName: 'Rosa Huamán' });
    // The real CSP: the card form must be allowed to reach Culqi's token host (the axe checks are in the tests below).
    const { page, close } = await signedInPage(browser, base, buyer);
    // Everything the page sends to Aforo, to prove the card number never goes there.
    const sentToUs: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(base)) sentToUs.push(`${r.url()} ${r.postData() ?? ''}`);
    });

    await page.goto(`/e/${ev.code}`);
    const picker = page.getByTestId('ticket-picker');
    await picker.waitFor();
    await page.getByRole('button', { name: 'Una entrada más de «General»' }).click();
    await expect.poll(() => page.getByTestId('picker-total').innerText()).toBe('Total: S/. 50.00');
    await shot(page, 'picker-1280');
    await page.getByTestId('reserve').click();
    await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;

    await expect.poll(() => page.getByTestId('countdown').innerText()).toMatch(/Tus entradas están reservadas durante 1[45]:\d\d/);
    // The buyer's data come from the account; the attendee takes them with one click and adds the document.
    expect(await page.locator('#buyer-name').inputValue()).toBe('Rosa Huamán');
    expect(await page.locator('#buyer-email').inputValue()).toBe(buyer.email);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByTestId('submit-error').waitFor();
    expect(await page.getByTestId('submit-error').innerText()).toBe('Revisa los campos marcados.');
    await page.getByRole('button', { name: 'Usar los datos del comprador' }).click();
    await page.getByLabel('Documento · Número').fill('1234567');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByText('El DNI debe tener 8 dígitos.').waitFor();
    await shot(page, 'reservation-1280');
    await page.getByLabel('Documento · Número').fill('12345678');
    expect(await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(`**/reservationCulqi/${orderId}`);
    await page.getByTestId('culqi-form').waitFor();

    // A declined card: Culqi's own words, and the button usable again.
    await page.locator('#card-number').fill('4000 0300 0000 0009');
    await page.locator('#card-expiry').fill('09/30');
    await page.locator('#card-cvv').fill('123');
    await page.getByTestId('pay').click();
    await page.getByTestId('pay-error').waitFor();
    await shot(page, 'culqi-declined-1280');
    expect(await page.getByTestId('pay-error').innerText()).toBe(CULQI_USER_MESSAGES.insufficient_funds);
    expect(await page.getByTestId('pay').isEnabled()).toBe(true);

    await page.locator('#card-number').fill('4111 1111 1111 1111');
    // A double click pays once (one token, one charge: asserted below).
    await page.getByTestId('pay').dblclick();
    await page.waitForURL(`**/order/${orderId}/confirmation`);
    await page.getByRole('heading', { name: '¡Listo! Tus entradas' }).waitFor();
    const ticket = page.getByTestId('ticket');
    await ticket.waitFor();
    expect(await ticket.count()).toBe(1);
    expect(await ticket.getByTestId('ticket-attendee').innerText()).toBe('Rosa Huamán');
    const code = (await ticket.getByTestId('ticket-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-F]{32}$/);

    // Card numbers went to Culqi only: Aforo got a token.
    expect(sentToUs.some((x) => x.includes('4111111111111111') || x.includes('4000030000000009'))).toBe(false);
    const charges = culqi.requests.filter((r) => r.path === '/v2/charges');
    expect(charges.map((r) => String(r.body?.source_id))).toEqual([expect.stringMatching(/^tkn_test_decline_insufficient_funds_/), expect.stringMatching(/^tkn_test_ok_/)]);
    expect(charges[1].body).toMatchObject({ amount: 5000, currency_code: 'PEN' });
    expect(culqi.requests.filter((r) => r.path === '/v2/tokens').map((r) => r.headers.authorization)).toEqual(['Bearer pk_test_123', 'Bearer pk_test_123']);

    // The QR on the page reads as the ticket's code.
    await eventually(async () => zbar(await ticket.getByTestId('ticket-qr').screenshot())).toBe(code);
    await shot(page, 'confirmation-1280');

    // The confirmation mail carries a QR a real reader decodes to the same code.
    // (The account's verification mail goes to the same address: the confirmation is the one with the tickets.)
    const mail = await app.smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === buyer.email.toLowerCase()) && m.raw.includes('image/png'), 30_000);
    const parsed = await simpleParser(mail.raw);
    const decoded = parsed.attachments.filter((a) => a.contentType === 'image/png').map((a) => zbar(a.content));
    expect(decoded).toContain(code);

    // Admitted at the door, once.
    const door = client(base, org);
    const scan = await door.post('/checkin', { eventId: ev.id, code, door: 'Puerta 1', scanId: randomUUID() });
    expect(scan.body).toMatchObject({ result: 'admitted', ok: true });
    const again = await door.post('/checkin', { eventId: ev.id, code, door: 'Puerta 2', scanId: randomUUID() });
    expect(again.body).toMatchObject({ result: 'conflict', ok: false });

    // Listed in /mytickets, with its ticket; and the event in /myevent as attended.
    await page.goto('/mytickets');
    const mine = page.getByTestId('my-order');
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.innerText()).toContain('1 entrada');
    await mine.click();
    await page.waitForURL(`**/mytickets/${orderId}`);
    expect((await page.getByTestId('ticket-code').innerText()).trim()).toBe(code);
    // The ticket goes to a friend: the dialog asks name and e-mail, the ticket shows its new attendee.
    await page.getByTestId('transfer').click();
    const dialog = page.getByRole('dialog', { name: 'Transferir la entrada' });
    await dialog.getByLabel('Nombre y apellidos').fill('Carmen Quispe');
    await dialog.getByLabel('Correo electrónico').fill('carmen.quispe@example.test');
    await dialog.getByTestId('person-submit').click();
    await page.getByText('Entrada transferida a carmen.quispe@example.test.').waitFor();
    await expect.poll(() => page.getByTestId('ticket-attendee').innerText()).toBe('Carmen Quispe');
    await shot(page, 'myorder-1280');
    await page.goto('/myevent');
    await page.getByText('Asistes', { exact: true }).waitFor();
    await close();

    // A signed-in buyer's order opened signed out asks to sign in and comes back to it.
    const anon = await newPage(browser, base);
    await anon.page.goto(`/order/${orderId}/confirmation`);
    await anon.page.waitForURL(`**/auth/sign-in/&order&${orderId}&confirmation`);
    await anon.context.close();
  }, 120_000);

  it('applies a discount code, then pays by bank deposit: the voucher is checked in the browser, the order waits for review until the team approves it', async () => {
    // bypassCSP: axe-core is injected as an inline script.
    const { context, page } = await newPage(browser, base, 1280, 900, { bypassCSP: true });
    await page.goto(`/e/${ev.code}`);
    await page.getByRole('button', { name: 'Una entrada más de «General»' }).click();
    // A code that does not exist is refused beside the field; the real one takes 20 % off.
    await page.getByLabel('Código de descuento o invitación').fill('NOEXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const refused = page.getByTestId('ticket-picker').locator('.MuiFormHelperText-root.Mui-error');
    await refused.waitFor();
    expect((await refused.innerText()).trim()).not.toBe('');
    await page.getByLabel('Código de descuento o invitación').fill('cafe20');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByTestId('code-applied').waitFor();
    await expect.poll(() => page.getByTestId('picker-total').innerText()).toBe('Total: S/. 40.00');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByTestId('reserve').click();
    await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    // An anonymous buyer types their own data.
    await page.locator('#buyer-name').fill('Luis Paredes');
    await page.locator('#buyer-email').fill('luis.paredes@example.test');
    await page.getByRole('button', { name: 'Usar los datos del comprador' }).click();
    await page.getByLabel('Documento · Número').fill('87654321');
    await page.getByRole('radio', { name: 'Depósito o transferencia bancaria' }).check();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    const deposit = page.getByTestId('deposit');
    await deposit.waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await page.getByTestId('deposit-instructions').innerText()).toContain('Banco de Crédito');
    expect(await deposit.innerText()).toContain('Deposita S/. 40.00 en:');
    await shot(page, 'deposit-1280');
    // A file that is not an image or a PDF never leaves the browser.
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher.txt', mimeType: 'text/plain', buffer: Buffer.from('no es un comprobante') });
    expect(await page.getByTestId('voucher-error').innerText()).toBe('El comprobante debe ser una imagen (JPG o PNG) o un PDF.');
    expect(await page.getByTestId('send-voucher').isDisabled()).toBe(true);
    const voucher = pngImage(40, 40, () => [0x1f, 0x2a, 0x44]);
    await page.getByTestId('voucher-input').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: voucher });
    await page.getByTestId('send-voucher').click();
    await page.getByText('Comprobante en revisión').waitFor();
    expect(await page.getByTestId('order-status').innerText()).toBe('Pago en revisión');

    const approved = await client(base, org).post(`/order/${orderId}/deposit/approve`, { clientId: randomUUID() });
    expect(approved.status).toBe(200);
    await page.reload();
    await page.getByText('¡Compra confirmada!').waitFor();
    await page.getByRole('link', { name: 'Ver mis entradas' }).click();
    await page.waitForURL(`**/order/${orderId}/confirmation`);
    expect(await page.getByTestId('ticket-attendee').innerText()).toBe('Luis Paredes');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await context.close();
  });

  it('a free ticket goes straight to the confirmation, also for an anonymous visitor, who may name the attendee after', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto(`/e/${ev.code}`);
    await page.getByRole('button', { name: 'Una entrada más de «Charla abierta»' }).click();
    await expect.poll(() => page.getByTestId('picker-total').innerText()).toBe('Total: S/. 0.00');
    await page.getByTestId('reserve').click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\/confirmation$/);
    await page.getByRole('heading', { name: '¡Listo! Tus entradas' }).waitFor();
    expect(await page.getByTestId('ticket').count()).toBe(1);
    expect(await page.getByTestId('order-status').innerText()).toBe('Pagada');
    // The free tickets can still be named: the form without payment, then back to the tickets in that name.
    await page.getByRole('link', { name: 'Indicar asistentes' }).click();
    await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
    await page.locator('#buyer-name').fill('Ana Torres');
    await page.locator('#buyer-email').fill('ana.torres@example.test');
    await page.locator('#attendee-0-name').fill('Jorge Torres');
    await page.locator('#attendee-0-email').fill('jorge.torres@example.test');
    await page.getByLabel('Documento · Número').fill('45678912');
    await page.getByRole('button', { name: 'Guardar datos' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\/confirmation$/);
    await expect.poll(() => page.getByTestId('ticket-attendee').innerText()).toBe('Jorge Torres');
    expect(await page.getByTestId('naming-prompt').count()).toBe(0);
    await context.close();
  });

  it('an expired reservation says so and offers to start again', async () => {
    const anon = client(base);
    const r = await anon.post('/reservation', { eventCode: ev.code, clientId: randomUUID(), lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 2 }] });
    expect(r.status).toBe(201);
    const orderId = r.body.order._id as string;
    // The hold is 15 minutes: the expiry runs as the job would once it is over.
    expect(await expireOrder({ ...app.ctx, clock: () => new Date(Date.now() + 3_600_000) }, orderId)).toEqual({ expired: true });
    const { context, page } = await newPage(browser, base);
    await page.goto(`/reservation/${orderId}`);
    await page.getByText('La reserva expiró').waitFor();
    expect(await page.getByTestId('order-status').innerText()).toBe('Expirada');
    await page.getByRole('link', { name: 'Volver a elegir entradas' }).click();
    await page.waitForURL(`**/e/${ev.code}`);
    await context.close();
  });

  it('works on a phone (390 px): the event page, the reservation and the card form; cancelling frees the seat', async () => {
    const { context, page } = await newPage(browser, base, 390, 844, { bypassCSP: true });
    await page.goto(`/e/${ev.code}`);
    await page.getByTestId('ticket-picker').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await shot(page, 'picker-390');
    await page.getByRole('button', { name: 'Una entrada más de «General»' }).click();
    await page.getByTestId('reserve').click();
    await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
    await page.getByTestId('attendee').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await shot(page, 'reservation-390');
    const orderId = page.url().split('/').pop()!;
    await page.goto(`/reservationCulqi/${orderId}`);
    await page.getByTestId('culqi-form').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await shot(page, 'culqi-390');
    // The buyer changes their mind: cancelling frees the seat.
    const before = (await client(base).get(`/event/${ev.code}/availability`)).body.ticketTypes[0].remaining as number;
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL(`**/reservation/${orderId}`);
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByText('Reserva cancelada', { exact: true }).waitFor();
    expect(await page.getByTestId('order-status').innerText()).toBe('Cancelada');
    expect((await client(base).get(`/event/${ev.code}/availability`)).body.ticketTypes[0].remaining).toBe(before + 1);
    await context.close();
  });
  // Last: it turns on the store's boleta/factura choice for the file's event.
  it('asks boleta or factura where the store offers it: a wrong RUC is named in the browser, the factura goes on the order (390 px)', async () => {
    const orgApi = client(base, org);
    const saved = await orgApi.put(`/event/${ev.id}/storeSettings`, {
      holdMinutes: null,
      maxTicketsPerOrder: null,
      maxOrdersPerEmail: null,
      invoice: { ruc: '20100070970', businessName: 'Cafés del Perú SAC', address: 'Av. Larco 101, Miraflores', taxRate: 18, receiptChoice: true },
      bankDeposit: null,
      expectedVersion: 0,
      clientId: randomUUID(),
    });
    expect(saved.status).toBe(200);
    await orgApi.get(`/event/${ev.id}/storeSettings?after=${saved.body.position}`);
    const { context, page } = await newPage(browser, base, 390, 844, { bypassCSP: true });
    await page.goto(`/e/${ev.code}`);
    await page.getByRole('button', { name: 'Una entrada más de «General»' }).click();
    await page.getByTestId('reserve').click();
    await page.waitForURL(/\/reservation\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    await page.locator('#buyer-name').fill('Rosa Quispe');
    await page.locator('#buyer-email').fill('rosa.quispe@example.test');
    await page.getByRole('button', { name: 'Usar los datos del comprador' }).click();
    await page.getByLabel('Documento · Número').fill('44556677');
    const receipt = page.getByTestId('receipt-choice');
    expect(await receipt.getByRole('radio', { name: 'Boleta' }).isChecked()).toBe(true);
    await receipt.getByRole('radio', { name: 'Factura' }).check();
    await page.getByLabel('RUC').fill('20100070971');
    await page.getByLabel('Razón social').fill('Importadora Andina S.A.C.');
    await page.getByLabel('Dirección fiscal').fill('Jr. Junín 450, Lima');
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito', exact: true }).check();
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.getByText('El RUC no es válido: revisa sus dígitos.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await shot(page, 'receipt-390');
    await page.getByLabel('RUC').fill('20100070970');
    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await page.waitForURL(`**/reservationCulqi/${orderId}`);
    const order = await client(base).get(`/reservation/${orderId}`);
    expect(order.body.receipt).toEqual({ kind: 'factura', ruc: '20100070970', businessName: 'Importadora Andina S.A.C.', address: 'Jr. Junín 450, Lima' });
    await context.close();
  });
});
