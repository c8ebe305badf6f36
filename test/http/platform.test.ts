import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from '../browser/support.js';
import { randomUUID } from 'node:crypto';
import { emitAck, socketFor } from '../chat/helpers.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { startTestNode } from '../support/context.js';

describe('platform endpoints', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  beforeAll(async () => {
    ensureWebBuilt(); // before the node starts: it serves web/dist only if it exists then
    t = await startTestNode();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('reports health of database, redis and projections', async () => {
    const res = await fetch(`${t.node.url}/api/v2/health`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok', redis: 'ok', eventStore: 'postgres' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses text that cannot be stored (NUL, lone surrogates) with a Spanish 400, in bodies, queries, paths and socket payloads', async () => {
    const refused = { status: 400, message: 'SOLICITUD NO PROCESADA', code: 'INVALID_CHARACTERS', messagePublic: expect.stringContaining('caracteres no válidos') };
    const post = (path: string, body: string, cookie?: string) =>
      fetch(`${t.node.url}/api/v2/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body });
    // A NUL in a sign-up name once stopped the accounts read model, and every later sign-in with it.
    const nul = await post('signup', JSON.stringify({ displayName: 'N\u0000ull', email: uniqueEmail('nul'), password: 'Secreto-123!' }));
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject(refused);
    const owner = await signUp(t.node.url);
    // A lone surrogate (the raw JSON escape: JSON.stringify would never write one).
    const lone = await post('event', '{"eventName":"bad \\ud800","eventCode":"lone-ev","startDate":"2027-05-01T10:00:00Z","endDate":"2027-05-02T10:00:00Z","venue":"x"}', owner.cookie);
    expect(lone.status).toBe(400);
    expect(await lone.json()).toMatchObject(refused);
    for (const path of ['e/a%00b', 'searchEvents?search=a%00b']) {
      const res = await fetch(`${t.node.url}/api/v2/${path}`, { headers: { cookie: owner.cookie } });
      expect(res.status, path).toBe(400);
    }
    const socket = await socketFor(t.node.url, owner.token);
    try {
      const ack = await emitAck(socket, 'chat-room:message', { _room: 'any', id: randomUUID(), message: 'a\u0000b' });
      expect(ack).toMatchObject({ ok: false, status: 400, messagePublic: expect.stringContaining('caracteres no válidos') });
    } finally {
      socket.disconnect();
    }
    // Everything still works: the read models are healthy and a new account signs in.
    expect((await (await fetch(`${t.node.url}/api/v2/health`)).json()).status).toBe('ok');
    await signUp(t.node.url, { displayName: 'Después del intento' });
  });

  it('answers unknown API paths with the catalogue 404 body', async () => {
    const res = await fetch(`${t.node.url}/api/v2/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      status: 404,
      message: 'ERROR 404 - PÁGINA NO ENCONTRADA',
      messagePublic: 'La página o el recurso solicitado no existe.',
    });
  });

  it('serves the web app compressed, its fingerprinted assets cacheable for good and index.html revalidated', async () => {
    const page = await fetch(`${t.node.url}/auth/sign-in`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const asset = await fetch(`${t.node.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await asset.text()).length).toBeGreaterThan(1000); // decoded by fetch
  });

  it('serves Prometheus metrics and the OpenAPI document', async () => {
    const metrics = await (await fetch(`${t.node.url}/metrics`)).text();
    expect(metrics).toContain('process_cpu_user_seconds_total');
    const doc = await (await fetch(`${t.node.url}/api/v2/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
  });
});
