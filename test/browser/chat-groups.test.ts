import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode } from '../support/context.js';
import type { SignedUpUser } from '../support/accounts.js';
import { apiCall, bubbles, ensureWebBuild, eventually, gotoApp, launchBrowser, signedInContext, twoContacts } from './chat-helpers.js';

const SHOTS = process.env.CHAT_SCREENSHOTS ?? '/tmp/aforo-chat-shots';

describe('chat group rooms in the browser (two users)', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  let browser: Browser;
  let a: SignedUpUser;
  let b: SignedUpUser;
  let pageA: Page;
  let pageB: Page;

  beforeAll(async () => {
    ensureWebBuild();
    t = await startTestNode();
    ({ a, b } = await twoContacts(t.node.url));
    browser = await launchBrowser();
    pageA = await (await signedInContext(browser, t.node.url, a)).newPage();
    pageB = await (await signedInContext(browser, t.node.url, b)).newPage();
    await Promise.all([gotoApp(pageA, t.node.url), gotoApp(pageB, t.node.url)]);
    await Promise.all([pageA.getByTestId('chat-button').waitFor(), pageB.getByTestId('chat-button').waitFor()]);
  }, 240_000);

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await pageA?.screenshot({ path: `${SHOTS}/groups-failed-a.png` }).catch(() => undefined);
      await pageB?.screenshot({ path: `${SHOTS}/groups-failed-b.png` }).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('A creates a group with B; B sees it and A’s message, replies, and A sees the reply', async () => {
    // A: "Nuevo grupo" from the panel's "Grupos" section.
    await pageA.getByTestId('chat-button').click();
    const panelA = pageA.getByTestId('chat-panel');
    await expect.poll(() => panelA.getByTestId('chat-groups').getByRole('heading', { name: 'Grupos' }).isVisible()).toBe(true);
    await panelA.getByRole('button', { name: 'Nuevo grupo' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Nuevo grupo' });
    await dialog.waitFor();

    // Both fields are required: an empty submit explains what is missing and creates nothing.
    await dialog.getByRole('button', { name: 'Crear grupo' }).click();
    await eventually(() => dialog.getByText('Este campo es obligatorio.').isVisible()).toBe(true);
    await eventually(() => dialog.getByText('Elige al menos un contacto.').isVisible()).toBe(true);
    expect((await apiCall<{ data: unknown[] }>(t.node.url, a, 'GET', 'chatRooms')).data).toHaveLength(0);

    await dialog.getByLabel('Nombre del grupo').fill('Equipo de la feria');
    await dialog.getByRole('checkbox', { name: 'Bruno Díaz Soto' }).check();
    await dialog.getByRole('button', { name: 'Crear grupo' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new group opens at once: its name and its members in the header.
    const convA = panelA.getByTestId('chat-conversation');
    await eventually(() => convA.getByRole('heading', { name: 'Equipo de la feria' }).isVisible()).toBe(true);
    await eventually(() => convA.getByTestId('chat-status').textContent()).toBe('2 miembros: Tú, Bruno Díaz Soto');
    await pageA.getByTestId('chat-input').fill('Hola equipo, nos vemos a las 9');
    await pageA.getByTestId('chat-input').press('Enter');
    const sentA = bubbles(pageA, 'Hola equipo, nos vemos a las 9');
    await eventually(() => sentA.getAttribute('data-state')).not.toBe('pending');
    await eventually(() => pageA.getByTestId('chat-input').inputValue()).toBe('');

    // B: the group appears (pushed by the message) with member count, last message and an unread badge.
    await eventually(() => pageB.getByTestId('chat-button').textContent()).toContain('1');
    await pageB.getByTestId('chat-button').click();
    const groupB = pageB.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' });
    await eventually(() => groupB.getByTestId('chat-last-message').textContent()).toBe('Ana Torres: Hola equipo, nos vemos a las 9');
    expect(await groupB.getByTestId('chat-group-members').textContent()).toBe('2 miembros');
    await eventually(() => groupB.getByTestId('chat-unread').textContent()).toBe('1');
    await pageB.screenshot({ path: `${SHOTS}/chat-groups-list.png` });

    // B opens it: A's message carries A's name; B replies through the same input.
    await groupB.click();
    const fromA = bubbles(pageB, 'Hola equipo, nos vemos a las 9');
    await eventually(() => fromA.getByTestId('chat-message-sender').textContent()).toBe('Ana Torres');
    await pageB.getByTestId('chat-input').fill('Perfecto, ahí estaré');
    await pageB.getByTestId('chat-send').click();
    await eventually(() => bubbles(pageB, 'Perfecto, ahí estaré').getAttribute('data-mine')).toBe('true');
    // Own messages carry no name.
    expect(await bubbles(pageB, 'Perfecto, ahí estaré').getByTestId('chat-message-sender').count()).toBe(0);

    // A (still in the group) sees the reply live, with B's name.
    const reply = bubbles(pageA, 'Perfecto, ahí estaré');
    await eventually(() => reply.getByTestId('chat-message-sender').textContent()).toBe('Bruno Díaz Soto');
    await pageA.screenshot({ path: `${SHOTS}/chat-group-conversation.png` });

    // The server holds one group with both members and both messages (no duplicate from retries).
    const groups = await apiCall<{ data: { _id: string; members: unknown[] }[] }>(t.node.url, b, 'GET', 'chatRooms');
    expect(groups.data).toHaveLength(1);
    expect(groups.data[0].members).toHaveLength(2);
    const history = await apiCall<{ docs: number }>(t.node.url, a, 'GET', `chatMessage?_room=${groups.data[0]._id}`);
    expect(history.docs).toBe(2);
  }, 60_000);
});
