import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { messages } from '../messages/es.js';
import { HttpError } from './errors.js';

/**
 * How deep a JSON body may nest. The API's deepest body is a few levels; a body nested thousands of levels deep
 * is only an attack: JSON.parse accepts it (slowly) and every recursive walk after it (JSON.stringify of the
 * Idempotency-Key digest, logging, zod) overflows the stack and answered 500.
 */
export const MAX_JSON_DEPTH = 32;

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** The bytes of the request's JSON body as received (after Content-Encoding), or undefined when none was parsed. */
export function rawJsonBody(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}

export function tooDeepError(): HttpError {
  return new HttpError(400, messages.validation.tooDeep, 'TOO_DEEP');
}

/**
 * Nesting depth of JSON text, counting brackets outside strings; stops as soon as it passes `max`. Runs on the
 * raw bytes before JSON.parse, so a hostile body costs one linear scan instead of a slow parse. Works on UTF-8
 * bytes (no byte of a multi-byte sequence is ASCII) and on decoded text alike.
 */
export function jsonDepthExceeds(text: Uint8Array | string, max: number): boolean {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = at(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Depth of an already parsed value, walked with an explicit stack (never recursion). */
export function valueDepthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/**
 * express.json with the API's limits: 1 MB, nesting at most MAX_JSON_DEPTH (400 TOO_DEEP before parsing), and
 * the raw bytes kept for the Idempotency-Key digest (src/http/route.ts), which then never walks the parsed body.
 */
export function jsonBody(): RequestHandler {
  const parse = express.json({
    limit: '1mb',
    verify(req, _res, buf, encoding) {
      let text: Uint8Array | string = buf;
      if (!/^utf-?8$/i.test(encoding)) {
        try {
          text = new TextDecoder(encoding).decode(buf);
        } catch {
          throw new HttpError(415, undefined, 'UNSUPPORTED_CHARSET');
        }
      }
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw tooDeepError();
      rawBodies.set(req, buf);
    },
  });
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      // Belt and braces: whatever the charset, the parsed value is within the limit.
      if (valueDepthExceeds(req.body, MAX_JSON_DEPTH)) return next(tooDeepError());
      next();
    });
}
