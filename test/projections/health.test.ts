import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '../../src/http/route.js';
import type { ProjectionRunner } from '../../src/projections/runner.js';
import { startTestNode } from '../support/context.js';
import { appendCounted, counterProjection, counterRows, counterRunner, createCounterTable } from './support/counter-projection.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('projection status over HTTP', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  const runners: ProjectionRunner[] = [];
  let server: Server | undefined;
  beforeAll(async () => {
    t = await startTestNode({ workers: false });
    await createCounterTable(t.ctx.db, 'test_failing_counts');
    await createCounterTable(t.ctx.db, 'test_slow_counts');
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    if (server) await new Promise((r) => server!.close(r));
    await t?.stop();
  });

  it('answers /api/v2/health with 503 while a projection is failed, 200 once it recovers', async () => {
    let failing = true;
    const projection = counterProjection({ name: 'test_failing', table: 'test_failing_counts', failOn: { n: 3, shouldFail: () => failing } });
    const runner = counterRunner(t.ctx, [projection], { retryMs: 300 });
    runners.push(runner);
    runner.start();
    const last = await appendCounted(t.ctx.store, `health-${randomUUID()}`, 5);

    let body: any;
    let status = 0;
    const deadline = Date.now() + 10_000;
    while (status !== 503 && Date.now() < deadline) {
      const res = await fetch(`${t.node.url}/api/v2/health`);
      status = res.status;
      body = await res.json();
      if (status !== 503) await sleep(50);
    }
    expect(status).toBe(503);
    expect(body.status).toBe('degraded');
    expect(body.projections).toContainEqual(
      expect.objectContaining({ name: 'test_failing', status: 'failed', error: 'cannot project n=3' }),
    );

    failing = false;
    await runner.waitFor(last, 'test_failing', 10_000);
    const res = await fetch(`${t.node.url}/api/v2/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).projections).toContainEqual(expect.objectContaining({ name: 'test_failing', status: 'running', error: null }));
  });

  it('makes a GET with after=<position> wait for the projections (read-your-writes)', async () => {
    const projection = counterProjection({ name: 'test_slow', table: 'test_slow_counts', during: () => sleep(400) });
    const runner = counterRunner(t.ctx, [projection]);
    runners.push(runner);
    runner.start();
    await runner.waitFor((await appendCounted(t.ctx.store, `warm-${randomUUID()}`, 1)), 'test_slow');

    const app = express();
    const router = express.Router();
    defineRoute(router, t.ctx, { method: 'get', path: '/counts/:id', summary: 'test', tag: 'test', auth: 'none' }, async ({ params }) =>
      (await counterRows(t.ctx.db, 'test_slow_counts')).filter((r) => r.stream_id === params.id),
    );
    app.use(router);
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server!.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const streamId = `ryw-${randomUUID()}`;
    const { position } = await t.ctx.store.appendToStream(streamId, [{ type: 'test.Counted', data: { n: 9 } }], { expectedVersion: 'no_stream' });
    // Without `after` the slow projection has not caught up yet; with it the same read sees the write.
    expect(await (await fetch(`${base}/counts/${streamId}`)).json()).toEqual([]);
    const res = await fetch(`${base}/counts/${streamId}?after=${encodeURIComponent(position)}`);
    expect(await res.json()).toEqual([{ stream_id: streamId, events: 1, total: '9', versions: '0' }]);
    // A malformed position is ignored (never a 500), without waiting.
    const started = Date.now();
    const bad = await fetch(`${base}/counts/${streamId}?after=not_a_position`);
    expect(bad.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
