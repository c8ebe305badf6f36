import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { signUpVerified } from '../events/helpers.js';
import { eventually, signedInContext } from './chat-helpers.js';
import { apiAs, createEventApi } from './events-helpers.js';
import { useBrowserApp } from './support.js';

/**
 * `event:updated` keeps open pages live: the projection pushes it to the event's team after its read models
 * changed, and the web app refetches the event's queries (web/src/modules/events/api.ts).
 */
describe('an open event page follows edits made elsewhere', () => {
  const t = useBrowserApp();

  it('the owner edits the name: the dashboard open in two other contexts shows it without a reload', async () => {
    const owner = await signUp(t.node.url, { displayName: 'Olivia Dueña' });
    // Invited below: invitations grant at once only to accounts that proved their e-mail.
    const member = await signUpVerified(t as never, { displayName: 'Mateo Equipo' });
    const api = apiAs(t.node.url, owner);
    const code = `en-vivo-${Date.now().toString(36)}`;
    const ev = await createEventApi(api, { eventName: 'Feria en Vivo', eventCode: code });
    expect((await api('POST', `/event/${ev._id}/collaborator`, { email: member.email, module: 'store', role: 'administrator' })).status).toBe(201);

    const dashboard = `${t.node.url}/module/${owner.user._id}/${code}/store`;
    const open = async (who: typeof owner) => {
      const page = await (await signedInContext(t.browser, t.node.url, who)).newPage();
      const socket = page.waitForEvent('websocket', { timeout: 60_000 });
      await page.goto(dashboard);
      await socket;
      await page.getByRole('heading', { name: 'Feria en Vivo' }).first().waitFor({ timeout: 20_000 });
      return page;
    };
    // The member's role reaches the memberships read model a moment after the invitation.
    const asMember = apiAs(t.node.url, member);
    await eventually(async () => (await asMember('GET', `/event/${ev._id}`)).status, 20_000).toBe(200);
    const ownerPage = await open(owner);
    const memberPage = await open(member);
    let reloads = 0;
    for (const p of [ownerPage, memberPage]) p.on('framenavigated', (f) => void (f === p.mainFrame() && reloads++));

    // Edited outside both pages (another tab's request): each open page shows the new name by itself.
    expect((await api('PUT', `/event/${ev._id}`, { eventName: 'Feria en Vivo 2027' })).status).toBe(200);
    for (const p of [ownerPage, memberPage]) {
      await p.getByRole('heading', { name: 'Feria en Vivo 2027', exact: true }).first().waitFor({ timeout: 15_000 });
    }
    expect(reloads).toBe(0);
  }, 120_000);
});
