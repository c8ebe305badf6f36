import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { signUpVerified } from '../events/helpers.js';
import type { AppContext } from '../../src/context.js';


/** A browser context signed in as `user` (the API's httpOnly session cookie), desktop size, Spanish. */
export async function signedInContext(browser: Browser, baseUrl: string, user: SignedUpUser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'es-PE' });
  const [name, ...rest] = user.cookie.split('=');
  await context.addCookies([{ name, value: rest.join('='), url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

async function api<T>(baseUrl: string, user: SignedUpUser, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v2/${url}`, {
    method,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new event owned by `owner`. */
export async function createEvent(baseUrl: string, owner: SignedUpUser, name = 'Feria de prueba'): Promise<string> {
  const code = `chat-${Math.random().toString(36).slice(2, 10)}`;
  const start = new Date(Date.now() + 7 * 86400_000);
  const res = await api<{ data: { _id: string } }>(baseUrl, owner, 'POST', 'event', {
    eventName: name,
    eventCode: code,
    venue: 'Centro de Convenciones de Lima',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 3 * 3600_000).toISOString(),
  });
  return res.data._id;
}

/** Invites `guest` into the event's team: both become chat contacts (they share an event team). */
export async function inviteCollaborator(baseUrl: string, owner: SignedUpUser, eventId: string, guest: SignedUpUser) {
  await api(baseUrl, owner, 'POST', `event/${eventId}/collaborator`, { email: guest.email, module: 'store', role: 'register' });
}

/**
 * Two users who are contacts of each other (A owns an event, B is on its team). B's e-mail is verified: team
 * invitations grant at once only to accounts that proved their e-mail.
 */
export async function twoContacts(app: { node: { url: string }; ctx: AppContext }): Promise<{ a: SignedUpUser; b: SignedUpUser; eventId: string }> {
  const baseUrl = app.node.url;
  const a = await signUp(baseUrl, { displayName: 'Ana Torres' });
  const b = await signUpVerified(app as never, { displayName: 'Bruno Díaz Soto' });
  const eventId = await createEvent(baseUrl, a);
  await inviteCollaborator(baseUrl, a, eventId, b);
  // The team read model is built by a projection: wait until each sees the other in the chat list.
  for (const [me, other] of [[a, b], [b, a]] as const) {
    for (let i = 0; ; i++) {
      const list = await api<{ data: { _id: string }[] }>(baseUrl, me, 'GET', 'users');
      if (list.data.some((u) => u._id === other.user._id)) break;
      if (i > 100) throw new Error('contacts never appeared in the chat list');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { a, b, eventId };
}

export { api as apiCall };

/** Opens the chat panel and the conversation with `name` (under Conectados or Desconectados). */
export async function openConversation(page: Page, name: string, filter: 'Conectados' | 'Desconectados' = 'Conectados') {
  const panel = page.getByTestId('chat-panel');
  if (!(await panel.isVisible())) await page.getByTestId('chat-button').click();
  await panel.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  await panel.getByTestId('chat-contact').filter({ hasText: name }).click();
  await panel.getByTestId('chat-conversation').waitFor();
}

/** The bubbles of the open conversation whose text is exactly `text`. */
export function bubbles(page: Page, text: string) {
  return page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-message-text').getByText(text, { exact: true }) });
}


/**
 * expect.poll with room for a loaded machine (two cores shared by several test files): the default 1 s is
 * too short for a projection plus a socket push under load.
 */
export function eventually<T>(fn: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(fn, { timeout, interval: 100 });
}

/**
 * Opens a page of the app, signed in. Other test files may rebuild web/dist at the same moment (the API then
 * answers 500 or a chunk 404s), so a page that did not come up is loaded again.
 */
export async function gotoApp(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    const res = await page.goto(url).catch(() => null);
    const ok =
      res?.status() === 200 &&
      (await page
        .getByTestId('notifications-button')
        .waitFor({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false));
    if (ok) return;
    if (attempt >= 4) throw new Error(`the app did not load at ${url} (status ${res?.status()})`);
    await page.waitForTimeout(2000);
  }
}
