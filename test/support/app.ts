import { afterAll, beforeAll } from 'vitest';
import type { RunningNode, startNode } from '../../src/server.js';
import { startTestNode, type TestContext } from './context.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

export interface TestAppOptions {
  /** Which parts of the node run (e.g. `{ workers: false }`). */
  parts?: Parameters<typeof startNode>[1];
  /** Environment overrides of the node's config (APP_URL, DATA_DIR...). */
  env?: Record<string, string>;
  /** Starts a test SMTP server and points SMTP_URL at it (`{ delayMs }`: one that answers each message late). */
  smtp?: boolean | { delayMs: number };
}

export interface TestApp {
  ctx: TestContext;
  node: RunningNode;
  /** The node's base URL (http://127.0.0.1:port). */
  url: string;
  /** `${url}/api/v2`. */
  api: string;
  /** Where the node writes uploads and, without SMTP, mails as .eml files. */
  dataDir: string;
  /** Only with `smtp: true`. */
  smtp: TestSmtp;
  /** Stops the node, drops its database and stops the SMTP server. */
  close(): Promise<void>;
}

/** A running node over a fresh test database, with an optional SMTP server: what every HTTP-level test file needs. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const smtp = options.smtp ? await startTestSmtp(typeof options.smtp === 'object' ? options.smtp : {}) : undefined;
  try {
    const t = await startTestNode(options.parts ?? {}, { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options.env });
    return {
      ctx: t.ctx,
      node: t.node,
      url: t.node.url,
      api: `${t.node.url}/api/v2`,
      dataDir: t.ctx.config.dataDir,
      get smtp(): TestSmtp {
        if (!smtp) throw new Error('startTestApp: pass { smtp: true } to get an SMTP server');
        return smtp;
      },
      async close() {
        await t.stop();
        await smtp?.close();
      },
    };
  } catch (err) {
    await smtp?.close();
    throw err;
  }
}

/**
 * Starts `start()` once before the tests of the file (or of the describe block it is called in) and `stop`s it
 * after them. The handle reads through to the started value, so it can be declared with `const` at the top and
 * used inside tests and later hooks.
 */
export function useFixture<T extends object>(start: () => Promise<T>, stop: (value: T) => Promise<void>, timeout = 240_000): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  }, timeout);
  afterAll(async () => {
    if (value) await stop(value);
  }, timeout);
  return new Proxy({} as T, {
    get(_target, key) {
      if (!value) throw new Error(`fixture read (${String(key)}) before it started: use it inside tests or hooks`);
      return Reflect.get(value, key, value);
    },
  });
}

/** startTestApp() for the tests of this file (or describe block): started before them, closed after. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  return useFixture(() => startTestApp(options), (app) => app.close());
}
