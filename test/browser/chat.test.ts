import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { GetChatRoomResponse, ListChatMessagesResponse } from '../../src/contracts/chat.js';
import type { SignedUpUser } from '../support/accounts.js';
import { apiCall, eventually, gotoApp, bubbles, openConversation, signedInContext, twoContacts } from './chat-helpers.js';
import { useBrowserApp } from './support.js';

const SHOTS = process.env.CHAT_SCREENSHOTS ?? '/tmp/aforo-chat-shots';

describe('chat in the browser (two users, two contexts)', () => {
  const t = useBrowserApp();
  let browser: Browser;
  let a: SignedUpUser;
  let b: SignedUpUser;
  let ctxA: BrowserContext;
  let ctxB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  /**
   * A's WebSocket goes through this route (Socket.IO frames: `42<ack id>["event",payload]` out, `43<ack id>[answer]`
   * back). Sends pass through unless a test queues acks to answer instead of the server, or asks to drop the
   * server's ack of the next send (the message is saved, its answer lost).
   */
  const wsA = { fakeAcks: [] as number[], dropNextAck: false, droppedAcks: new Set<string>(), sends: 0 };
  const SEND_FRAME = /^42(\d+)\["chat-room:message"/;

  beforeAll(async () => {
    browser = t.browser;
    ({ a, b } = await twoContacts(t));
    ctxA = await signedInContext(browser, t.node.url, a);
    ctxB = await signedInContext(browser, t.node.url, b);
    pageA = await ctxA.newPage();
    await pageA.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((frame) => {
        const id = typeof frame === 'string' ? /^43(\d+)/.exec(frame)?.[1] : undefined;
        if (id && wsA.droppedAcks.delete(id)) return;
        ws.send(frame);
      });
      ws.onMessage((frame) => {
        const send = typeof frame === 'string' ? SEND_FRAME.exec(frame) : null;
        if (send) wsA.sends++;
        const status = send ? wsA.fakeAcks.shift() : undefined;
        if (send && status) {
          const messagePublic = status === 429 ? 'Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.' : 'Inténtalo de nuevo en unos minutos.';
          ws.send(`43${send[1]}[${JSON.stringify({ ok: false, status, messagePublic })}]`);
          return;
        }
        if (send && wsA.dropNextAck) {
          wsA.dropNextAck = false;
          wsA.droppedAcks.add(send[1]);
        }
        server.send(frame);
      });
    });
    pageB = await ctxB.newPage();
    await Promise.all([gotoApp(pageA, t.node.url), gotoApp(pageB, t.node.url)]);
    await Promise.all([pageA.getByTestId('chat-button').waitFor(), pageB.getByTestId('chat-button').waitFor()]);
  }, 240_000);

  afterEach(async (ctx) => {
    // A failing step leaves both screens behind for diagnosis.
    if (ctx.task.result?.state === 'fail') {
      await pageA?.screenshot({ path: `${SHOTS}/failed-a.png` }).catch(() => undefined);
      await pageB?.screenshot({ path: `${SHOTS}/failed-b.png` }).catch(() => undefined);
    }
  });

  it('sends, shows delivered then viewed, typing and the unread badge', async () => {
    await openConversation(pageA, 'Bruno Díaz Soto');
    // Avatar of the contact: up to 2 initials.
    await eventually(() => pageA.getByTestId('chat-conversation').getByTestId('avatar').first().textContent()).toBe('BD');

    await pageA.getByTestId('chat-input').fill('Hola Bruno, ¿llegas a la feria? <b>no es HTML</b>');
    await pageA.getByTestId('chat-input').press('Enter');
    const mine = bubbles(pageA, 'Hola Bruno, ¿llegas a la feria? <b>no es HTML</b>');
    // B is connected but not reading this room: delivered (double check, not primary).
    await eventually(() => mine.getAttribute('data-state')).toBe('delivered');
    await eventually(() => pageA.getByTestId('chat-input').inputValue()).toBe('');

    // B: unread badge on the top-bar button and on the contact, last message in the list.
    await eventually(() => pageB.getByTestId('chat-button').textContent()).toContain('1');
    await pageB.getByTestId('chat-button').click();
    const contactA = pageB.getByTestId('chat-contact').filter({ hasText: 'Ana Torres' });
    await eventually(() => contactA.getByTestId('chat-unread').textContent()).toBe('1');
    await eventually(() => contactA.getByTestId('chat-last-message').textContent()).toContain('Hola Bruno');

    // Typing in A shows 'escribiendo...' in B's list; Shift+Enter makes a new line, nothing is sent.
    await pageA.getByTestId('chat-input').pressSequentially('Un momento', { delay: 20 });
    await pageA.getByTestId('chat-input').press('Shift+Enter');
    await eventually(() => contactA.getByTestId('chat-writing').textContent()).toBe('escribiendo...');
    expect(await pageA.getByTestId('chat-input').inputValue()).toBe('Un momento\n');
    await pageB.screenshot({ path: `${SHOTS}/chat-list-writing.png` });

    // B opens the room: the message is viewed, A sees it in the primary colour; no HTML ran.
    await contactA.click();
    await eventually(() => mine.getAttribute('data-state')).toBe('viewed');
    const color = await mine.getByTestId('message-state').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(238, 105, 50)');
    expect(await pageB.getByTestId('chat-conversation').locator('b').count()).toBe(0);
    await eventually(() => contactA.count()).toBe(0); // the list is replaced by the conversation in the panel

    // B replies while A reads the room with the tab visible: A marks it viewed at once.
    await pageB.getByTestId('chat-input').fill('¡Sí! Nos vemos allí.');
    await pageB.getByTestId('chat-input').press('Enter');
    await eventually(() => bubbles(pageA, '¡Sí! Nos vemos allí.').count()).toBe(1);
    await eventually(() => bubbles(pageB, '¡Sí! Nos vemos allí.').getAttribute('data-state')).toBe('viewed');
    await pageA.getByTestId('chat-input').fill('');
    await pageA.screenshot({ path: `${SHOTS}/chat-panel-a.png` });
    await pageB.screenshot({ path: `${SHOTS}/chat-panel-b.png` });
  }, 60_000);

  it('refuses a 40000+ character message with the spec text for 3 s and sends nothing', async () => {
    const before = await bubbles(pageA, 'x'.repeat(40001)).count();
    await pageA.getByTestId('chat-input').fill('x'.repeat(40001));
    await pageA.getByTestId('chat-input').press('Enter');
    const error = pageA.getByTestId('chat-error');
    await eventually(() => error.textContent()).toBe('El mensaje debe de tener como máximo 40 000 caracteres.');
    expect(await pageA.getByTestId('chat-message').filter({ hasText: 'xxxxxxxxxx' }).count()).toBe(before);
    await pageA.screenshot({ path: `${SHOTS}/chat-too-long.png` });
    await eventually(() => error.count()).toBe(0);
    // Blank text is not sent either.
    const count = await pageA.getByTestId('chat-message').count();
    await pageA.getByTestId('chat-input').fill('   \n  ');
    await pageA.getByTestId('chat-input').press('Enter');
    await pageA.waitForTimeout(300);
    expect(await pageA.getByTestId('chat-message').count()).toBe(count);
    await pageA.getByTestId('chat-input').fill('');
  }, 30_000);

  it('keeps a message written offline pending through a reload and delivers it exactly once', async () => {
    // B goes back to the list, so the message will be delivered (not viewed).
    await pageB.getByRole('button', { name: 'Volver a la lista de contactos' }).click();
    // Keep Socket.IO away even after the network comes back, until the end of the test.
    await pageA.route('**/socket.io/**', (route) => route.abort());
    await ctxA.setOffline(true);
    await pageA.getByTestId('chat-offline').waitFor({ timeout: 10_000 });
    const text = 'Escrito sin conexión';
    await pageA.getByTestId('chat-input').fill(text);
    await pageA.getByTestId('chat-input').press('Enter');
    await eventually(() => bubbles(pageA, text).getAttribute('data-state')).toBe('pending');
    await eventually(() => bubbles(pageA, text).getByTestId('message-state').getAttribute('data-state')).toBe('pending');
    await pageA.screenshot({ path: `${SHOTS}/chat-offline-pending.png` });

    // Reload (network back, socket still blocked): the pending message is still there with its clock.
    await ctxA.setOffline(false);
    await gotoApp(pageA, t.node.url);
    await openConversation(pageA, 'Bruno Díaz Soto');
    await pageA.getByTestId('chat-offline').waitFor({ timeout: 10_000 });
    await eventually(() => bubbles(pageA, text).getAttribute('data-state')).toBe('pending');

    // Meanwhile B writes: A misses the push and must fetch it (GET newChatMessage) after reconnecting.
    const room = await apiCall<GetChatRoomResponse>(t.node.url, b, 'GET', `chatRoom?_user=${a.user._id}`);
    await apiCall(t.node.url, b, 'POST', `chatMessage?_room=${room.chatRoom._id}&_participant=${room.sender._participant}&id=${randomUUID()}`, {
      message: 'Mientras estabas fuera',
    });

    // Socket back: resent with the same id, delivered to B, exactly once.
    await pageA.unroute('**/socket.io/**');
    // The missed message appears in A's open room and is marked viewed.
    await eventually(() => bubbles(pageA, 'Mientras estabas fuera').count()).toBe(1);
    await eventually(async () => {
      const h = await apiCall<ListChatMessagesResponse>(t.node.url, b, 'GET', `chatMessage?_room=${room.chatRoom._id}&limit=10`);
      return h.data.find((m) => m.message === 'Mientras estabas fuera')?.state;
    }).toBe('viewed');
    await eventually(() => bubbles(pageA, text).getAttribute('data-state')).toBe('delivered');
    expect(await pageA.getByTestId('chat-offline').count()).toBe(0);
    const contactA = pageB.getByTestId('chat-contact').filter({ hasText: 'Ana Torres' });
    await eventually(() => contactA.getByTestId('chat-last-message').textContent()).toBe(text);
    await eventually(() => contactA.getByTestId('chat-unread').textContent()).toBe('1');

    const history = await apiCall<ListChatMessagesResponse>(t.node.url, b, 'GET', `chatMessage?_room=${room.chatRoom._id}&limit=100`);
    expect(history.data.filter((m) => m.message === text)).toHaveLength(1);
    expect(await pageA.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('aforo.chat.outbox')).length)).toBe(0);

    await contactA.click();
    await eventually(() => bubbles(pageB, text).count()).toBe(1);
    await pageA.waitForTimeout(500);
    expect(await bubbles(pageA, text).count()).toBe(1);
  }, 90_000);

  it('keeps messages the server refuses for now (429, 503) pending and sends them later, in order, once', async () => {
    // Sends go over the socket: the first two meet the per-user limit, the third a server restarting; then through.
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().includes('/api/v2/chatMessage')) posts.push(r.url());
    };
    pageA.on('request', onRequest);
    const sendsBefore = wsA.sends;
    wsA.fakeAcks.push(429, 429, 503);
    const texts = ['En cola uno', 'En cola dos', 'En cola tres'];
    for (const text of texts) {
      await pageA.getByTestId('chat-input').fill(text);
      await pageA.getByTestId('chat-input').press('Enter');
    }
    await eventually(() => pageA.getByTestId('chat-error').textContent()).toBe(
      'Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.',
    );
    // Nothing was put back in the box: the messages wait with their clock instead.
    expect(await pageA.getByTestId('chat-input').inputValue()).toBe('');
    expect(await bubbles(pageA, 'En cola tres').getAttribute('data-state')).toBe('pending');
    await pageA.screenshot({ path: `${SHOTS}/chat-retry-pending.png` });

    for (const text of texts) await eventually(() => bubbles(pageA, text).getAttribute('data-state'), 20_000).not.toBe('pending');
    expect(wsA.fakeAcks).toHaveLength(0);
    // Every attempt went over the socket (the answered ones and the retries); none needed the HTTP fallback.
    expect(wsA.sends - sendsBefore).toBeGreaterThanOrEqual(6);
    expect(posts).toEqual([]);
    pageA.off('request', onRequest);
    const room = await apiCall<GetChatRoomResponse>(t.node.url, b, 'GET', `chatRoom?_user=${a.user._id}`);
    const history = await apiCall<ListChatMessagesResponse>(t.node.url, b, 'GET', `chatMessage?_room=${room.chatRoom._id}&limit=100`);
    const saved = history.data.filter((m) => texts.includes(m.message)).sort((x, y) => x.seq - y.seq);
    expect(saved.map((m) => m.message)).toEqual(texts);
    expect(await pageA.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('aforo.chat.outbox')).length)).toBe(0);
  }, 60_000);

  it('a socket send whose ack is lost falls back to POST chatMessage with the same id: one message', async () => {
    const text = 'Sin respuesta del socket';
    const post = pageA.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v2/chatMessage'), { timeout: 15_000 });
    wsA.dropNextAck = true;
    await pageA.getByTestId('chat-input').fill(text);
    await pageA.getByTestId('chat-input').press('Enter');
    // Saved through the socket already, but unanswered: still pending until the fallback answers.
    expect(await bubbles(pageA, text).getAttribute('data-state')).toBe('pending');
    const id = new URL((await post).url()).searchParams.get('id');
    await eventually(() => bubbles(pageA, text).getAttribute('data-state'), 20_000).not.toBe('pending');
    const room = await apiCall<GetChatRoomResponse>(t.node.url, b, 'GET', `chatRoom?_user=${a.user._id}`);
    const history = await apiCall<ListChatMessagesResponse>(t.node.url, b, 'GET', `chatMessage?_room=${room.chatRoom._id}&limit=100`);
    expect(history.data.filter((m) => m.message === text).map((m) => m.id)).toEqual([id]);
    expect(await bubbles(pageA, text).count()).toBe(1);
  }, 60_000);

  it('asks before closing the chat with unsent text', async () => {
    await pageB.getByTestId('chat-input').fill('Texto sin enviar');
    await pageB.getByRole('button', { name: 'Cerrar chat' }).click();
    const dialog = pageB.getByRole('dialog', { name: '¿Desea realizar esta acción?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Existe información que no ha sido guardada.');
    await pageB.screenshot({ path: `${SHOTS}/chat-confirm.png` });
    await dialog.getByRole('button', { name: '¡Cancelar!' }).click();
    expect(await pageB.getByTestId('chat-input').inputValue()).toBe('Texto sin enviar');
    await pageB.getByRole('button', { name: 'Cerrar chat' }).click();
    await pageB.getByRole('dialog', { name: '¿Desea realizar esta acción?' }).getByRole('button', { name: '¡Aceptar!' }).click();
    await eventually(() => pageB.getByTestId('chat-panel').isVisible()).toBe(false);
  }, 30_000);

  it('shows the same chat full-screen on /chat', async () => {
    await gotoApp(pageB, `${t.node.url}/chat`);
    await pageB.getByTestId('chat-page').waitFor();
    await pageB.getByTestId('chat-page').getByTestId('chat-contact').filter({ hasText: 'Ana Torres' }).click();
    await eventually(() => bubbles(pageB, 'Escrito sin conexión').count()).toBe(1);
    await pageB.screenshot({ path: `${SHOTS}/chat-page.png` });
    // Leaving the page with unsent text asks first.
    await pageB.getByTestId('chat-page').getByTestId('chat-input').fill('Borrador');
    await pageB.getByRole('link', { name: 'Mis Eventos' }).first().click();
    const dialog = pageB.getByRole('dialog', { name: '¿Desea realizar esta acción?' });
    await dialog.getByRole('button', { name: '¡Cancelar!' }).click();
    expect(new URL(pageB.url()).pathname).toBe('/chat');
    await pageB.getByRole('link', { name: 'Mis Eventos' }).first().click();
    await dialog.getByRole('button', { name: '¡Aceptar!' }).click();
    await eventually(() => new URL(pageB.url()).pathname).not.toBe('/chat');
  }, 30_000);
});
