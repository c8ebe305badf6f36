// WhatsApp campaigns against the local fake Cloud API: template sends with the vault's token, status webhooks out
// of order and repeated, the webhook's verification, 80 messages/s per number respected, back-off on 130429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCampaignWorker, type WorkerProcess } from '../../bench/lib/campaign-worker-process.js';
import { signUp } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../support/fake-whatsapp.js';
import { campaignApi, type Recipient } from './campaign-support.js';

const NUMBER = '1098765432101';
const SLOW_NUMBER = '1098765432102';
const TOKEN = 'EAAG-token-de-prueba-1234567890';
const SLOW_TOKEN = 'EAAG-otro-token-de-prueba-0987654321';
const phones = (n: number, tag: number, consent = (_i: number) => true): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({ contactId: `wa-${tag}-${i}`, address: `+51${tag}${String(i).padStart(6, '0')}`, name: `Cliente ${i}`, consent: consent(i) }));
const content = {
  kind: 'whatsapp',
  templateName: 'recordatorio_evento',
  language: 'es',
  components: [{ type: 'body', parameters: [{ type: 'text', text: '{{ contact.name }}' }, { type: 'text', text: '{{ campaign.name }}' }] }],
};

describe('WhatsApp campaigns', () => {
  let fake: FakeWhatsApp;
  let app: TestApp;
  let worker: WorkerProcess;
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ tokens: { [NUMBER]: TOKEN, [SLOW_NUMBER]: SLOW_TOKEN }, limits: { [SLOW_NUMBER]: 20 } });
    const env = { WHATSAPP_API_URL: fake.url, WHATSAPP_API_VERSION: 'v21.0', WHATSAPP_VERIFY_TOKEN: 'verificar-aforo' };
    // The campaign jobs run in a worker process of their own, as in production (`npm run worker`): the pace is
    // then not the test process's (API, projections and vitest on a shared 2-core machine).
    app = await startTestApp({ env, parts: { workers: false } });
    worker = await startCampaignWorker(app.ctx, env);
  }, 240_000);
  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await app?.close();
    await fake?.close();
  });

  it('verifies the webhook subscription only with the verify token', async () => {
    const ok = await fetch(`${app.api}/contacts/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verificar-aforo&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(`${app.api}/contacts/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1`);
    expect(bad.status).toBe(403);
    expect((await bad.json()).messagePublic).toBe('El token de verificación no coincide.');
  });

  it('sends templates with the vaulted token and applies statuses out of order, once each', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.whatsappSender(NUMBER, TOKEN);
    const { id } = await c.create({ senderId, channel: 'whatsapp', content, name: 'Feria 2026', recipients: phones(6, 9, (i) => i !== 5) });
    await c.send(id);
    const done = await c.waitStatus(id, 'completed');
    expect(done.counts).toEqual({ sent: 5, unsubscribed: 1 });
    const mine = fake.messages.filter((m) => m.to.startsWith('519'));
    expect(mine).toHaveLength(5);
    expect(mine[0].template).toMatchObject({ name: 'recordatorio_evento', language: { code: 'es' } });
    expect(JSON.stringify(mine.map((m) => m.template.components))).toContain('"text":"Feria 2026"');
    expect(new Set(mine.map((m) => m.to)).size).toBe(5);
    // The token is in the vault, never in the log.
    const leaked = await app.ctx.db.selectFrom('es_events' as never).select('data' as never).execute();
    expect(JSON.stringify(leaked)).not.toContain(TOKEN);

    const [a, b, f] = mine.map((m) => ({ id: m.id, recipientId: m.to }));
    const webhook = `${app.api}/contacts/whatsapp/webhook`;
    // a: read first, then the late delivered and sent; b: delivered twice; f: failed with its error.
    let r = await fake.sendStatuses(webhook, NUMBER, [{ ...a, status: 'read' }]);
    expect(r.status).toBe(200);
    r = await fake.sendStatuses(webhook, NUMBER, [
      { ...a, status: 'delivered' },
      { ...b, status: 'delivered' },
      { ...f, status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] },
    ]);
    expect((await r.json()).applied).toBe(3);
    r = await fake.sendStatuses(webhook, NUMBER, [
      { ...a, status: 'sent' },
      { ...b, status: 'delivered' },
    ]);
    expect((await r.json()).applied).toBe(1); // a's "sent" is new (and changes nothing); b's delivered is a repeat
    const p = await c.progress(id);
    expect(p.counts).toEqual({ read: 1, delivered: 1, failed: 1, sent: 2, unsubscribed: 1 });
    const grid = await c.call(`/contacts/campaigns/${id}/recipients?filterField=state&filterOperator=equals&filterValue=failed`);
    expect(grid.body.data).toMatchObject([{ address: `+${f.recipientId}`, state: 'failed', error: '131026 Message undeliverable' }]);
  }, 60_000);

  it('keeps to 80 messages per second per number', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.whatsappSender(NUMBER, TOKEN);
    const throttledBefore = fake.throttled;
    const { id } = await c.create({ senderId, channel: 'whatsapp', content, recipients: phones(400, 7) });
    await c.send(id);
    const done = await c.waitStatus(id, 'completed', 60_000);
    expect(done.counts).toEqual({ sent: 400 });
    const mine = fake.messages.filter((m) => m.to.startsWith('517'));
    expect(mine).toHaveLength(400);
    // The fake's limit (a bucket of 80 refilled at 80/s, answering 130429 beyond) never refused one, and the
    // pace is sustained. Slots are spaced 12.5 ms apart when reserved; a busy event loop may send a few of them
    // late and together, so a sliding second can hold a few more than 80, never more than the bucket allows.
    expect(fake.throttled - throttledBefore).toBe(0);
    const seconds = (mine.at(-1)!.at - mine[0].at) / 1000;
    console.log(`80/s test: ${(399 / seconds).toFixed(1)} messages/s, at most ${fake.maxPerSecond(NUMBER)} in a sliding second`);
    // The pace depends on the machine's load (2 cores shared with other runs: 28 to 78 messages/s seen here), so
    // the test only catches a gross regression; `npm run bench -- campaign` measures the sustained ratio over
    // 10,000 messages (docs/benchmarks.md, "Campaigns").
    expect(399 / seconds).toBeGreaterThan(0.25 * 80);
    expect(399 / seconds).toBeLessThanOrEqual(81);
  }, 90_000);

  it('backs off on 130429 and still sends everyone exactly once', async () => {
    const org = await signUp(app.url);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.whatsappSender(SLOW_NUMBER, SLOW_TOKEN);
    const throttledBefore = fake.throttled;
    const { id } = await c.create({ senderId, channel: 'whatsapp', content, recipients: phones(100, 6) });
    await c.send(id);
    const done = await c.waitStatus(id, 'completed', 90_000);
    expect(done.counts).toEqual({ sent: 100 });
    expect(fake.throttled - throttledBefore).toBeGreaterThan(0);
    const mine = fake.messages.filter((m) => m.to.startsWith('516'));
    expect(new Set(mine.map((m) => m.to)).size).toBe(100);
    expect(mine).toHaveLength(100);
  }, 120_000);
});
