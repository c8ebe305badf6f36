import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { payOrder } from '../../src/commands/sales/pay.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { signUp } from '../support/accounts.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar, eventCodes } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

let base: string;
const app = useBrowserApp();
beforeAll(() => {
  base = app.url;
});

describe('the confirmation mail template and the attendee chat switch (chromium)', () => {
  it('edits the template with a live preview, is refused a broken one in Spanish, saves and goes back to the default', async () => {
    const organizer = await signUp(base, { displayName: 'Marta Salas' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Festival de Jazz 2030', eventCode: ec('festival-jazz-2030') });

    const { context, page } = await signedIn(app, organizer);
    await page.goto(`/module/${organizer.user._id}/${ec('festival-jazz-2030')}/store/manage/confirmationMail`);
    await page.getByRole('heading', { name: 'Correo de confirmación', level: 1 }).waitFor();
    // A built page of the Gestionar group: a link in the drawer.
    await poll(() => page.getByTestId('menu-confirmationMail').evaluate((e) => e.tagName)).toBe('A');
    await page.getByText('Se está usando la plantilla predeterminada.', { exact: false }).waitFor();
    await poll(() => page.getByTestId('confirmation-preview-subject').textContent()).toBe('Tus entradas para Mi evento');
    const frame = page.frameLocator('[data-testid="confirmation-preview-frame"]');
    await frame.getByText('Hola, Ana Pérez:').waitFor();
    expect(await frame.locator('img').count()).toBe(2); // one QR per example ticket

    // A typo in a merge field: the preview says why, in Spanish, and so does the save.
    const subject = page.locator('#confirmation-subject');
    await subject.fill('¡Gracias, {{ buyer.nombre }}!');
    await poll(() => page.getByTestId('confirmation-preview-error').textContent()).toBe(
      'La plantilla usa el campo «buyer.nombre», que no existe. Revisa los campos disponibles.',
    );
    await page.getByTestId('confirmation-save').click();
    await poll(() => page.locator('#confirmation-subject-helper-text').textContent()).toBe(
      'La plantilla usa el campo «buyer.nombre», que no existe. Revisa los campos disponibles.',
    );

    await subject.fill('¡Gracias, {{ buyer.name }}!');
    await poll(() => page.getByTestId('confirmation-preview-subject').textContent()).toBe('¡Gracias, Ana Pérez!');
    const body = page.locator('#confirmation-html');
    await body.fill('<p>Te esperamos en {{ event.name }}. Pedido ');
    await body.press('End');
    await page.getByRole('button', { name: 'Insertar el campo order.id' }).click();
    await poll(() => body.inputValue()).toBe('<p>Te esperamos en {{ event.name }}. Pedido {{ order.id }}');
    await frame.getByText('Te esperamos en Mi evento. Pedido 00000000-0000-4000-8000-0000000000aa').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);

    await page.getByTestId('confirmation-save').click();
    await page.getByText('Plantilla guardada. Los próximos correos de confirmación la usarán.').waitFor();
    const saved = await api('GET', `/event/${ev._id}/confirmationMail`);
    expect(saved.body).toMatchObject({ custom: true, subject: '¡Gracias, {{ buyer.name }}!', html: '<p>Te esperamos en {{ event.name }}. Pedido {{ order.id }}' });
    await page.reload();
    await poll(() => page.locator('#confirmation-subject').inputValue()).toBe('¡Gracias, {{ buyer.name }}!');
    await page.getByText('Se está usando tu plantilla.', { exact: false }).waitFor();

    await page.getByTestId('confirmation-reset').click();
    await page.getByRole('dialog', { name: '¿Volver a la plantilla predeterminada?' }).waitFor();
    await page.getByTestId('confirmation-reset-confirm').click();
    await page.getByText('Se volvió a la plantilla predeterminada.').waitFor();
    await poll(() => page.locator('#confirmation-subject').inputValue()).toBe('Tus entradas para {{ event.name }}');
    expect((await api('GET', `/event/${ev._id}/confirmationMail`)).body.custom).toBe(false);
    await context.close();
  });

  it('a phone-sized profile turns the attendee chat on and keeps it after a reload', async () => {
    const who = await signUp(base, { displayName: 'Iván Ríos' });
    const { context, page } = await signedIn(app, who, 390, 844);
    await page.goto('/settings/profile');
    const toggle = page.getByTestId('profile-attendee-chat').locator('input');
    await toggle.waitFor({ state: 'attached' });
    expect(await toggle.isChecked()).toBe(false);
    await page.getByLabel('Permitir que otros asistentes de mis eventos me escriban').check();
    await page.getByText('Otros asistentes de tus eventos ya pueden escribirte.').waitFor();
    await page.reload();
    await poll(() => page.getByTestId('profile-attendee-chat').locator('input').isChecked()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    const me = await apiAs(base, who)('GET', '/session');
    expect(me.body.user.allowAttendeeChat).toBe(true);
    await context.close();
  });

  it("the event's team opens a chat with a buyer from /chat?user=; someone else is refused in Spanish", async () => {
    const organizer = await signUp(base, { displayName: 'Nora Vega' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Feria del Libro 2030', eventCode: ec('feria-libro-2030') });
    const ticket = await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 20, quantity: 50, clientId: randomUUID() });
    expect(ticket.status).toBe(201);
    expect((await api('POST', `/event/${ev._id}/paymentMethod`, { kind: 'card', key: 'pk_test_123', secretKey: 'sk_test_123' })).status).toBe(201);
    expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);
    const buyer = await signUp(base, { displayName: 'Pablo Quispe' });
    const reserved = await apiAs(base, buyer)('POST', '/reservation', { clientId: randomUUID(), eventId: ev._id, lines: [{ ticketTypeId: ticket.body.data._id, quantity: 1 }] });
    expect(reserved.status).toBe(201);
    const paid = await payOrder(app.ctx, { orderId: reserved.body.order._id, method: 'cash', amount: reserved.body.order.total, by: null });
    await waitForPosition(app.ctx.db, app.ctx.store, paid.position!, { timeoutMs: 20_000 });

    const { context, page } = await signedIn(app, organizer);
    await page.goto(`/chat?user=${buyer.user._id}`);
    const conversation = page.getByTestId('chat-conversation');
    await conversation.getByText('Pablo Quispe').first().waitFor();
    await poll(() => new URL(page.url()).search).toBe('');
    await page.getByTestId('chat-input').fill('Hola, Pablo: la feria abre a las 10.');
    await page.getByTestId('chat-send').click();
    await poll(() => page.getByTestId('chat-message-text').allTextContents()).toEqual(['Hola, Pablo: la feria abre a las 10.']);
    await context.close();

    const stranger = await signUp(base, { displayName: 'Otra persona' });
    const other = await signedIn(app, stranger);
    await other.page.goto(`/chat?user=${buyer.user._id}`);
    await other.page.getByText('Solo puedes conversar con personas que comparten un equipo de evento contigo', { exact: false }).waitFor();
    expect(await other.page.getByTestId('chat-conversation').count()).toBe(0);
    await other.context.close();
  });
});
