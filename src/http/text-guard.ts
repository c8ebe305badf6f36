import type { RequestHandler } from 'express';
import { messages } from '../messages/es.js';
import { HttpError } from './errors.js';

/**
 * Text that cannot be stored: the NUL character (PostgreSQL's text and jsonb refuse it) and a lone UTF-16
 * surrogate (not Unicode at all). Caught at the door for every request and socket payload, so no command
 * appends an event that a projection could then never write (a NUL in a sign-up name once stopped the accounts
 * read model, and with it every later sign-in), and bad input answers 400 instead of a database error's 500.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k) || hasUnstorableText(v, depth + 1)) return true;
  }
  return false;
}

export function unstorableTextError(): HttpError {
  return new HttpError(400, messages.validation.invalidCharacters, 'INVALID_CHARACTERS');
}

/** 400 for a path, query or JSON body holding text that cannot be stored (see hasUnstorableText). */
export const rejectUnstorableText: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(new HttpError(400));
  }
  if (UNSTORABLE.test(path) || hasUnstorableText(req.query) || hasUnstorableText(req.body)) return next(unstorableTextError());
  next();
};
