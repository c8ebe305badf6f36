import { waitForPosition } from '../../src/projections/wait.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestNode } from '../support/context.js';
import { useFixture } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { markEmailVerified } from '../../src/commands/accounts/service.js';
import { findUserById } from '../../src/projections/accounts/queries.js';

export type Node = Awaited<ReturnType<typeof startTestNode>> & { dataDir: string };

/** A node with its own upload directory, removed on stop. */
export async function startEventsNode(): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aforo-events-'));
  const t = await startTestNode({}, { DATA_DIR: dataDir });
  return {
    ...t,
    dataDir,
    async stop() {
      await t.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small client acting as one user (or anonymous), with optional spec headers. */
export function client(baseUrl: string, who?: SignedUpUser) {
  async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult> {
    const res = await fetch(`${baseUrl}/api/v2${p}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* CSV or other text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  }
  return {
    user: who,
    get: (p: string, h?: Record<string, string>) => call('GET', p, undefined, h),
    post: (p: string, b?: unknown, h?: Record<string, string>) => call('POST', p, b ?? {}, h),
    put: (p: string, b?: unknown, h?: Record<string, string>) => call('PUT', p, b ?? {}, h),
    del: (p: string, h?: Record<string, string>) => call('DELETE', p, undefined, h),
  };
}
export type Client = ReturnType<typeof client>;

export function newEventBody(over: Record<string, unknown> = {}) {
  const code = `ev-${randomUUID().slice(0, 8)}`;
  return {
    eventName: 'Feria de Café',
    eventCode: code,
    description: 'Degustación y charlas',
    venue: 'Parque Kennedy, Miraflores',
    startDate: '2030-05-01T19:00:00-05:00',
    endDate: '2030-05-01T23:00:00-05:00',
    capacity: 500,
    ...over,
  };
}

export async function organizer(baseUrl: string, name = 'Organizadora') {
  const u = await signUp(baseUrl, { displayName: name });
  return client(baseUrl, u);
}

/** Creates an event and returns it (asserting 201). */
export async function createEvent(c: Client, over: Record<string, unknown> = {}) {
  const res = await c.post('/event', newEventBody(over));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { data: { _id: string; eventCode: string; eventName: string }; position: string };
}

export const ticketBody = (over: Record<string, unknown> = {}) => ({ name: 'General', price: 0, quantity: 100, ...over });

/**
 * Waits (up to 20 s: the machine is shared by many test files) until every projection passed `position`, so the
 * read models (lists, search, public page, user names) include the writes made before it.
 */
export async function settle(t: Node, position: string | null | undefined): Promise<void> {
  if (!position) return;
  const ok = await waitForPosition(t.ctx.db, t.ctx.store, position, { timeoutMs: 20_000 });
  if (!ok) throw new Error(`projections did not reach ${position}`);
}

/** startEventsNode() for the tests of this file or describe block: started before them, stopped after. */
export function useEventsNode(): Node {
  return useFixture(startEventsNode, (t) => t.stop());
}

/**
 * Signs a user up and verifies the e-mail through the real command (accounts.EmailVerified), then waits until the
 * accounts read model shows it: team invitations grant at once only to accounts that proved their e-mail.
 */
export async function signUpVerified(t: Pick<Node, 'ctx' | 'node'>, overrides: Parameters<typeof signUp>[1] = {}): Promise<SignedUpUser> {
  const u = await signUp(t.node.url, overrides);
  await markEmailVerified(t.ctx, u.user._id);
  const deadline = Date.now() + 20_000;
  while (!(await findUserById(t.ctx.db, u.user._id))?.emailVerified) {
    if (Date.now() > deadline) throw new Error('e-mail verification did not reach the read model');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ...u, user: { ...u.user, emailVerified: true } };
}

/** A client of a verified user (see signUpVerified). */
export async function verifiedClient(t: Pick<Node, 'ctx' | 'node'>, name = 'Colaboradora') {
  return client(t.node.url, await signUpVerified(t, { displayName: name }));
}

/** Polls `check` until it holds (the claimer reactor and projections run after the request that caused them). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
