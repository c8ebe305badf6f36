import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../src/projections/wait.js';
import { escapeHtml, renderEventHead, shorten } from '../../src/http/web-page.js';
import { ensureWebBuilt } from '../browser/support.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer, ticketBody } from '../events/helpers.js';

// /e/{eventCode} is served by the server with the event's document title and link-preview tags (crawlers run no
// JavaScript): Open Graph and the Twitter card, every value escaped.
beforeAll(() => ensureWebBuilt(), 240_000);
const APP_URL = 'https://aforo.example';
const app = useTestApp({ parts: { workers: false }, env: { APP_URL } });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const HOSTILE = `Feria <script>alert("x")</script> & 'Café' $& $1`;

/** The content of <meta property|name="key">, unescaped the way a crawler reads it. */
function meta(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function settle(position: string) {
  if (!(await waitForPosition(app.ctx.db, app.ctx.store, position, { timeoutMs: 20_000 }))) throw new Error('projections behind');
}

describe('renderEventHead', () => {
  const template = '<html><head>\n<meta name="description" content="Genérica" />\n<title>Aforo · Tu evento a un clic</title>\n</head><body><div id="root"></div></body></html>';

  it('escapes every value: an event name with <script> or quotes injects nothing', () => {
    const html = renderEventHead(template, { name: HOSTILE, description: '"><img src=x onerror=alert(1)>', url: `${APP_URL}/e/x`, imageUrl: null });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain(`<title>${escapeHtml(`${HOSTILE} · Aforo`)}</title>`);
    expect(titleOf(html)).toContain('$&amp; $1'); // replacement patterns stay literal
    expect(meta(html, 'og:title')).toBe(HOSTILE);
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');
    // The generic description is replaced, not doubled.
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('shortens long descriptions on a word, with an ellipsis', () => {
    const long = `${'palabra '.repeat(60)}fin`;
    const s = shorten(long, 200);
    expect([...s].length).toBeLessThanOrEqual(200);
    expect(s.endsWith('palabra…')).toBe(true);
    expect(shorten('  corta\n\n  y  limpia ', 200)).toBe('corta y limpia');
  });
});

describe('GET /e/{eventCode} (HTML)', () => {
  let code = '';
  let draftCode = '';
  let cancelledCode = '';
  let coverUrl = '';

  beforeAll(async () => {
    const a = await organizer(app.url);
    const ev = await createEvent(a, { eventName: HOSTILE, description: 'Degustación de cocina peruana.\n\nCon "chefs" invitados.' });
    code = ev.data.eventCode;
    const form = new FormData();
    form.append('cover', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'portada.png');
    const up = await fetch(`${app.api}/event/${ev.data._id}/cover`, { method: 'POST', headers: { authorization: `Bearer ${a.user!.token}` }, body: form });
    expect(up.status).toBe(200);
    coverUrl = ((await up.json()) as { data: { coverUrl: string } }).data.coverUrl;
    expect((await a.post(`/event/${ev.data._id}/ticket`, ticketBody())).status).toBe(201);
    const pub = await a.put(`/event/${ev.data._id}`, { published: true });
    expect(pub.status).toBe(200);
    const draft = await createEvent(a, { eventName: 'Borrador secreto' });
    draftCode = draft.data.eventCode;
    const gone = await createEvent(a, { eventName: 'Concierto suspendido', description: 'Rock en el parque.' });
    cancelledCode = gone.data.eventCode;
    expect((await a.post(`/event/${gone.data._id}/ticket`, ticketBody())).status).toBe(201);
    expect((await a.put(`/event/${gone.data._id}`, { published: true })).status).toBe(200);
    const cancel = await a.post(`/event/${gone.data._id}/cancel`);
    expect(cancel.status).toBe(200);
    await settle(pub.body.position);
    await settle(draft.position);
    await settle(cancel.body.position);
  });

  it("a published event's page carries its title and Open Graph tags, escaped, with absolute URLs", async () => {
    const res = await fetch(`${app.url}/e/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    // Still the app: its root and its scripts.
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module"[^>]*src="\/assets\//);
    expect(html).not.toContain('<script>alert');
    expect(titleOf(html)).toBe(escapeHtml(`${HOSTILE} · Aforo`));
    expect(meta(html, 'og:title')).toBe(HOSTILE);
    expect(meta(html, 'og:description')).toBe('Degustación de cocina peruana. Con "chefs" invitados.');
    expect(meta(html, 'description')).toBe('Degustación de cocina peruana. Con "chefs" invitados.');
    expect(meta(html, 'og:url')).toBe(`${APP_URL}/e/${code}`);
    expect(meta(html, 'og:image')).toBe(`${APP_URL}${coverUrl}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The cover it points at is really served.
    expect((await fetch(`${app.url}${coverUrl}`)).status).toBe(200);
  });

  it('the API answer of the same page names the organizer and a contact e-mail', async () => {
    const res = await client(app.url).get(`/e/${code}`);
    expect(res.status).toBe(200);
    expect(res.body.organizer).toEqual({ name: 'Organizadora', email: expect.stringMatching(/@/) });
  });

  it("a cancelled event's page (still public) keeps its title and its preview says it was cancelled", async () => {
    const html = await (await fetch(`${app.url}/e/${cancelledCode}`)).text();
    expect(titleOf(html)).toBe('Concierto suspendido · Aforo');
    expect(meta(html, 'og:title')).toBe('Concierto suspendido');
    expect(meta(html, 'og:description')).toBe('Este evento ha sido cancelado. Rock en el parque.');
    expect(meta(html, 'og:image')).toBeNull();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('unknown codes and drafts keep the generic page (a draft name never leaks)', async () => {
    for (const p of [`/e/no-existe-${Date.now()}`, `/e/${draftCode}`]) {
      const res = await fetch(`${app.url}${p}`);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(titleOf(html), p).toBe('Aforo · Tu evento a un clic');
      expect(meta(html, 'og:title'), p).toBeNull();
      expect(html, p).not.toContain('Borrador secreto');
      expect(html, p).toContain('<div id="root">');
    }
  });
});
