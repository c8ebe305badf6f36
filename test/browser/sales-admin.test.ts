import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { pngImage } from '../support/png.js';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });

let base: string;
const app = useBrowserApp();
beforeAll(() => {
  base = app.url;
});

describe('attendee management (chromium)', () => {
  it('a bank deposit approved by the organizer: shown on depositsMade with its voucher, approved, paid in the orders grid and on the Tablero', async () => {
    const organizer = await signUp(base, { displayName: 'Rocío Vargas' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Noche de Jazz 2030', eventCode: `jazz-${randomUUID().slice(0, 6)}` });
    const ticket = await api('POST', `/event/${ev._id}/ticket`, { name: 'Platea', price: 80, quantity: 50, clientId: randomUUID() });
    expect(ticket.status).toBe(201);
    const method = await api('POST', `/event/${ev._id}/paymentMethod`, { kind: 'bankDeposit', bank: 'BCP', account: '191-12345678-0-11', holder: 'Jazz SAC', instructions: null });
    expect(method.status).toBe(201);
    expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);

    // The buyer reserves, names the attendee and uploads the voucher, over HTTP as the checkout does.
    const buyer = await signUp(base, { displayName: 'Martín Quispe' });
    const buyerApi = apiAs(base, buyer);
    const reserved = await buyerApi('POST', '/reservation', { eventId: ev._id, lines: [{ ticketTypeId: ticket.body.data._id, quantity: 1 }], clientId: randomUUID() });
    expect(reserved.status).toBe(201);
    const orderId = reserved.body.order._id as string;
    const named = await buyerApi('PUT', `/reservation/${orderId}/attendees`, {
      buyer: { name: 'Martín Quispe', email: buyer.email },
      attendees: [{ ticketTypeId: ticket.body.data._id, name: 'Martín Quispe', email: buyer.email, answers: {} }],
      clientId: randomUUID(),
    });
    expect(named.status).toBe(200);
    const form = new FormData();
    const voucher = pngImage(120, 80, (x) => (x < 60 ? [20, 120, 200] : [240, 240, 240]));
    form.append('voucher', new Blob([new Uint8Array(voucher)], { type: 'image/png' }), 'voucher.png');
    form.append('clientId', randomUUID());
    const uploaded = await fetch(`${base}/api/v2/reservation/${orderId}/deposit`, { method: 'POST', headers: { cookie: buyer.cookie }, body: form });
    expect(uploaded.status).toBeLessThan(300);
    await poll(async () => (await api('GET', `/reservation/${orderId}`)).body.status).toBe('awaiting_payment');

    const { context, page } = await signedIn(app, organizer);
    const area = `/module/${organizer.user._id}/${ev.eventCode}/store`;
    await page.goto(`${area}/manageAttendees/depositsMade`);
    const grid = page.getByTestId('deposits-grid');
    await grid.getByText('Martín Quispe').waitFor();
    await page.getByTestId(`deposit-review-${orderId}`).click();
    // The voucher is the uploaded image, shown in the dialog.
    await poll(() => page.getByTestId('voucher-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await page.getByTestId('deposit-approve').click();
    await page.getByTestId('deposit-confirm').click();
    await page.getByText('Depósito aprobado: el pedido está pagado.').waitFor();
    await poll(async () => (await api('GET', `/reservation/${orderId}`)).body.status).toBe('paid');
    // The deposits list no longer holds it.
    await poll(() => grid.getByText('Martín Quispe').count()).toBe(0);

    // The orders grid lists it as paid by deposit.
    await page.goto(`${area}/manageAttendees/orders`);
    const orders = page.getByTestId('orders-grid');
    const row = orders.locator('.MuiDataGrid-row', { hasText: 'Martín Quispe' });
    await row.waitFor();
    await poll(() => row.textContent()).toContain('Pagado');
    expect(await row.textContent()).toContain('Depósito bancario');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByTestId(`order-open-${orderId}`).click();
    await poll(() => page.getByTestId('order-history').textContent()).toContain('Pago registrado');
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();

    // The Tablero shows the sale.
    await page.goto(area);
    await poll(() => page.getByTestId('dashboard-sold').textContent()).toBe('1');
    await poll(() => page.getByTestId('dashboard-revenue').textContent()).toBe('S/. 80.00');
    expect(await page.getByTestId('dashboard-types').textContent()).toContain('Platea');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await context.close();

    // On a phone the Tablero and the orders page fit the screen (the grid scrolls inside itself).
    const phone = await signedIn(app, organizer, 390, 844);
    await phone.page.goto(area);
    await poll(() => phone.page.getByTestId('dashboard-sold').textContent()).toBe('1');
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await phone.page.goto(`${area}/manageAttendees/orders`);
    await phone.page.getByTestId('orders-grid').locator('.MuiDataGrid-row').first().waitFor();
    expect(await hasHorizontalScroll(phone.page)).toBe(false);
    await phone.context.close();
  }, 120_000);

  it('guest list by hand and by CSV (a bad row shown before importing), participants, income by method, an order resent and refunded, a reminder', async () => {
    const organizer = await signUp(base, { displayName: 'Elena Ramos' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Feria del Libro 2030', eventCode: `libro-${randomUUID().slice(0, 6)}` });
    const general = await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 25, quantity: 100, clientId: randomUUID() });
    await api('POST', `/event/${ev._id}/ticket`, { name: 'Prensa', price: 0, quantity: 10, clientId: randomUUID() });
    await api('POST', `/event/${ev._id}/paymentMethod`, { kind: 'cash', instructions: null });
    expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);
    // A sale at the box office, so that income control has something to show.
    await issueGuestOrder(app.ctx, { eventId: ev._id, ticketTypeId: general.body.data._id, attendees: [{ name: 'Paula Caja', email: 'paula@caja.pe' }], by: organizer.user._id, clientId: randomUUID(), method: 'cash' });

    const { context, page } = await signedIn(app, organizer);
    const area = `/module/${organizer.user._id}/${ev.eventCode}/store`;
    await page.goto(`${area}/manageAttendees/guestList`);
    const addForm = page.locator('form[aria-labelledby="guest-add-title"]');
    await addForm.getByRole('textbox', { name: /^Nombre/ }).fill('Inés Invitada');
    await addForm.getByRole('textbox', { name: /^Correo/ }).fill('ines@invitada.pe');
    await addForm.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Invitado agregado a la lista.').first().waitFor();

    const csv = 'nombre;correo;tipo de entrada\nJulio Prensa;julio@prensa.pe;prensa\nSin Correo;sin-correo;General\n';
    await page.getByTestId('guest-csv-input').setInputFiles({ name: 'invitados.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('1 filas correctas, 1 con errores.').waitFor();
    await page.getByText('El correo no es válido.').waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await page.getByTestId('guest-csv-import').click();
    await page.getByText('Se agregó 1 invitado.').first().waitFor();
    await poll(() => page.locator('.MuiDataGrid-row').count()).toBe(2);
    expect(await page.locator('.MuiDataGrid-main').textContent()).toContain('Julio Prensa');

    await page.goto(`${area}/manageAttendees/participants`);
    await poll(() => page.locator('.MuiDataGrid-row').count()).toBe(3);
    expect(await page.locator('.MuiDataGrid-main').textContent()).toContain('Paula Caja');

    await page.goto(`${area}/manageAttendees/incomeControl`);
    await poll(() => page.getByTestId('income-total').textContent()).toBe('S/. 25.00');
    await page.getByRole('cell', { name: 'Efectivo' }).waitFor();
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    // The box-office order: tickets resent, then refunded, each confirmed first.
    await page.goto(`${area}/manageAttendees/orders`);
    const paula = page.getByTestId('orders-grid').locator('.MuiDataGrid-row', { hasText: 'Paula Caja' });
    await paula.waitFor();
    await paula.getByRole('button', { name: 'Ver' }).click();
    await page.getByTestId('order-resend').click();
    await page.getByTestId('order-action-confirm').click();
    await page.getByText('Entradas reenviadas.').first().waitFor();
    await page.getByTestId('order-refund').click();
    await page.getByRole('dialog', { name: '¿Reembolsar el pedido?' }).getByRole('textbox').fill('Evento reprogramado');
    await page.getByTestId('order-action-confirm').click();
    await page.getByText('Pedido reembolsado.').first().waitFor();
    await poll(() => page.getByTestId('order-history').textContent()).toContain('Pedido reembolsado');
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await poll(() => paula.textContent()).toContain('Reembolsado');

    await page.goto(`${area}/manageAttendees/reminders`);
    await page.getByRole('button', { name: 'Nuevo recordatorio' }).click();
    await page.getByRole('textbox', { name: /^Asunto/ }).fill('Te esperamos mañana');
    await page.getByRole('textbox', { name: /^Mensaje/ }).fill('Hola {{nombre}}, trae tu entrada.');
    await page.getByTestId('reminder-save').click();
    await page.getByText('Recordatorio programado.').waitFor();
    const reminderRow = page.getByRole('row', { name: /Te esperamos mañana/ });
    await poll(() => reminderRow.textContent()).toContain('Programado');
    expect(await reminderRow.textContent()).toContain('1 día antes');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
