// `npm run bench -- web`: what the browser pays for the public pages. Gzipped JavaScript loaded by the sign-in
// page and by the home page (goal <= 200 KB each), and the time from navigation to an interactive sign-in form
// in headless chromium, beside a baseline measured in the same run: navigating to a static file of the same
// server (the floor of browser + server). Builds web/dist if missing. Last line: one JSON object.
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt, launchBrowser } from '../test/browser/support.js';
import { startTestNode } from '../test/support/context.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const GOAL_KB = 200;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

ensureWebBuilt();
const app = await startTestNode({ workers: false });
const browser = await launchBrowser();
const base = app.node.url;

/** Every script the page loads until the network is idle, decoded, then gzipped here at level 6 file by file (the same measure whatever the server sends). */
async function jsLoadedBy(path: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(res.url(), await res.body());
    } catch {
      /* navigation raced the body; counted on the next run */
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { files: scripts.size, rawKB: round(raw / 1024), gzipKB: round(gzip / 1024) };
}

/** ms from navigation start until `selector` is visible and enabled, with a cold cache (fresh context). */
async function timeToInteractive(path: string, selector: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator(selector).waitFor({ state: 'visible' });
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel) as HTMLInputElement | null;
    return !!el && !el.disabled;
  }, selector);
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

async function timeToStatic() {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/favicon.svg', { waitUntil: 'load' });
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

try {
  const signInJs = await jsLoadedBy('/auth/sign-in');
  const homeJs = await jsLoadedBy('/');
  // Warm the server (first requests compile nothing, but the OS page cache and the pool do warm up).
  await timeToInteractive('/auth/sign-in', '#field-email');
  const signIn: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await timeToStatic());
    signIn.push(await timeToInteractive('/auth/sign-in', '#field-email'));
  }
  const result = {
    bench: 'web',
    runs: RUNS,
    signInJsGzipKB: signInJs.gzipKB,
    signInJsFiles: signInJs.files,
    homeJsGzipKB: homeJs.gzipKB,
    homeJsFiles: homeJs.files,
    goalKB: GOAL_KB,
    withinGoal: signInJs.gzipKB <= GOAL_KB && homeJs.gzipKB <= GOAL_KB,
    signInInteractiveMs: { p50: round(quantile(signIn, 0.5)), p95: round(quantile(signIn, 0.95)) },
    baselineStaticFileMs: { p50: round(quantile(baseline, 0.5)), p95: round(quantile(baseline, 0.95)) },
  };
  console.log(`sign-in page JS: ${signInJs.gzipKB} KB gzip (${signInJs.rawKB} KB raw, ${signInJs.files} files), goal <= ${GOAL_KB} KB`);
  console.log(`home page JS:    ${homeJs.gzipKB} KB gzip (${homeJs.rawKB} KB raw, ${homeJs.files} files), goal <= ${GOAL_KB} KB`);
  console.log(
    `sign-in form interactive (cold cache, ${RUNS} runs): p50 ${result.signInInteractiveMs.p50} ms, p95 ${result.signInInteractiveMs.p95} ms; ` +
      `baseline static file: p50 ${result.baselineStaticFileMs.p50} ms, p95 ${result.baselineStaticFileMs.p95} ms`,
  );
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await app.stop();
}
