import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import type { DB } from '../../src/db/schema.js';
import { PostgresEventStore } from '../../src/eventstore/postgres.js';
import { defineProjection } from '../../src/projections/projection.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import type { ProjectionRunner } from '../../src/projections/runner.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { createMigratedDatabase } from '../support/database.js';
import {
  appendCounted,
  counterProjection,
  counterRows,
  counterRunner,
  createCounterTable,
} from './support/counter-projection.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Env {
  url: string;
  pool: pg.Pool;
  db: Kysely<DB>;
  store: PostgresEventStore;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function setup(): Promise<Env> {
  const database = await createMigratedDatabase(12);
  const db = createDb(database.pool);
  const store = new PostgresEventStore(database.pool, database.url);
  cleanups.push(async () => {
    await store.close();
    await database.drop();
  });
  await createCounterTable(db);
  return { url: database.url, pool: database.pool, db, store };
}

function started(runner: ProjectionRunner) {
  runner.start();
  cleanups.push(() => runner.stop());
  return runner;
}

async function checkpoint(db: Kysely<DB>, name = 'test_counter') {
  return db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Every stream's versions are 0..k in order, and the totals match the events appended (n = 1..count). */
function expectComplete(rows: Awaited<ReturnType<typeof counterRows>>, count: number) {
  expect(rows.reduce((s, r) => s + r.events, 0)).toBe(count);
  expect(rows.reduce((s, r) => s + Number(r.total), 0)).toBe((count * (count + 1)) / 2);
  for (const r of rows) expect(r.versions).toBe(Array.from({ length: r.events }, (_, i) => i).join(','));
}

describe('projection runner', () => {
  it('builds the same rows live as a rebuild does, and runs effects only live', async () => {
    const env = await setup();
    await appendCounted(env.store, `live-${randomUUID()}`, 300);
    let effects = 0;
    const projection = counterProjection({ onEffect: () => effects++ });
    // A projection none of these events concern: its checkpoint still has to follow (read-your-writes waits on it).
    const idle = defineProjection({ name: 'test_idle', eventTypes: ['test.Never'], handle: async () => undefined, reset: async () => undefined });
    const runner = started(counterRunner(env, [projection, idle], { batchSize: 64 }));
    const last = await appendCounted(env.store, `live2-${randomUUID()}`, 200, 7, 301);
    await runner.waitFor(last);
    expect(await checkpoint(env.db, 'test_idle')).toMatchObject({ position: last, status: 'running' });
    const live = await counterRows(env.db);
    expectComplete(live, 500);
    expect(effects).toBeGreaterThan(0);
    await runner.stop();

    const before = effects;
    const result = await rebuildProjection(env, projection, { batchSize: 50 });
    expect(result).toMatchObject({ name: 'test_counter', read: 500, applied: 500, position: last, lockTaken: true });
    expect(await counterRows(env.db)).toEqual(live);
    expect(effects).toBe(before);
    expect(await checkpoint(env.db)).toMatchObject({ position: last, status: 'running' });
  });

  it('recovers from a runner killed mid-batch: the read model equals a rebuild', async () => {
    const env = await setup();
    const last = await appendCounted(env.store, `kill-${randomUUID()}`, 400, 6);
    // node --import tsx (not the tsx CLI, which would run the script in a grandchild the kill cannot reach).
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/projections/support/slow-runner.ts'), env.url, '400'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    const deadline = Date.now() + 30_000;
    // Batches 1 and 2 are committed once batch 3 has written its rows; kill while batch 3 sleeps uncommitted.
    while (!out.includes('in-batch 3 ') && Date.now() < deadline) await sleep(10);
    expect(out).toContain('in-batch 3 ');
    child.kill('SIGKILL');
    await exited;

    const partial = await counterRows(env.db);
    const partialEvents = partial.reduce((s, r) => s + r.events, 0);
    expect(partialEvents).toBe(80); // two committed batches of 40; the third died with its transaction
    expect((await checkpoint(env.db))?.position).not.toBeNull();

    const projection = counterProjection();
    const runner = started(counterRunner(env, [projection], { batchSize: 40 }));
    await runner.waitFor(last, undefined, 20_000);
    const resumed = await counterRows(env.db);
    expectComplete(resumed, 400);
    await runner.stop();
    await rebuildProjection(env, projection);
    expect(await counterRows(env.db)).toEqual(resumed);
  });

  it('stops a throwing projection as failed without skipping the batch, and resumes once it can', async () => {
    const env = await setup();
    let failing = true;
    const projection = counterProjection({ failOn: { n: 150, shouldFail: () => failing } });
    const last = await appendCounted(env.store, `fail-${randomUUID()}`, 200);
    const runner = started(counterRunner(env, [projection], { batchSize: 50, retryMs: 300 }));
    const deadline = Date.now() + 10_000;
    while (runner.status()[0].status !== 'failed' && Date.now() < deadline) await sleep(20);
    expect(runner.status()[0]).toMatchObject({ status: 'failed', error: 'cannot project n=150' });
    const stored = await checkpoint(env.db);
    expect(stored).toMatchObject({ status: 'failed', error: 'cannot project n=150' });
    // The failing batch was rolled back entirely and is retried (still failing) rather than skipped.
    await sleep(800);
    const rows = await counterRows(env.db);
    const all = (await env.store.readAll({ after: null, maxCount: 1000 })).events;
    const poison = all.find((e) => e.data.n === 150)!;
    const row = rows.find((r) => r.stream_id === poison.streamId);
    expect(row?.versions.split(',') ?? []).not.toContain(String(poison.streamVersion));
    // Nothing at or after the failing event (in commit order) was applied.
    const applied = rows.reduce((s, r) => s + r.events, 0);
    const poisonIndex = all.indexOf(poison);
    expect(applied).toBeLessThanOrEqual(poisonIndex);
    expect(applied).toBeGreaterThan(poisonIndex - 50);
    // ...and what was applied is exactly the commit-order prefix up to the stored checkpoint.
    expect(stored?.position).toBe(applied === 0 ? null : all[applied - 1].position);
    expect(runner.status()[0].status).toBe('failed');
    expect((await checkpoint(env.db))?.position).toBe(stored?.position);

    failing = false;
    await runner.waitFor(last, undefined, 10_000);
    expectComplete(await counterRows(env.db), 200);
    expect(await checkpoint(env.db)).toMatchObject({ status: 'running', error: null, position: last });
  });

  it('lets only one of two runners apply a projection, and the other take over when it stops', async () => {
    const env = await setup();
    const projection = counterProjection();
    const a = started(counterRunner(env, [projection], { batchSize: 20 }));
    const b = started(counterRunner(env, [projection], { batchSize: 20 }));
    let last = await appendCounted(env.store, `two-${randomUUID()}`, 300);
    const deadline = Date.now() + 10_000;
    const active = () => [a, b].filter((r) => r.status()[0].status === 'running');
    while ((active().length !== 1 || env.store.comparePositions(active()[0].status()[0].position, last) < 0) && Date.now() < deadline) {
      await sleep(20);
    }
    expect(active()).toHaveLength(1);
    const standby = active()[0] === a ? b : a;
    expect(standby.status()[0].status).toBe('standby');
    expectComplete(await counterRows(env.db), 300);

    await active()[0].stop();
    last = await appendCounted(env.store, `two-more-${randomUUID()}`, 100, 3);
    await standby.waitFor(last, undefined, 10_000);
    const rows = await counterRows(env.db);
    expect(rows.reduce((s, r) => s + r.events, 0)).toBe(400);
    for (const r of rows) expect(r.versions).toBe(Array.from({ length: r.events }, (_, i) => i).join(','));
  });

  it('waits for a position before reading (read-your-writes), bounded in time', async () => {
    const env = await setup();
    const projection = counterProjection({ during: () => sleep(300) });
    started(counterRunner(env, [projection]));
    // Let the runner register its checkpoint row first.
    const deadline = Date.now() + 5000;
    while (!(await checkpoint(env.db)) && Date.now() < deadline) await sleep(20);
    const streamId = `ryw-${randomUUID()}`;
    const { position } = await env.store.appendToStream(streamId, [{ type: 'test.Counted', data: { n: 7 } }], { expectedVersion: 'no_stream' });
    expect(await waitForPosition(env.db, env.store, position, { timeoutMs: 50 })).toBe(false);
    expect(await waitForPosition(env.db, env.store, position, { timeoutMs: 5000 })).toBe(true);
    expect(await counterRows(env.db)).toEqual([{ stream_id: streamId, events: 1, total: '7', versions: '0' }]);
  });

  it('resumes a live runner from a checkpoint moved by a concurrent rebuild, applying nothing twice', async () => {
    const env = await setup();
    const projection = counterProjection();
    const runner = started(counterRunner(env, [projection], { batchSize: 25 }));
    let last = await appendCounted(env.store, `online-${randomUUID()}`, 150);
    await runner.waitFor(last);
    const result = await rebuildProjection(env, projection);
    expect(result.lockTaken).toBe(false); // the live runner holds the projection's lock
    last = await appendCounted(env.store, `online2-${randomUUID()}`, 50);
    await runner.waitFor(last);
    const rows = await counterRows(env.db);
    expect(rows.reduce((s, r) => s + r.events, 0)).toBe(200);
    expect(runner.status()[0].status).toBe('running');
  });
});
