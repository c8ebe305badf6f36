import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

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

/**
 * `npm test` builds web/dist first (scripts/test.mjs); running one browser test file alone builds it here if it
 * is missing, since the API serves the built app.
 */
export function ensureWebBuilt() {
  if (existsSync(path.join(root, 'web/dist/index.html'))) return;
  const r = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
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

/** Runs axe-core (node_modules/axe-core/axe.min.js) in the page; returns serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: path.join(root, 'node_modules/axe-core/axe.min.js') });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
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
