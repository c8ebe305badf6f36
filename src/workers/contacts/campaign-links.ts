/**
 * Rewrites a campaign mail's links to short codes of this campaign and recipient (`<appUrl>/r/<code>`) and adds the
 * open pixel (one more code of kind `open`). Only absolute http(s) hrefs are rewritten; the unsubscribe and
 * subscription links are added after this and stay as they are.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { shortCodes } from '../../projections/contacts/campaign-links.js';

const HREF_RE = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;
const unescapeAmp = (url: string) => url.replace(/&amp;/g, '&');

export async function trackLinks(
  db: Kysely<DB>,
  input: { appUrl: string; clientId: string; campaignId: string; recipientKey: string; html: string; openPixel: boolean },
): Promise<string> {
  const urls = [...input.html.matchAll(HREF_RE)].map((m) => unescapeAmp(m[3]!)).filter((u) => u.length <= 2000);
  const items = [...urls.map((url) => ({ kind: 'link' as const, url })), ...(input.openPixel ? [{ kind: 'open' as const, url: '' }] : [])];
  const codes = await shortCodes(db, { clientId: input.clientId, campaignId: input.campaignId, recipientKey: input.recipientKey, items });
  const base = input.appUrl.replace(/\/$/, '');
  let html = input.html.replace(HREF_RE, (all, pre: string, q: string, url: string) => {
    const code = codes.get(`link ${unescapeAmp(url)}`);
    return code ? `${pre}${q}${base}/r/${code}${q}` : all;
  });
  const open = codes.get('open ');
  if (open) html += `\n<img src="${base}/r/${open}" width="1" height="1" alt="" style="display:block;border:0">`;
  return html;
}
