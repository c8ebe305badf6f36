import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GetChatRoomResponse, ListChatMessagesResponse } from '../../src/contracts/chat.js';
import type { SignedUpUser } from '../support/accounts.js';
import { apiCall, eventually, gotoApp, bubbles, openConversation, signedInContext, twoContacts } from './chat-helpers.js';
import { useBrowserApp } from './support.js';

const SHOTS = process.env.CHAT_SCREENSHOTS ?? '/tmp/aforo-chat-shots';

describe('chat history paging, tab visibility and mobile Enter', () => {
  const t = useBrowserApp();
  let browser: Browser;
  let a: SignedUpUser;
  let b: SignedUpUser;
  let room: GetChatRoomResponse;
  let pageA: Page;

  /** B sends through the API (POST chatMessage with a client id), waiting out the per-user rate limit. */
  const sendAsB = async (message: string) => {
    const url = `chatMessage?_room=${room.chatRoom._id}&_participant=${room.sender._participant}&id=${randomUUID()}`;
    for (;;) {
      try {
        return await apiCall(t.node.url, b, 'POST', url, { message });
      } catch (err) {
        if (!String(err).includes(': 429 ')) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  const stateOf = async (message: string) => {
    const h = await apiCall<ListChatMessagesResponse>(t.node.url, b, 'GET', `chatMessage?_room=${room.chatRoom._id}&limit=5`);
    return h.data.find((m) => m.message === message)?.state;
  };

  beforeAll(async () => {
    browser = t.browser;
    ({ a, b } = await twoContacts(t));
    room = await apiCall<GetChatRoomResponse>(t.node.url, b, 'GET', `chatRoom?_user=${a.user._id}`);
    for (let i = 1; i <= 45; i++) await sendAsB(`Mensaje ${i}`);
    pageA = await (await signedInContext(browser, t.node.url, a)).newPage();
    await gotoApp(pageA, t.node.url);
  }, 240_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await pageA?.screenshot({ path: `${SHOTS}/failed-paging.png` }).catch(() => undefined);
  });

  it('opens on the newest page and loads older pages when scrolled up, in order', async () => {
    await openConversation(pageA, 'Bruno Díaz Soto', 'Desconectados');
    const all = pageA.getByTestId('chat-message-text');
    await eventually(() => all.count()).toBe(20);
    expect(await all.last().textContent()).toBe('Mensaje 45');
    const area = pageA.getByTestId('chat-messages');
    // Opened at the bottom: the newest message is in view.
    expect(await area.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5);
    await area.evaluate((el) => el.scrollTo(0, 0));
    await eventually(() => all.count()).toBe(40);
    // The view stays where the reader was (not thrown to the top).
    expect(await area.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await area.evaluate((el) => el.scrollTo(0, 0));
    await eventually(() => all.count()).toBe(45);
    const texts = await all.allTextContents();
    expect(texts).toEqual(Array.from({ length: 45 }, (_v, i) => `Mensaje ${i + 1}`));
    // Opening the room marked everything viewed.
    await eventually(() => stateOf('Mensaje 45')).toBe('viewed');
    await pageA.screenshot({ path: `${SHOTS}/chat-history.png` });
  }, 60_000);

  it('a message arriving while the tab is hidden is delivered, and viewed when the tab comes back', async () => {
    const setVisibility = (state: 'hidden' | 'visible') =>
      pageA.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await sendAsB('¿Sigues ahí?');
    await eventually(() => bubbles(pageA, '¿Sigues ahí?').count()).toBe(1);
    await eventually(() => stateOf('¿Sigues ahí?')).toBe('delivered');
    await setVisibility('visible');
    await eventually(() => stateOf('¿Sigues ahí?')).toBe('viewed');
  }, 30_000);

  it('on a phone Enter makes a new line and the send button sends', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true, locale: 'es-PE' });
    const [name, ...rest] = a.cookie.split('=');
    await phone.addCookies([{ name, value: rest.join('='), url: t.node.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await phone.newPage();
    await gotoApp(page, t.node.url);
    await openConversation(page, 'Bruno Díaz Soto', 'Desconectados');
    await page.getByTestId('chat-input').fill('Línea uno');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-input').pressSequentially('Línea dos');
    expect(await page.getByTestId('chat-input').inputValue()).toBe('Línea uno\nLínea dos');
    await page.getByTestId('chat-send').click();
    await eventually(() => bubbles(page, 'Línea uno\nLínea dos').count()).toBe(1);
    await eventually(() => bubbles(page, 'Línea uno\nLínea dos').getAttribute('data-state')).not.toBe('pending');
    await page.screenshot({ path: `${SHOTS}/chat-phone.png` });
    await phone.close();
  }, 40_000);
});
