// Audiences, short links and the subscription page of the CRM's campaigns, end to end against the real SMTP test
// server: a campaign from a contacts filter (consent and opt-outs counted in the preview and skipped at the start),
// short links that redirect and count clicks per recipient (HEAD, prefetch and a quick repeat not counted), the
// open pixel, and the person's subscription page (GET reads, POST writes consent with source subscription-page).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { campaignApi } from './campaign-support.js';

const app = useTestApp({ smtp: { delayMs: 5 } });

async function contact(org: SignedUpUser, body: Record<string, unknown>) {
  const id = randomUUID();
  const res = await fetch(`${app.api}/contacts/${org.user._id}/contacts`, {
    method: 'POST',
    headers: { ...bearer(org.token), 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: id, ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return id;
}
const granted = { status: 'granted', source: 'Formulario web' };

describe('campaign audiences, short links and the subscription page', { timeout: 120_000 }, () => {
  it('creates an e-mail campaign from a contacts filter; counts clicks and opens per recipient; the subscription page writes consent', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Campañas' });
    const c = campaignApi(app.api, org.token);
    const ana = await contact(org, { name: 'Ana Lima', email: 'ana@lima.pe', consent: { email: granted } });
    await contact(org, { name: 'Beto Lima', email: 'beto@lima.pe', consent: { email: { status: 'withdrawn', source: 'Formulario web' } } });
    await contact(org, { name: 'Carla Lima', email: 'carla@lima.pe' });
    await contact(org, { name: 'Dante Lima', phone: '+51987654321', consent: { email: granted } });
    await contact(org, { name: 'Eva Cusco', email: 'eva@cusco.pe', consent: { email: granted } });
    // Another organizer's contact never enters this organizer's audience.
    const other = await signUp(app.url, { displayName: 'Otra Organizadora' });
    await contact(other, { name: 'Zoe Lima', email: 'zoe@lima.pe', consent: { email: granted } });

    const audience = { source: 'filter', filter: { search: 'lima' } };
    const preview = await c.call('/contacts/audience/preview', { channel: 'email', audience });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ count: 3, withoutConsent: 2, withoutAddress: 1 });
    expect(preview.body.sample.map((s: { address: string }) => s.address).sort()).toEqual(['ana@lima.pe', 'beto@lima.pe', 'carla@lima.pe']);

    // A group of the groups area is an audience too: a static list's members; another organizer's group is a 404.
    const groupId = randomUUID();
    const g = await fetch(`${app.api}/contacts/${org.user._id}/groups`, {
      method: 'POST',
      headers: { ...bearer(org.token), 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: groupId, name: 'Solo Ana', kind: 'static' }),
    });
    expect(g.status, await g.clone().text()).toBe(201);
    const added = await fetch(`${app.api}/contacts/${org.user._id}/groups/${groupId}/members`, {
      method: 'POST',
      headers: { ...bearer(org.token), 'content-type': 'application/json' },
      body: JSON.stringify({ contactIds: [ana] }),
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    await expect
      .poll(async () => (await c.call('/contacts/audience/preview', { channel: 'email', audience: { source: 'group', groupId } })).body.count)
      .toBe(1);
    const strange = await campaignApi(app.api, other.token).call('/contacts/audience/preview', { channel: 'email', audience: { source: 'group', groupId } });
    expect(strange.body).toMatchObject({ status: 404, code: 'GROUP_NOT_FOUND' });

    // Neither an audience nor recipients: a Spanish 400; an audience nobody can be reached in: another.
    const senderId = await c.emailSender();
    const content = { kind: 'email', subject: 'Hola {{ contact.name }}', html: '<p>Mira el <a href="https://aforo.pe/e/FERIA?x=1&amp;y=2">programa</a>.</p>' };
    const none = await c.call('/contacts/campaigns', { clientId: randomUUID(), name: 'Sin audiencia', channel: 'email', senderId, content });
    expect(none.status).toBe(400);
    expect(none.body.messagePublic).toMatch(/Elige a quién enviar/);
    const empty = await c.call('/contacts/campaigns', { clientId: randomUUID(), name: 'Vacía', channel: 'email', senderId, content, audience: { source: 'filter', filter: { search: 'nadie-aqui' } } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('AUDIENCE_EMPTY');

    const id = randomUUID();
    const body = { clientId: id, name: 'Feria Lima', channel: 'email', senderId, content, audience };
    const created = await c.call('/contacts/campaigns', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // A retry with the same client id is the same campaign, even after the audience changed.
    await contact(org, { name: 'Fabio Lima', email: 'fabio@lima.pe', consent: { email: granted } });
    expect((await c.call('/contacts/campaigns', body)).status).toBe(201);
    expect((await c.progress(id)).campaign.recipientCount).toBe(3);

    await c.send(id);
    const done = await c.waitStatus(id, 'completed');
    expect(done.counts).toEqual({ sent: 1, unsubscribed: 2 });
    expect(app.smtp.mailsTo('beto@lima.pe')).toHaveLength(0);
    expect(app.smtp.mailsTo('fabio@lima.pe')).toHaveLength(0);
    const [mail] = app.smtp.mailsTo('ana@lima.pe');
    expect(mail).toBeTruthy();

    // The link is a short code of this recipient; the original URL is not in the mail's links.
    const short = /href="(https?:\/\/[^"]+\/r\/([0-9A-Za-z]{16}))"/.exec(mail.html)!;
    expect(short, mail.html).toBeTruthy();
    expect(mail.html).not.toContain('href="https://aforo.pe/e/FERIA');
    const shortPath = new URL(short[1]!).pathname;
    const head = await fetch(`${app.url}${shortPath}`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    const prefetch = await fetch(`${app.url}${shortPath}`, { redirect: 'manual', headers: { 'sec-purpose': 'prefetch' } });
    expect(prefetch.status).toBe(302);
    expect((await c.progress(id)).engagement).toEqual({ clicks: 0, uniqueClicks: 0, opens: 0, uniqueOpens: 0 });

    // Two simultaneous clicks (a double click) count once; the redirect goes to the original URL.
    const clicks = await Promise.all([0, 1].map(() => fetch(`${app.url}${shortPath}`, { redirect: 'manual' })));
    for (const r of clicks) {
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('https://aforo.pe/e/FERIA?x=1&y=2');
    }
    const pixel = /<img src="(https?:\/\/[^"]+\/r\/[0-9A-Za-z]{16})"/.exec(mail.html)!;
    const open = await fetch(`${app.url}${new URL(pixel[1]!).pathname}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toMatch(/image\/gif/);
    expect((await c.progress(id)).engagement).toEqual({ clicks: 1, uniqueClicks: 1, opens: 1, uniqueOpens: 1 });
    const grid = await c.call(`/contacts/campaigns/${id}/recipients`);
    expect(grid.body.data.find((r: { address: string }) => r.address === 'ana@lima.pe')).toMatchObject({ clicks: 1, opens: 1, state: 'sent' });
    const activity = await c.call('/contacts/campaignActivity');
    expect(activity.body.data.map((a: { kind: string }) => a.kind)).toEqual(expect.arrayContaining(['click', 'open', 'sent']));
    // Another organizer sees none of it.
    const otherActivity = await campaignApi(app.api, other.token).call('/contacts/campaignActivity');
    expect(otherActivity.body.data).toEqual([]);

    // Unknown or malformed codes: a Spanish 404.
    const unknown = await fetch(`${app.url}/r/AAAAAAAAAAAAAAAA`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).messagePublic).toBe('Este enlace no existe o ya no está disponible.');

    // The subscription page: its link is in the footer; a GET reads, a POST writes consent.
    const subLink = /href="(https?:\/\/[^"]+?\/subscription\/([^"/]+))"/.exec(mail.html)!;
    expect(subLink, mail.html).toBeTruthy();
    const token = subLink[2]!;
    const page = await fetch(`${app.api}/subscription/preferences/${token}`);
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await page.json()).toEqual({ name: 'Ana', email: 'a***@lima.pe', phone: null, channels: { email: true, whatsapp: false } });
    const forged = await fetch(`${app.api}/subscription/preferences/${token.slice(0, -3)}AAA`);
    expect(forged.status).toBe(400);
    expect((await forged.json()).messagePublic).toBe('Este enlace de suscripción no es válido.');

    const save = async (channels: Record<string, boolean>) => {
      const r = await fetch(`${app.api}/subscription/preferences/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(channels) });
      expect(r.status).toBe(200);
      return r.json();
    };
    expect((await save({ email: false, whatsapp: true })).channels).toEqual({ email: false, whatsapp: true });
    expect((await save({ email: false, whatsapp: true })).channels).toEqual({ email: false, whatsapp: true });
    const rec = await fetch(`${app.api}/contacts/${org.user._id}/contacts/${ana}?after=0`, { headers: bearer(org.token) });
    const recBody = (await rec.json()) as any;
    expect(recBody.data.consent.email).toMatchObject({ status: 'withdrawn', source: 'subscription-page' });
    expect(recBody.data.consent.whatsapp).toMatchObject({ status: 'granted', source: 'subscription-page' });
    // The creation's consent.email row, then one change of each channel: the repeated save wrote nothing.
    const audit = await fetch(`${app.api}/contacts/${org.user._id}/audit?entityId=${ana}`, { headers: bearer(org.token) });
    const auditRows = ((await audit.json()) as any).rows.filter((r: { field: string | null }) => r.field?.startsWith('consent.'));
    expect(auditRows.length).toBe(3);
    // Withdrawn: the next preview counts her as without consent.
    await expect
      .poll(async () => (await c.call('/contacts/audience/preview', { channel: 'email', audience: { source: 'contacts', contactIds: [ana] } })).body.withoutConsent)
      .toBe(1);

    // Granted again on the page after that withdrawal (which also recorded an opt-out): the next campaign sends to her.
    expect((await save({ email: true })).channels).toEqual({ email: true, whatsapp: true });
    const again = { source: 'contacts', contactIds: [ana] };
    await expect.poll(async () => (await c.call('/contacts/audience/preview', { channel: 'email', audience: again })).body.withoutConsent).toBe(0);
    const second = randomUUID();
    expect((await c.call('/contacts/campaigns', { clientId: second, name: 'Otra vez', channel: 'email', senderId, content, audience: again })).status).toBe(201);
    await c.send(second);
    expect((await c.waitStatus(second, 'completed')).counts).toEqual({ sent: 1 });
    expect(app.smtp.mailsTo('ana@lima.pe')).toHaveLength(2);
  });
});
