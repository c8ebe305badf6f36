import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { navigateInApp, newPage, eventually, useBrowserApp } from './support.js';

// Spec sections 4 and 9: route-loading progress bar (200 ms delay, ~5 s fill, yellow, red on failure, hidden
// 500 ms after the end) and the reload after a stale chunk (once, at most once a minute).
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
beforeAll(() => void ({ browser, url: base } = app));

/** Records every state and colour the bar shows (it may be visible for only 500 ms, too short to poll reliably). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const record = () => {
      const bar = document.querySelector('[data-testid=route-progress]');
      const fill = bar?.firstElementChild;
      if (!bar || !fill) return;
      const entry = `${bar.getAttribute('data-state')} ${getComputedStyle(fill).backgroundColor}`;
      if (seen[seen.length - 1] !== entry) seen.push(entry);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);

const TERMS_CHUNK = '**/assets/TermsPage-*.js';
const PRIVACY_CHUNK = '**/assets/PrivacyPage-*.js';

describe('route loading (chromium)', { timeout: 60_000 }, () => {
  it('shows a yellow bar while a slow route loads, then hides it', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/error/400');
    await page.getByTestId('error-title').waitFor();
    // A fast navigation (route module already loaded) never shows the bar: it starts only after 200 ms.
    await navigateInApp(page, '/error/404');
    await page.getByTestId('error-title').waitFor();
    expect(await page.getByTestId('route-progress').count()).toBe(0);

    await page.route(TERMS_CHUNK, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await recordProgress(page);
    await navigateInApp(page, '/generalConditionsUtilization');
    await page.getByTestId('route-progress').waitFor({ timeout: 1500 });
    await page.getByRole('heading', { level: 1, name: 'Condiciones generales de uso' }).waitFor();
    await page.getByTestId('route-progress').waitFor({ state: 'detached', timeout: 3000 });
    const seen = await progressSeen(page);
    expect(seen[0]).toBe('running rgb(255, 193, 7)');
    expect(seen).toContain('done rgb(255, 193, 7)');
    expect(seen).not.toContain('failed rgb(229, 57, 53)');
    await context.close();
  });

  it('turns red when the route fails to load', async () => {
    const { context, page } = await newPage(browser, base);
    await page.goto('/');
    // A reload happened less than a minute ago: the failure is shown, not reloaded.
    await page.evaluate(() => sessionStorage.setItem('aforo:chunk-reload-at', String(Date.now())));
    await page.route(PRIVACY_CHUNK, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.abort();
    });
    await recordProgress(page);
    await navigateInApp(page, '/confidentialityPolicy');
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ERROR INESPERADO :(');
    await eventually(() => progressSeen(page)).toContain('failed rgb(229, 57, 53)');
    await context.close();
  });

  it('reloads the page once after a stale chunk, and not again within a minute', async () => {
    const { context, page } = await newPage(browser, base);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Tu evento a un clic' }).waitFor();

    // First failure: the page reloads by itself and the route then loads.
    let failures = 1;
    await page.route(PRIVACY_CHUNK, (route) => (failures-- > 0 ? route.abort() : route.continue()));
    await navigateInApp(page, '/confidentialityPolicy');
    await page.getByRole('heading', { level: 1, name: 'Política de confidencialidad' }).waitFor();
    expect(loads).toBe(2);

    // The chunk keeps failing: a second reload within the minute is not attempted; the error page shows.
    await page.unroute(PRIVACY_CHUNK);
    await page.route(TERMS_CHUNK, (route) => route.abort());
    await navigateInApp(page, '/generalConditionsUtilization');
    await eventually(() => page.getByTestId('error-title').textContent()).toBe('ERROR INESPERADO :(');
    await page.waitForTimeout(500);
    expect(loads).toBe(2);
    await context.close();
  });
});
