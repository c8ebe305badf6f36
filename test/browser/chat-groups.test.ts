import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { emitAck, nextEvent, socketFor } from '../chat/helpers.js';
import { apiCall, bubbles, eventually, gotoApp, inviteCollaborator, signedInContext, twoContacts } from './chat-helpers.js';
import { useBrowserApp } from './support.js';
import { signUpVerified } from '../events/helpers.js';

const SHOTS = process.env.CHAT_SCREENSHOTS ?? '/tmp/aforo-chat-shots';

describe('chat group rooms in the browser (two users)', () => {
  const t = useBrowserApp();
  let browser: Browser;
  let a: SignedUpUser;
  let b: SignedUpUser;
  let c: SignedUpUser;
  let pageA: Page;
  let pageB: Page;

  beforeAll(async () => {
    browser = t.browser;
    const contacts = await twoContacts(t);
    ({ a, b } = contacts);
    // A third contact of both, for a group with several typists.
    c = await signUpVerified(t as never, { displayName: 'Carla Ríos' });
    await inviteCollaborator(t.node.url, a, contacts.eventId, c);
    for (let i = 0; ; i++) {
      const list = await apiCall<{ data: { _id: string }[] }>(t.node.url, a, 'GET', 'users');
      if (list.data.some((u) => u._id === c.user._id)) break;
      if (i > 100) throw new Error('the third contact never appeared in the chat list');
      await new Promise((r) => setTimeout(r, 100));
    }
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

  it('A creates a group with B; B sees it appear live, sees A typing, gets A’s message, replies, and A sees the reply', async () => {
    // B has the chat open on the list, with no group yet. A mark on the document shows it is never reloaded.
    await pageB.getByTestId('chat-button').click();
    const panelB = pageB.getByTestId('chat-panel');
    await eventually(() => panelB.getByTestId('chat-groups').getByText('Aún no perteneces a ningún grupo.').isVisible()).toBe(true);
    await pageB.evaluate(() => void ((window as unknown as { sameDocument: boolean }).sameDocument = true));

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

    // B: the group appears at once (chat-room:created), before any message and without a reload.
    const groupB = panelB.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' });
    await eventually(() => groupB.isVisible()).toBe(true);
    expect(await groupB.getByTestId('chat-group-members').textContent()).toBe('2 miembros');
    expect(await groupB.textContent()).toContain('Sin mensajes');
    expect(await pageB.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // A types: B's group entry says who is typing; A's contact entry does not (the typing is in the group).
    await pageA.getByTestId('chat-input').fill('Hola equipo, nos vemos a las 9');
    await eventually(() => groupB.getByTestId('chat-writing').textContent()).toBe('Ana Torres escribiendo...');
    expect(await panelB.getByTestId('chat-contact').filter({ hasText: 'Ana Torres' }).getByTestId('chat-writing').count()).toBe(0);
    await pageB.screenshot({ path: `${SHOTS}/chat-group-writing-list.png` });
    await pageA.getByTestId('chat-input').press('Enter');
    const sentA = bubbles(pageA, 'Hola equipo, nos vemos a las 9');
    await eventually(() => sentA.getAttribute('data-state')).not.toBe('pending');
    await eventually(() => pageA.getByTestId('chat-input').inputValue()).toBe('');

    // B: sending stopped the typing; the entry shows the last message with its author and an unread badge.
    await eventually(() => pageB.getByTestId('chat-button').textContent()).toContain('1');
    await eventually(() => groupB.getByTestId('chat-last-message').textContent()).toBe('Ana Torres: Hola equipo, nos vemos a las 9');
    expect(await groupB.getByTestId('chat-writing').count()).toBe(0);
    expect(await groupB.getByTestId('chat-group-members').textContent()).toBe('2 miembros');
    await eventually(() => groupB.getByTestId('chat-unread').textContent()).toBe('1');
    await pageB.screenshot({ path: `${SHOTS}/chat-groups-list.png` });

    // B opens it: A's message carries A's name; B replies through the same input.
    await groupB.click();
    const fromA = bubbles(pageB, 'Hola equipo, nos vemos a las 9');
    await eventually(() => fromA.getByTestId('chat-message-sender').textContent()).toBe('Ana Torres');
    await pageB.getByTestId('chat-input').fill('Perfecto, ahí estaré');
    // A, in the group, sees B typing in the header.
    await eventually(() => convA.getByTestId('chat-status').textContent()).toBe('Bruno Díaz Soto escribiendo...');
    await pageB.getByTestId('chat-send').click();
    await eventually(() => convA.getByTestId('chat-status').textContent()).toBe('2 miembros: Tú, Bruno Díaz Soto');
    await eventually(() => bubbles(pageB, 'Perfecto, ahí estaré').getAttribute('data-mine')).toBe('true');
    // Own messages carry no name.
    expect(await bubbles(pageB, 'Perfecto, ahí estaré').getByTestId('chat-message-sender').count()).toBe(0);

    // A (still in the group) sees the reply live, with B's name.
    const reply = bubbles(pageA, 'Perfecto, ahí estaré');
    await eventually(() => reply.getByTestId('chat-message-sender').textContent()).toBe('Bruno Díaz Soto');
    await pageA.screenshot({ path: `${SHOTS}/chat-group-conversation.png` });

    // B, in the open group, sees A typing in the header; when A stops, the members come back.
    const convB = panelB.getByTestId('chat-conversation');
    const membersB = '2 miembros: Ana Torres, Tú';
    expect(await convB.getByTestId('chat-status').textContent()).toBe(membersB);
    await pageA.getByTestId('chat-input').fill('Ya casi llego');
    await eventually(() => convB.getByTestId('chat-status').textContent()).toBe('Ana Torres escribiendo...');
    await pageB.screenshot({ path: `${SHOTS}/chat-group-writing-conversation.png` });
    await pageA.getByTestId('chat-input').fill('');
    await eventually(() => convB.getByTestId('chat-status').textContent()).toBe(membersB);

    // The server holds one group with both members and both messages (no duplicate from retries).
    const groups = await apiCall<{ data: { _id: string; members: unknown[] }[] }>(t.node.url, b, 'GET', 'chatRooms');
    expect(groups.data).toHaveLength(1);
    expect(groups.data[0].members).toHaveLength(2);
    const history = await apiCall<{ docs: number }>(t.node.url, a, 'GET', `chatMessage?_room=${groups.data[0]._id}`);
    expect(history.docs).toBe(2);
  }, 60_000);

  it('a group made elsewhere appears live for its members; several typists are named together', async () => {
    const sockets: Socket[] = [];
    const timers: ReturnType<typeof setInterval>[] = [];
    try {
      // B goes back to the list (nothing unsent in the group).
      const panelB = pageB.getByTestId('chat-panel');
      await panelB.getByRole('button', { name: 'Volver a la lista de contactos' }).click();
      await panelB.getByTestId('chat-groups').waitFor();
      // The group B has read shows no unread badge (no "0").
      const readGroup = panelB.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' });
      await eventually(() => readGroup.getByTestId('chat-unread').locator('.MuiBadge-badge').isVisible()).toBe(false);

      // A creates a second group through the API (another tab or device): B and A's page learn it live.
      const created = await apiCall<{ data: { _id: string } }>(t.node.url, a, 'POST', 'chatRoom', {
        id: randomUUID(),
        name: 'Comité de acreditación',
        members: [b.user._id, c.user._id],
      });
      const room = created.data._id;
      const groupB = panelB.getByTestId('chat-group').filter({ hasText: 'Comité de acreditación' });
      await eventually(() => groupB.getByTestId('chat-group-members').textContent()).toBe('3 miembros');
      const panelA = pageA.getByTestId('chat-panel');
      await panelA.getByRole('button', { name: 'Volver a la lista de contactos' }).click();
      await eventually(() => panelA.getByTestId('chat-group').filter({ hasText: 'Comité de acreditación' }).isVisible()).toBe(true);

      // A and C type (real Socket.IO clients, typing renewed like a keyboard would): B reads both names,
      // in the order they started, in the list and in the open conversation.
      const [sa, sc] = await Promise.all([socketFor(t.node.url, a.token), socketFor(t.node.url, c.token)]);
      sockets.push(sa, sc);
      const typing = (s: Socket) => {
        const emit = () => void emitAck(s, 'chat-room:writing', { _room: room, writing: true }).catch(() => undefined);
        emit();
        const timer = setInterval(emit, 1200);
        timers.push(timer);
        return timer;
      };
      typing(sa);
      await eventually(() => groupB.getByTestId('chat-writing').textContent()).toBe('Ana Torres escribiendo...');
      const cTyping = typing(sc);
      await eventually(() => groupB.getByTestId('chat-writing').textContent()).toBe('Ana Torres y Carla Ríos escribiendo...');
      await groupB.click();
      const convB = panelB.getByTestId('chat-conversation');
      await eventually(() => convB.getByTestId('chat-status').textContent()).toBe('Ana Torres y Carla Ríos escribiendo...');
      await pageB.screenshot({ path: `${SHOTS}/chat-group-writing-several.png` });

      // C stops: only A remains.
      clearInterval(cTyping);
      expect(await emitAck(sc, 'chat-room:writing', { _room: room, writing: false })).toMatchObject({ ok: true });
      await eventually(() => convB.getByTestId('chat-status').textContent()).toBe('Ana Torres escribiendo...');
    } finally {
      timers.forEach(clearInterval);
      sockets.forEach((s) => s.disconnect());
    }
  }, 60_000);
  it('A adds a contact to the group from the UI, B leaves it from the UI; everyone sees the member count change', async () => {
    const sc = await socketFor(t.node.url, c.token);
    try {
      // A opens "Equipo de la feria" (A and B) and its "Miembros".
      const panelA = pageA.getByTestId('chat-panel');
      await panelA.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' }).click();
      const convA = panelA.getByTestId('chat-conversation');
      await eventually(() => convA.getByTestId('chat-status').textContent()).toBe('2 miembros: Tú, Bruno Díaz Soto');
      await convA.getByRole('button', { name: 'Miembros' }).click();
      const membersA = pageA.getByRole('dialog', { name: 'Miembros de Equipo de la feria' });
      await membersA.waitFor();
      expect(await membersA.getByTestId('chat-member-name').allTextContents()).toEqual(['Tú', 'Bruno Díaz Soto']);
      await pageA.waitForTimeout(300);
      await pageA.screenshot({ path: `${SHOTS}/chat-group-members.png` });

      // "Agregar miembros" offers only contacts not in the group: Carla, not Bruno.
      await membersA.getByRole('button', { name: 'Agregar miembros' }).click();
      const addA = pageA.getByRole('dialog', { name: 'Agregar miembros' });
      await addA.getByRole('checkbox', { name: 'Carla Ríos' }).waitFor();
      expect(await addA.getByRole('checkbox', { name: 'Bruno Díaz Soto' }).count()).toBe(0);
      await pageA.screenshot({ path: `${SHOTS}/chat-group-add-members.png` });
      const room = (await apiCall<{ data: { _id: string; name: string }[] }>(t.node.url, a, 'GET', 'chatRooms')).data.find((g) => g.name === 'Equipo de la feria')!._id;
      const createdAtC = nextEvent<{ _id: string; members: unknown[] }>(sc, 'chat-room:created', (g) => g._id === room);
      await addA.getByRole('checkbox', { name: 'Carla Ríos' }).check();
      await addA.getByRole('button', { name: 'Agregar', exact: true }).click();

      // The dialog lists three members; the header says so; Carla's socket got the group; B's list shows 3.
      await eventually(() => membersA.getByTestId('chat-member').count()).toBe(3);
      expect((await createdAtC).members).toHaveLength(3);
      await membersA.getByRole('button', { name: 'Cerrar' }).click();
      await eventually(() => convA.getByTestId('chat-status').textContent()).toMatch(/^3 miembros: Tú, /);
      const panelB = pageB.getByTestId('chat-panel');
      await panelB.getByRole('button', { name: 'Volver a la lista de contactos' }).click();
      const groupB = panelB.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' });
      await eventually(() => groupB.getByTestId('chat-group-members').textContent()).toBe('3 miembros');

      // B opens the group and asks to leave; "¡Cancelar!" keeps B in it.
      await groupB.click();
      const convB = panelB.getByTestId('chat-conversation');
      await convB.getByRole('button', { name: 'Miembros' }).click();
      const membersB = pageB.getByRole('dialog', { name: 'Miembros de Equipo de la feria' });
      await membersB.getByRole('button', { name: 'Salir del grupo' }).click();
      const confirm = pageB.getByRole('dialog', { name: '¿Desea realizar esta acción?' });
      await eventually(() => confirm.getByText('Saldrás de Equipo de la feria y dejarás de recibir sus mensajes.').isVisible()).toBe(true);
      await pageB.waitForTimeout(300); // the dialog's fade-in
      await pageB.screenshot({ path: `${SHOTS}/chat-group-leave-confirm.png` });
      await confirm.getByRole('button', { name: '¡Cancelar!' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await membersB.isVisible()).toBe(true);
      await membersB.getByRole('button', { name: 'Salir del grupo' }).click();
      await confirm.getByRole('button', { name: '¡Aceptar!' }).click();

      // The group leaves B's screen and list; A sees two members, live, in the header and in the list.
      await eventually(() => convB.count()).toBe(0);
      await panelB.getByTestId('chat-groups').waitFor();
      expect(await panelB.getByTestId('chat-group').filter({ hasText: 'Comité de acreditación' }).count()).toBe(1);
      expect(await groupB.count()).toBe(0);
      await eventually(() => convA.getByTestId('chat-status').textContent()).toBe('2 miembros: Tú, Carla Ríos');
      await panelA.getByRole('button', { name: 'Volver a la lista de contactos' }).click();
      await eventually(() => panelA.getByTestId('chat-group').filter({ hasText: 'Equipo de la feria' }).getByTestId('chat-group-members').textContent()).toBe('2 miembros');
      await pageA.screenshot({ path: `${SHOTS}/chat-group-after-leave.png` });

      // On the server B is out: the group is not listed and B cannot write in it.
      const groupsB = await apiCall<{ data: { _id: string }[] }>(t.node.url, b, 'GET', 'chatRooms');
      expect(groupsB.data.map((g) => g._id)).not.toContain(room);
      const res = await fetch(`${t.node.url}/api/v2/chatMessage?_room=${room}&id=${randomUUID()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'sigo aquí' }),
      });
      expect(res.status).toBe(403);
    } finally {
      sc.disconnect();
    }
  }, 90_000);
});
