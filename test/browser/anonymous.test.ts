import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { apiAs, createEventApi, eventCodes } from './events-helpers.js';
import { newPage, useBrowserApp } from './support.js';

// Event codes are unique across organizers and a retried test signs up a new one: each attempt gets its own.
const ec = eventCodes();

// An anonymous visitor's first loads: no console error and no failed request (GET validate's 401 was one on every
// page). The web app asks GET session, which answers 200 with `user: null`.
let browser: Browser;
let base: string;
const app = useBrowserApp({ parts: { workers: false } });
beforeAll(() => void ({ browser, url: base } = app));

/** Everything the page reports as going wrong: console errors, uncaught exceptions, failed or >= 400 requests. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`response: ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

describe('anonymous visitor (chromium)', () => {
  it('GET session answers 200 with null without a session, the user with one; validate keeps its 401', async () => {
    const anonymous = await fetch(`${base}/api/v2/session`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(await anonymous.json()).toEqual({ user: null });
    // A cookie that names no session is an anonymous visitor too, not an error.
    const stale = await fetch(`${base}/api/v2/session`, { headers: { cookie: 'aforo_token=not-a-token' } });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ user: null });

    const who = await signUp(base, { displayName: 'Rosa Quispe' });
    const signedIn = await fetch(`${base}/api/v2/session`, { headers: { cookie: who.cookie } });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ _id: who.user._id, displayName: 'Rosa Quispe' });

    const validate = await fetch(`${base}/api/v2/validate`);
    expect(validate.status).toBe(401);
  });

  it('loads the home page, a public event page and sign-in with no console error and no failed request', async () => {
    const organizer = await signUp(base, { displayName: 'Lucía Paredes' });
    const api = apiAs(base, organizer);
    const ev = await createEventApi(api, { eventName: 'Feria del Libro Anónima', eventCode: ec('feria-libro-anonima') });
    expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 0, quantity: 100 })).status).toBe(201);
    const published = await api('PUT', `/event/${ev._id}`, { published: true });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const { context, page } = await newPage(browser, base);
    const problems = watchProblems(page);
    const sessionCalls: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/v2/session') sessionCalls.push(res.status());
    });
    for (const [path, heading] of [
      ['/', 'Tu evento a un clic'],
      [`/e/${ec('feria-libro-anonima')}`, 'Feria del Libro Anónima'],
      ['/auth/sign-in', 'Iniciar Sesión'],
    ] as const) {
      await page.goto(path);
      // What went wrong, if the page never shows its heading.
      await page.getByRole('heading', { level: 1, name: heading }).waitFor().catch((err: Error) => {
        throw new Error(`${path}: ${err.message}\n${problems.join('\n')}`);
      });
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    // Each full load asked who is signed in, and was answered.
    expect(sessionCalls).toEqual([200, 200, 200]);
    await context.close();
  }, 90_000);
});
