import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCountResponse } from '../../src/contracts/notifications.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { apiCall, eventually, gotoApp, createEvent, inviteCollaborator, signedInContext } from './chat-helpers.js';
import { hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';
import { signUpVerified } from '../events/helpers.js';

const SHOTS = process.env.CHAT_SCREENSHOTS ?? '/tmp/aforo-chat-shots';

describe('notifications menu in the browser', () => {
  const t = useBrowserApp();
  let browser: Browser;
  let owner: SignedUpUser;
  let guest: SignedUpUser;
  let page: Page;

  beforeAll(async () => {
    browser = t.browser;
    owner = await signUp(t.node.url, { displayName: 'Olga Ramos' });
    // Invited below: invitations grant at once only to accounts that proved their e-mail.
    guest = await signUpVerified(t as never, { displayName: 'Gabriel Paz' });
    page = await (await signedInContext(browser, t.node.url, guest)).newPage();
    // Socket.IO upgrades to a WebSocket once connected: after that, pushed notifications arrive.
    const connected = page.waitForEvent('websocket', { timeout: 60_000 });
    await gotoApp(page, t.node.url);
    await connected;
  }, 240_000);

  const badge = () => page.getByTestId('notifications-badge').locator('.MuiBadge-badge');

  it('shows the empty text when there is nothing', async () => {
    expect(await badge().isVisible()).toBe(false);
    // No contact yet: no chat permission, no chat button.
    expect(await page.getByTestId('chat-button').count()).toBe(0);
    await page.getByTestId('notifications-button').click();
    await eventually(() => page.getByTestId('notifications-list').textContent()).toBe('No hay notificaciones');
    await page.keyboard.press('Escape');
  });

  it('an invitation raises the badge and shows the grey snackbar with a link; the menu shows it and marks it read', async () => {
    const eventId = await createEvent(t.node.url, owner, 'Congreso de Café');
    await inviteCollaborator(t.node.url, owner, eventId, guest);

    const snackbar = page.getByTestId('notification-snackbar');
    await snackbar.waitFor({ timeout: 10_000 });
    expect(await snackbar.textContent()).toContain('Congreso de Café');
    const bg = await snackbar.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(66, 66, 66)'); // grey 800
    expect(await snackbar.getByRole('link', { name: 'Ver' }).getAttribute('href')).toBe('/module');
    await eventually(() => badge().textContent()).toBe('1');
    // The invitation made the owner a contact: the chat button appears without a reload.
    await page.getByTestId('chat-button').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: `${SHOTS}/notifications-snackbar.png` });

    // Reading the page changes nothing on the server; the menu marks what it showed with an explicit command.
    const marking = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/v2/notification/read', { timeout: 10_000 });
    await page.getByTestId('notifications-button').click();
    const items = page.getByTestId('notification-item');
    await eventually(() => items.count()).toBe(1);
    expect((await marking).postDataJSON()).toEqual({ ids: [await items.first().getAttribute('data-id')] });
    expect(await items.first().textContent()).toContain('Congreso de Café');
    // Spec: under 36 hours the date is relative, in Spanish.
    expect(await items.first().textContent()).toMatch(/hace (unos segundos|un minuto|\d+ minutos)/);
    expect(await items.first().getAttribute('data-unread')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/notifications-menu.png` });
    // Showing the page marked it read: the badge is gone and the server agrees.
    await eventually(() => badge().isVisible()).toBe(false);
    const count = await apiCall<NotificationCountResponse>(t.node.url, guest, 'GET', 'notification?update=false');
    expect(count.notificationCountUnRead).toBe(0);

    // Closing resets after 300 ms; reopening loads again and shows it read.
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await page.getByTestId('notifications-button').click();
    await eventually(() => items.first().getAttribute('data-unread')).toBe('false');
    await page.keyboard.press('Escape');
  }, 60_000);

  it("shows '9+' from 10 unread and loads the next page when scrolled to the bottom", async () => {
    for (let i = 0; i < 11; i++) {
      const eventId = await createEvent(t.node.url, owner, `Evento ${i + 1}`);
      await inviteCollaborator(t.node.url, owner, eventId, guest);
    }
    // All 11 projected and pushed before the menu opens (9+ shows from the 10th).
    await eventually(async () => (await apiCall<NotificationCountResponse>(t.node.url, guest, 'GET', 'notification?update=false')).notificationCountUnRead).toBe(11);
    await eventually(() => badge().textContent()).toBe('9+');
    await page.getByTestId('notifications-button').click();
    const items = page.getByTestId('notification-item');
    await eventually(() => items.count()).toBe(10);
    await page.getByTestId('notifications-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await eventually(() => items.count()).toBe(12);
    await eventually(() => badge().isVisible()).toBe(false);
    await page.keyboard.press('Escape');
  }, 90_000);

  it('a failed load shows an empty list and zero', async () => {
    const eventId = await createEvent(t.node.url, owner, 'Evento sin red');
    await inviteCollaborator(t.node.url, owner, eventId, guest);
    await eventually(() => badge().textContent()).toBe('1');
    await page.route('**/api/v2/notification?**', (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
    await page.getByTestId('notifications-button').click();
    await eventually(() => page.getByTestId('notifications-list').textContent()).toBe('No hay notificaciones');
    await eventually(() => badge().isVisible()).toBe(false);
    await page.unroute('**/api/v2/notification?**');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('"Ver todas" opens the whole history: "Cargar más", "Marcar todas como leídas", new ones on top, items link where the menu links', async () => {
    // One unread left by the failed load above; two more make three.
    for (const name of ['Evento historial 1', 'Evento historial 2']) await inviteCollaborator(t.node.url, owner, await createEvent(t.node.url, owner, name), guest);
    const serverUnread = async () => (await apiCall<NotificationCountResponse>(t.node.url, guest, 'GET', 'notification?update=false')).notificationCountUnRead;
    await eventually(serverUnread).toBe(3);

    // The menu's "Ver todas" link (opening the menu marks its first page read, as before).
    await page.reload();
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notifications-see-all').click();
    await page.waitForURL('**/notifications');
    // The page is lazy: wait for its heading rather than asking at once.
    await page.getByRole('heading', { level: 1, name: 'Notificaciones' }).waitFor();
    const items = page.getByTestId('notifications-page-item');
    await eventually(() => items.count()).toBe(10);
    await eventually(() => page.getByTestId('notifications-page-shown').textContent()).toBe('10 de 15 notificaciones');
    expect(await items.first().textContent()).toContain('Evento historial 2');
    await page.getByTestId('notifications-page-more').click();
    await eventually(() => items.count()).toBe(15);
    expect(await page.getByTestId('notifications-page-more').count()).toBe(0);
    expect(await items.last().textContent()).toContain('Congreso de Café');

    // Three new ones, unread on the page, which marks nothing by showing them.
    for (const name of ['Evento nuevo A', 'Evento nuevo B', 'Evento nuevo C']) await inviteCollaborator(t.node.url, owner, await createEvent(t.node.url, owner, name), guest);
    await eventually(() => items.count()).toBe(18);
    expect(await items.first().textContent()).toContain('Evento nuevo C');
    await eventually(() => badge().textContent()).toBe('3');
    expect(await page.locator('[data-testid="notifications-page-item"][data-unread="true"]').count()).toBe(3);
    expect(await serverUnread()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/notifications-history.png`, fullPage: true });

    // "Marcar todas como leídas": one PUT, every item read, the badge gone, the server agrees.
    const markingAll = page.waitForRequest((r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/v2/notification/read-all', { timeout: 10_000 });
    await page.getByTestId('notifications-page-mark-all').click();
    await markingAll;
    await eventually(() => page.locator('[data-testid="notifications-page-item"][data-unread="true"]').count()).toBe(0);
    await eventually(() => badge().isVisible()).toBe(false);
    expect(await serverUnread()).toBe(0);
    expect(await page.getByTestId('notifications-page-mark-all').isDisabled()).toBe(true);

    // An item links where the menu links; opening an unread one marks it read.
    await inviteCollaborator(t.node.url, owner, await createEvent(t.node.url, owner, 'Evento para abrir'), guest);
    await eventually(() => items.first().textContent()).toContain('Evento para abrir');
    expect(await items.first().getAttribute('data-unread')).toBe('true');
    expect(await items.first().getAttribute('href')).toBe('/module');
    await items.first().click();
    await page.waitForURL('**/module');
    await eventually(serverUnread).toBe(0);

    // At 375 px the page fits the screen, and passes axe (CSP bypassed only to inject axe-core).
    const { context, page: small } = await newPage(browser, t.node.url, 375, 740, { bypassCSP: true });
    const [name, ...value] = guest.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: t.node.url, httpOnly: true, sameSite: 'Lax' }]);
    await small.goto('/notifications');
    await eventually(() => small.getByTestId('notifications-page-item').count()).toBe(10);
    expect(await hasHorizontalScroll(small)).toBe(false);
    expect(await seriousAxeViolations(small)).toEqual([]);
    await small.screenshot({ path: `${SHOTS}/notifications-history-375.png`, fullPage: true });
    await context.close();
  }, 180_000);
});
