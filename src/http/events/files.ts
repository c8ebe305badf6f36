import type { Request, Response } from 'express';
import multer from 'multer';
import type { AppContext } from '../../context.js';
import { COVER_MAX_BYTES } from '../../contracts/events.js';
import * as svc from '../../commands/events/service.js';
import { eventDtoFromState } from '../../commands/events/dto.js';
import { messages } from '../../messages/es.js';
import { storageFor } from '../../storage/local.js';
import { HttpError } from '../errors.js';

const m = messages.events;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 5 } }).single('cover');

/** The image type from its first bytes (the declared MIME type is not trusted). */
export function sniffImage(buf: Buffer): { ext: string; type: string } | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', type: 'image/jpeg' };
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', type: 'image/png' };
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return { ext: 'webp', type: 'image/webp' };
  return null;
}

export async function uploadCover(ctx: AppContext, req: Request, res: Response, eventId: string) {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.coverTooLarge, 'COVER_TOO_LARGE'));
        return reject(new HttpError(400, m.coverMissing, err.code));
      }
      // Anything else multer reports is the form itself being wrong (busboy: no boundary, cut short, a broken
      // part header): the client's fault, never a 500.
      reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
    }),
  );
  const file = req.file;
  if (!file) throw new HttpError(400, m.coverMissing, 'COVER_MISSING');
  const kind = sniffImage(file.buffer);
  if (!kind) throw new HttpError(400, m.coverType, 'COVER_TYPE');
  // The file is written first under a fresh name; an unreferenced file is harmless, a reference to none is not.
  const stored = await storageFor(ctx.config.dataDir).put(`events/${eventId}/cover-${ctx.newId()}.${kind.ext}`, file.buffer, kind.type);
  const r = await svc.changeCover(ctx, req.user!, eventId, stored.url);
  return { data: eventDtoFromState(r.state, r.version), position: r.position };
}

/** GET /api/v2/files/<area>/<owner>/<file>: public uploads (covers), cached long (names are unique). */
export async function serveFile(ctx: AppContext, req: Request, res: Response) {
  const { area, owner, file } = req.params as Record<string, string>;
  const found = await storageFor(ctx.config.dataDir).get(`${area}/${owner}/${file}`);
  if (!found) throw new HttpError(404, m.fileNotFound, 'FILE_NOT_FOUND');
  res.setHeader('Content-Type', found.contentType);
  res.setHeader('Content-Length', String(found.size));
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  found.stream.pipe(res);
}
