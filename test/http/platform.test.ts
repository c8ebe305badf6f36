import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt } from '../browser/support.js';
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
