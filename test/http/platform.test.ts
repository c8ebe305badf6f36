import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode } from '../support/context.js';

describe('platform endpoints', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  beforeAll(async () => {
    t = await startTestNode();
  });
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

  it('serves Prometheus metrics and the OpenAPI document', async () => {
    const metrics = await (await fetch(`${t.node.url}/metrics`)).text();
    expect(metrics).toContain('process_cpu_user_seconds_total');
    const doc = await (await fetch(`${t.node.url}/api/v2/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
  });
});
