import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { messages } from '../messages/es.js';
import { findEvent } from '../projections/events/queries.js';

/**
 * The HTML of a published event's page /e/{eventCode}: the web app's index.html with the event's document title
 * and link-preview tags (Open Graph, Twitter card), so a link shared in a chat or a social network shows the
 * event and not the generic page (crawlers run no JavaScript). A cancelled event's page stays public and its
 * preview says so. Anything else (an unknown code, a draft, a failing query) falls through to the generic index.html.
 */
export interface EventPageMeta {
  /** The event's name (document title "<name> · Aforo", og:title). */
  name: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  imageUrl: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Collapses whitespace and cuts at `max` characters (on a word when one ends close by), with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** index.html with the event's title, description and preview tags (replacing the generic title and description). */
export function renderEventHead(template: string, meta: EventPageMeta): string {
  const attr = escapeHtml;
  const tags = [
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<link rel="canonical" href="${attr(meta.url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Aforo" />`,
    `<meta property="og:title" content="${attr(meta.name)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.url)}" />`,
    ...(meta.imageUrl ? [`<meta property="og:image" content="${attr(meta.imageUrl)}" />`] : []),
    `<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  const title = `<title>${escapeHtml(`${meta.name} · Aforo`)}</title>`;
  // Functions as replacements: a `$&` or `$1` in the event's text must stay literal.
  let html = template.replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  html = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html.replace(/<\/head>/i, () => `${title}\n  </head>`);
  return html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/** The preview text: the event's description, else its date (in its time zone) and venue. */
function previewText(row: { description: string | null; start_date: Date | string; time_zone: string; venue: string | null }): string {
  if (row.description?.trim()) return shorten(row.description, 200);
  let when: string;
  try {
    when = new Intl.DateTimeFormat('es-PE', { dateStyle: 'full', timeStyle: 'short', timeZone: row.time_zone }).format(new Date(row.start_date));
  } catch {
    when = new Date(row.start_date).toISOString().slice(0, 16).replace('T', ' ');
  }
  return shorten([when, row.venue].filter(Boolean).join(' · '), 200);
}

/** An absolute http(s) URL for a stored cover path, or null. */
function absoluteUrl(pathOrUrl: string | null, base: string): string | null {
  if (!pathOrUrl) return null;
  try {
    const u = new URL(pathOrUrl, `${base}/`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * GET /e/:eventCode with a web build: the event's index.html when the event is published (or was, and is now
 * cancelled), else next() (the
 * generic page). index.html is read again when the build changes it (its mtime), not on every request.
 */
export function eventPageHtml(ctx: AppContext, webDist: string): RequestHandler {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = () => {
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
  return async (req, res, next) => {
    const code = String(req.params.eventCode ?? '');
    if (!code || code.length > 80) return next();
    try {
      const row = await findEvent(ctx.db, code);
      const cancelled = !!row?.cancelled_at;
      if (!row || (!row.published && !cancelled)) return next();
      const base = ctx.config.appUrl;
      const html = renderEventHead(template(), {
        name: row.event_name,
        description: cancelled ? shorten(`${messages.events.cancelledPreview} ${previewText(row)}`, 200) : previewText(row),
        url: `${base}/e/${encodeURIComponent(row.event_code)}`,
        imageUrl: absoluteUrl(row.cover_url, base),
      });
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    } catch (err) {
      // The generic page still works without the preview tags.
      req.log?.warn({ err }, 'event page head not rendered');
      next();
    }
  };
}
