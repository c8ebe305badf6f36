import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pngImage } from '../support/png.js';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { apiAs, createEventApi, seriousViolationsOutsideAppBar, type Api } from './events-helpers.js';
import { hasHorizontalScroll, navigateInApp, newPage, useBrowserApp } from './support.js';

/** expect.poll with a browser-friendly timeout. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
/** Screenshots for a human look (PUBLIC_PAGE_SHOTS_DIR=...): the cover whole, at 1280 and 375 px. */
const SHOTS = process.env.PUBLIC_PAGE_SHOTS_DIR ?? '';

let browser: Browser;
let base: string;
const app = useBrowserApp();

/**
 * A width x height PNG: orange with a dark 8% frame, so a cropped cover would lose its frame. Built by hand so
 * the test needs no image files.
 */
function framedPng(width: number, height: number): Buffer {
  const frame = Math.round(Math.min(width, height) * 0.08);
  return pngImage(width, height, (x, y) =>
    x < frame || y < frame || x >= width - frame || y >= height - frame ? [0x1f, 0x2a, 0x44] : [0xee, 0x69, 0x32],
  );
}

async function uploadCover(who: SignedUpUser, eventId: string, png: Buffer) {
  const form = new FormData();
  form.append('cover', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'portada.png');
  const res = await fetch(`${base}/api/v2/event/${eventId}/cover`, { method: 'POST', headers: { cookie: who.cookie }, body: form });
  expect(res.status).toBe(200);
}

/** Creates, publishes and waits until the public page answers (the read model follows the log). */
async function publishedEvent(api: Api, who: SignedUpUser, fields: { eventName: string; eventCode: string }, extra: Record<string, unknown> = {}, cover?: Buffer) {
  const ev = await createEventApi(api, fields);
  if (Object.keys(extra).length) expect((await api('PUT', `/event/${ev._id}`, extra)).status).toBe(200);
  if (cover) await uploadCover(who, ev._id, cover);
  expect((await api('POST', `/event/${ev._id}/ticket`, { name: 'General', price: 0, quantity: 100 })).status).toBe(201);
  expect((await api('PUT', `/event/${ev._id}`, { published: true })).status).toBe(200);
  const deadline = Date.now() + 20_000;
  while ((await fetch(`${base}/api/v2/e/${ev.eventCode}`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('the public page did not appear');
    await new Promise((r) => setTimeout(r, 100));
  }
  return ev;
}

/** The cover's box and the title's: the cover must end above the title and show the whole image. */
async function coverGeometry(page: Page) {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="public-cover"]')!;
    const h1 = document.querySelector('h1')!;
    const box = img.getBoundingClientRect();
    return {
      loaded: img.complete && img.naturalWidth > 0,
      objectFit: getComputedStyle(img).objectFit,
      boxRatio: box.width / box.height,
      naturalRatio: img.naturalWidth / img.naturalHeight,
      coverBottom: box.bottom,
      titleTop: h1.getBoundingClientRect().top,
      width: box.width,
    };
  });
}

describe('public event page /e/{eventCode}', () => {
  let who: SignedUpUser;
  let api: Api;
  let feria: { eventCode: string };
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    ({ browser, url: base } = app);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    who = await signUp(base, { displayName: 'Lucía Quispe' });
    api = apiAs(base, who);
    feria = await publishedEvent(
      api,
      who,
      { eventName: 'Feria Gastronómica del Pacífico', eventCode: `feria-${suffix}` },
      { description: 'Cocina peruana, charlas y música en vivo.' },
      framedPng(960, 540),
    );
  }, 60_000);

  it('names the organizer with a contact e-mail, titles the tab with the event and says the time zone in words (1280 and 375 px)', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, base, width, 800, { bypassCSP: true });
      await page.goto(`/e/${feria.eventCode}`);
      await page.getByRole('heading', { level: 1, name: 'Feria Gastronómica del Pacífico' }).waitFor();
      expect(await page.title()).toBe('Feria Gastronómica del Pacífico · Aforo');

      const organizer = page.getByTestId('public-organizer');
      await organizer.waitFor();
      expect(await organizer.getByText('Organiza', { exact: true }).isVisible()).toBe(true);
      expect(await organizer.getByText('Lucía Quispe').isVisible()).toBe(true);
      const mail = organizer.getByRole('link', { name: who.email });
      expect(await mail.isVisible()).toBe(true);
      expect(await mail.getAttribute('href')).toBe(`mailto:${who.email}`);

      expect(await page.getByText('Hora de Lima', { exact: true }).isVisible()).toBe(true);
      expect(await page.locator('body').innerText()).not.toContain('America/Lima');

      // The cover is shown whole and above the title, never cropped behind it.
      await poll(async () => (await coverGeometry(page)).loaded).toBe(true);
      const g = await coverGeometry(page);
      expect(g.coverBottom).toBeLessThanOrEqual(g.titleTop);
      expect(g.objectFit === 'contain' || Math.abs(g.boxRatio - g.naturalRatio) < 0.02).toBe(true);
      expect(g.width).toBeLessThanOrEqual(width);

      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `public-${width}.png`), fullPage: true });
      await context.close();
    }
  });

  it('the search box finds the event by a partial word without its accent and by a one-letter typo (375 px: the collapsed box)', async () => {
    for (const [width, text] of [[1280, 'gastronomi'], [375, 'gastronmica']] as const) {
      const { context, page } = await newPage(browser, base, width, 800);
      await page.goto('/');
      await page.getByLabel('Buscar evento').waitFor({ state: 'attached' });
      if (!(await page.getByLabel('Buscar evento').isVisible())) await page.getByLabel('Abrir búsqueda').click();
      await page.getByLabel('Buscar evento').fill(text);
      await page.getByLabel('Buscar evento').press('Enter');
      await page.waitForURL(`**/searchEvent/${text}`);
      const card = page.getByTestId('event-card').filter({ hasText: 'Feria Gastronómica del Pacífico' });
      await card.waitFor();
      // Best match first: the event whose name has the word leads the results.
      expect(await page.getByTestId('event-card').first().innerText()).toContain('Feria Gastronómica del Pacífico');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await context.close();
    }
  });

  it('a portrait cover fits whole too; other zones read as their city in Spanish', async () => {
    const ev = await publishedEvent(
      api,
      who,
      { eventName: 'Noche de Jazz', eventCode: `jazz-${suffix}` },
      { timeZone: 'America/Mexico_City' },
      framedPng(360, 640),
    );
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, base, width, 800);
      await page.goto(`/e/${ev.eventCode}`);
      await page.getByRole('heading', { level: 1, name: 'Noche de Jazz' }).waitFor();
      expect(await page.getByText('Hora de Ciudad de México', { exact: true }).isVisible()).toBe(true);
      await poll(async () => (await coverGeometry(page)).loaded).toBe(true);
      const g = await coverGeometry(page);
      expect(g.coverBottom).toBeLessThanOrEqual(g.titleTop);
      expect(g.objectFit === 'contain' || Math.abs(g.boxRatio - g.naturalRatio) < 0.02).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `public-portrait-${width}.png`), fullPage: true });
      // Leaving the page gives the tab its generic title back.
      await navigateInApp(page, '/');
      await poll(() => page.title()).toBe('Aforo · Tu evento a un clic');
      await context.close();
    }
  });
});
