import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCountResponse } from '../../src/contracts/notifications.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { apiCall, eventually, gotoApp, createEvent, inviteCollaborator, signedInContext } from './chat-helpers.js';
import { useBrowserApp } from './support.js';
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
});
