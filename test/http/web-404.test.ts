import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { webRouteMatcher } from '../../src/http/web-routes.js';
import { ensureWebBuilt } from '../browser/support.js';
import { useTestApp } from '../support/app.js';

// The server knows the web's route table (web/dist/web-routes.json, written by the build from the route objects):
// a path no page matches is a 404 that still serves the app, so the app shows its own 404 page.
beforeAll(() => ensureWebBuilt(), 240_000);
const app = useTestApp({ parts: { workers: false } });

describe('web route matcher', () => {
  const isPage = webRouteMatcher(['/', '/e/:eventCode', '/auth/sign-in/:redirect?', '/module/:administrator/:event/:module/*']);
  it('matches params, optional params, splats and trailing slashes like react-router', () => {
    expect(isPage('/')).toBe(true);
    expect(isPage('/e/feria-2026')).toBe(true);
    expect(isPage('/e/feria-2026/')).toBe(true);
    expect(isPage('/E/x')).toBe(true); // static segments are case-insensitive
    expect(isPage('/e')).toBe(false);
    expect(isPage('/e/a/b')).toBe(false);
    expect(isPage('/auth/sign-in')).toBe(true);
    expect(isPage('/auth/sign-in/&myevent')).toBe(true);
    expect(isPage('/auth/sign-in/a/b')).toBe(false);
    expect(isPage('/module/u/ev/store')).toBe(true);
    expect(isPage('/module/u/ev/store/manage/form')).toBe(true);
    expect(isPage('/module/u/ev')).toBe(false);
    expect(isPage('/no/such/page')).toBe(false);
  });
});

describe('web paths over HTTP', () => {
  it('the build lists the route patterns of the web route table', () => {
    const { patterns } = JSON.parse(readFileSync(path.resolve('web/dist/web-routes.json'), 'utf8')) as { patterns: string[] };
    expect(patterns).toEqual(expect.arrayContaining(['/', '/e/:eventCode', '/admin/users', '/module/:administrator/:event/:module/*', '/error/:status']));
    expect(patterns).not.toContain('*');
  });

  it('answers 404 with the app HTML for a path no web route matches', async () => {
    for (const p of ['/no/such/page', '/e', '/admin/nada/de/nada']) {
      const res = await fetch(`${app.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(await res.text(), p).toContain('<div id="root">');
    }
  });

  it('answers 200 for paths of web routes, whatever their parameters', async () => {
    for (const p of ['/', '/e/anything', '/module/x/y/store', '/module/x/y/store/manage/form', '/auth/sign-in', '/admin/users', '/myevent', '/error/403']) {
      const res = await fetch(`${app.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
    }
  });

  it('keeps API and asset misses as they were: JSON 404s and static files', async () => {
    const api = await fetch(`${app.url}/api/v2/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${app.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${app.url}/assets/missing-chunk.js`)).status).toBe(404);
  });
});
