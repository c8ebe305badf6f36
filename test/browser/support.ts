import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestApp, useFixture, type TestApp, type TestAppOptions } from '../support/app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's chromium, headless, with the flags every browser test uses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * `npm test` builds web/dist first (scripts/test.mjs). A browser test file run alone builds it here when it is
 * missing or older than the web sources or the shared contracts, under a machine-wide lock so parallel files
 * never build over each other. NODE_ENV is forced to production: vitest sets it to 'test', which would make
 * Vite bundle React's development build.
 */
export function ensureWebBuilt() {
  const distIndex = path.join(root, 'web/dist/index.html');
  // AFORO_WEB_PREBUILT=1: use web/dist as it is (built elsewhere).
  if (process.env.AFORO_WEB_PREBUILT === '1' && existsSync(distIndex)) return;
  const sources = Math.max(newestMtime(path.join(root, 'web/src')), newestMtime(path.join(root, 'src/contracts')));
  if (existsSync(distIndex) && statSync(distIndex).mtimeMs > sources) return;
  execFileSync(
    'flock',
    [
      '/tmp/aforo-web-build.lock',
      'sh',
      '-c',
      // Re-check under the lock: another file may have built it meanwhile.
      `if [ ! -f web/dist/index.html ] || [ -n "$(find web/src src/contracts -newer web/dist/index.html -type f | head -1)" ]; then npx vite build --config web/vite.config.ts --logLevel error; fi`,
    ],
    { cwd: root, stdio: 'inherit', timeout: 240_000, env: { ...process.env, NODE_ENV: 'production' } },
  );
}

export interface BrowserApp extends TestApp {
  browser: Browser;
}

/**
 * One app (startTestApp) and one browser for the tests of this file or describe block, started side by side once
 * web/dist is current; both are closed after the tests.
 */
export function useBrowserApp(options: TestAppOptions = {}): BrowserApp {
  return useFixture(
    async () => {
      ensureWebBuilt();
      const [app, browser] = await Promise.allSettled([startTestApp(options), launchBrowser()]);
      if (app.status === 'rejected' || browser.status === 'rejected') {
        // Whichever did start is not left running.
        if (app.status === 'fulfilled') await app.value.close();
        if (browser.status === 'fulfilled') await browser.value.close();
        throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
      }
      return Object.assign(app.value, { browser: browser.value });
    },
    async ({ browser, close }) => {
      await browser.close();
      await close();
    },
  );
}

/** A fresh browser context (own cookies) at a given viewport width. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
  height = 900,
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'es-PE', ...options });
  // Generous: sign-in hashes with argon2 and the two cores are shared with other test files.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return { context, page };
}

/** Points a link taken from an e-mail (built with APP_URL) at the test node. */
export function atNode(link: string, nodeUrl: string): string {
  const u = new URL(link);
  return new URL(u.pathname + u.search, nodeUrl).toString();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (node_modules/axe-core/axe.min.js) in the page; returns serious and critical violations. `exclude`:
 * CSS selectors of parts left out (another suite checks them).
 */
export async function seriousAxeViolations(page: Page, exclude: string[] = []): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: path.join(root, 'node_modules/axe-core/axe.min.js') });
  const violations = (await page.evaluate(async (exclude) => {
    // A snackbar or dialog still fading in is measured half transparent (a false color-contrast finding): let the
    // finite CSS transitions and animations end first (spinners run forever and are left alone), 2 s at most.
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(exclude.length ? { exclude: exclude.map((x) => [x]) } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, exclude)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** True when the page scrolls sideways (content wider than the viewport). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Client-side navigation (the data router listens to popstate): no reload, so loops over many pages stay fast. */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** expect.poll with room for two loaded cores (the default gives up after one second). */
export function eventually<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: 10_000, interval: 100, message });
}
