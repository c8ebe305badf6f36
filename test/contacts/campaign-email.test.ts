// E-mail campaigns end to end against the real SMTP test server: List-Unsubscribe headers (RFC 8058), one-click
// POST unsubscribes and GET does not, consent honoured at start and after, organizers kept apart, idempotent
// creation, and pause/resume without duplicates.
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { campaignApi, people } from './campaign-support.js';

/**
 * The count once it has stopped moving: unchanged for 2 s (a paused campaign's jobs in flight finish first; the
 * machine may be busy), then still unchanged 2 s later.
 */
async function settled(count: () => number): Promise<number> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let last = count();
  for (let i = 0; i < 30; i++) {
    await sleep(2000);
    if (count() === last) break;
    last = count();
  }
  await sleep(2000);
  expect(count()).toBe(last);
  return last;
}

describe('e-mail campaigns', () => {
  const app = useTestApp({ smtp: { delayMs: 15 } });

  it('sends to consenting recipients with one-click unsubscribe headers; POST unsubscribes, GET does not', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.emailSender();
    const recipients = people(5, 'uno', (i) => i !== 4);
    const { id } = await c.create({ senderId, recipients });

    // A retried creation (same client id) is the same campaign.
    const again = await c.call('/contacts/campaigns', {
      clientId: id,
      name: 'Lanzamiento 2026',
      channel: 'email',
      senderId,
      content: { kind: 'email', subject: 'Hola {{ contact.name }}', html: '<p>Hola {{ contact.name }}, te esperamos en {{ contact.ciudad | default: "Lima" }}.</p>' },
      recipients,
    });
    expect(again.status).toBe(201);

    await c.send(id);
    const done = await c.waitStatus(id, 'completed');
    expect(done.counts).toEqual({ sent: 4, unsubscribed: 1 });
    expect(app.smtp.mailsTo('uno.4@example.test')).toHaveLength(0);
    for (let i = 0; i < 4; i++) expect(app.smtp.mailsTo(`uno.${i}@example.test`)).toHaveLength(1);

    const mail = app.smtp.mailsTo('uno.0@example.test')[0];
    expect(mail.subject).toBe('Hola Persona 0');
    expect(mail.html).toContain('te esperamos en Arequipa');
    expect(mail.from).toBe('boletin@aforo.test');
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: (.*)$/im.exec(unfolded)?.[1] ?? '';
    const link = /<(https?:\/\/[^>]+\/api\/v2\/subscription\/[^>]+\/unsubscribe)>/.exec(header)?.[1];
    expect(link, header).toBeTruthy();
    expect(header).toMatch(/<mailto:boletin@aforo\.test\?subject=baja>/);
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    const path = new URL(link!).pathname.replace(/^\/api\/v2/, '');

    // A link scanner's GET changes nothing.
    const get = await fetch(`${app.api}${path}`);
    expect(get.status).toBe(200);
    expect((await get.json()).unsubscribed).toBe(false);
    expect((await c.progress(id)).counts).toEqual({ sent: 4, unsubscribed: 1 });
    // A forged token is refused in Spanish.
    const forged = await fetch(`${app.api}${path.replace(/\.[^./]+\/unsubscribe$/, '.AAAAAAAAAAAAAAAAAAAAAA/unsubscribe')}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).messagePublic).toBe('Este enlace de baja no es válido.');

    // The one-click POST (RFC 8058 body) unsubscribes; twice is once.
    for (let n = 0; n < 2; n++) {
      const post = await fetch(`${app.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status).toBe(200);
      expect((await post.json()).unsubscribed).toBe(true);
    }
    expect((await c.progress(id)).counts).toEqual({ sent: 3, unsubscribed: 2 });
    const grid = await c.call(`/contacts/campaigns/${id}/recipients?filterField=state&filterOperator=equals&filterValue=unsubscribed&sortField=address&sortOrder=asc`);
    expect(grid.body.rowCount).toBe(2);
    expect(grid.body.data.map((r: { address: string }) => r.address)).toEqual(['uno.0@example.test', 'uno.4@example.test']);
    const optouts = await app.ctx.db.selectFrom('contacts_campaign_optouts').selectAll().execute();
    expect(optouts).toMatchObject([{ address: 'uno.0@example.test', channel: 'email', source: 'one-click' }]);

    // The next campaign of the same organizer skips the opted-out address.
    const next = await c.create({ senderId, recipients: people(2, 'uno') });
    await c.send(next.id);
    const done2 = await c.waitStatus(next.id, 'completed');
    expect(done2.counts).toEqual({ sent: 1, unsubscribed: 1 });
    expect(app.smtp.mailsTo('uno.0@example.test')).toHaveLength(1);
    expect(app.smtp.mailsTo('uno.1@example.test')).toHaveLength(2);

    // Another organizer sees none of it.
    const other = campaignApi(app.api, (await signUp(app.url)).token);
    expect((await other.call(`/contacts/campaigns/${id}`)).status).toBe(404);
    expect((await other.call(`/contacts/campaigns/${id}/pause`, { clientId: crypto.randomUUID() })).status).toBe(404);
    expect((await other.call('/contacts/campaigns')).body.data).toEqual([]);
    const stolen = await other.call('/contacts/campaigns', { clientId: crypto.randomUUID(), name: 'x', channel: 'email', senderId, content: { kind: 'email', subject: 's', html: 'h' }, recipients: people(1, 'x') });
    expect(stolen.status).toBe(404);
    expect(stolen.body.messagePublic).toBe('No encontramos este remitente.');
  }, 90_000);

  it('pauses mid-campaign, sends nothing while paused, resumes without duplicates; cancel drops the rest', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.emailSender();
    const { id } = await c.create({ senderId, recipients: people(300, 'pausa') });
    await c.send(id);
    const to = (tag: string) => app.smtp.mails.filter((m) => m.to.some((t) => t.startsWith(`${tag}.`)));
    await expect.poll(() => to('pausa').length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(20);
    expect((await c.action(id, 'pause')).status).toBe(200);
    // Messages in flight when the pause landed finish; then nothing more arrives.
    const atPause = await settled(() => to('pausa').length);
    expect(atPause).toBeLessThan(300);
    expect((await c.progress(id)).campaign.status).toBe('paused');
    // Refusals in Spanish.
    const wrong = await c.action(id, 'pause');
    expect(wrong.status).toBe(200);
    const resumeAgain = await c.call(`/contacts/campaigns/${id}/send`, { clientId: crypto.randomUUID() });
    expect(resumeAgain.status).toBe(409);
    expect(resumeAgain.body.messagePublic).toBe('La campaña ya se está enviando.');

    expect((await c.action(id, 'resume')).status).toBe(200);
    const done = await c.waitStatus(id, 'completed', 60_000);
    expect(done.counts).toEqual({ sent: 300 });
    const perAddress = new Map<string, number>();
    for (const m of to('pausa')) perAddress.set(m.to[0], (perAddress.get(m.to[0]) ?? 0) + 1);
    expect(perAddress.size).toBe(300);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);

    // Cancel: the rest is never sent.
    const second = await c.create({ senderId, recipients: people(300, 'cancela') });
    await c.send(second.id);
    await expect.poll(() => to('cancela').length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(10);
    expect((await c.action(second.id, 'cancel')).status).toBe(200);
    const atCancel = await settled(() => to('cancela').length);
    expect(atCancel).toBeLessThan(300);
    const p = await c.progress(second.id);
    expect(p.campaign.status).toBe('cancelled');
    expect(p.counts.sent).toBe(atCancel);
    const finished = await c.action(second.id, 'resume');
    expect(finished.status).toBe(409);
    expect(finished.body.messagePublic).toBe('Solo se puede reanudar una campaña pausada.');
  }, 120_000);

  it('starts a scheduled campaign at its date, and only the schedule in force', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.emailSender();
    const { id } = await c.create({ senderId, recipients: people(3, 'programada') });
    const past = await c.call(`/contacts/campaigns/${id}/send`, { clientId: crypto.randomUUID(), at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.messagePublic).toBe('La fecha de envío debe ser futura.');
    // Scheduled in an hour, then moved to three seconds from now: the first schedule's job never starts it.
    expect((await c.call(`/contacts/campaigns/${id}/send`, { clientId: crypto.randomUUID(), at: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(200);
    expect((await c.call(`/contacts/campaigns/${id}/send`, { clientId: crypto.randomUUID(), at: new Date(Date.now() + 3000).toISOString() })).status).toBe(200);
    await expect.poll(async () => (await c.progress(id)).campaign.status, { timeout: 10_000 }).toBe('scheduled');
    expect(app.smtp.mails.filter((m) => m.to[0].startsWith('programada.'))).toHaveLength(0);
    const done = await c.waitStatus(id, 'completed', 60_000);
    expect(done.counts).toEqual({ sent: 3 });
    expect(app.smtp.mails.filter((m) => m.to[0].startsWith('programada.'))).toHaveLength(3);
  }, 90_000);
});
