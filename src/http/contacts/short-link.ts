/**
 * `/r/{code}` (outside /api, the spec's route): a campaign mail's short link redirects (302) to its URL, the open
 * pixel answers a 1x1 GIF. A GET counts a hit for the campaign and recipient; a HEAD (link scanners), a prefetch
 * (`Sec-Purpose`/`Purpose: prefetch`) and a repeat of the same code within 10 s do not (recordHit). Opens are
 * approximate: images blocked by the mail client are not seen, and clients that fetch images on delivery count.
 */
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { campaignAudience as ma } from '../../messages/contacts/campaigns.js';
import { findShortLink, recordHit, SHORT_CODE_RE } from '../../projections/contacts/campaign-links.js';
import { errorBody } from './../errors.js';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const isPrefetch = (h: (name: string) => string | undefined) =>
  /prefetch|preview/i.test(`${h('sec-purpose') ?? ''} ${h('purpose') ?? ''} ${h('x-purpose') ?? ''} ${h('x-moz') ?? ''}`);

export function shortLinkHandler(ctx: Pick<AppContext, 'db'>): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const code = String(req.params.code ?? '');
      const link = SHORT_CODE_RE.test(code) ? await findShortLink(ctx.db, code) : null;
      if (!link) {
        res.status(404).json(errorBody(404, ma.linkNotFound, { code: 'LINK_NOT_FOUND' }));
        return;
      }
      if (req.method === 'GET' && !isPrefetch((n) => req.get(n))) await recordHit(ctx.db, link);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      if (link.kind === 'open') {
        res.status(200).type('image/gif').send(PIXEL);
        return;
      }
      res.redirect(302, link.url);
    })().catch(next);
  };
}
