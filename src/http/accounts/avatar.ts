import type { Request, Response } from 'express';
import multer from 'multer';
import * as accounts from '../../commands/accounts/service.js';
import type { AuthUser } from '../../contracts/accounts.js';
import { AVATAR_MAX_BYTES } from '../../contracts/accounts.js';
import type { AppContext } from '../../context.js';
import { messages } from '../../messages/es.js';
import { storageFor } from '../../storage/local.js';
import { HttpError } from '../errors.js';
import { sniffImage } from '../events/files.js';

const m = messages.accounts;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } }).single('avatar');

/** POST profile/avatar: stores the picture under a fresh name, then records it on the account. */
export async function uploadAvatar(ctx: AppContext, req: Request, res: Response, userId: string): Promise<AuthUser> {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.avatarTooLarge, 'AVATAR_TOO_LARGE'));
        return reject(new HttpError(400, m.avatarMissing, err.code));
      }
      // Anything else is the form itself being wrong: the client's fault, never a 500.
      reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
    }),
  );
  const file = req.file;
  if (!file) throw new HttpError(400, m.avatarMissing, 'AVATAR_MISSING');
  // The type comes from the first bytes, not from the declared MIME type.
  const kind = sniffImage(file.buffer);
  if (!kind) throw new HttpError(400, m.avatarType, 'AVATAR_TYPE');
  const stored = await storageFor(ctx.config.dataDir).put(`${accounts.avatarKeyPrefix(userId)}avatar-${ctx.newId()}.${kind.ext}`, file.buffer, kind.type);
  return accounts.setAvatar(ctx, userId, stored.url);
}
