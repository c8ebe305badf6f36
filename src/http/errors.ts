import type { ErrorRequestHandler } from 'express';
import { z, ZodError } from 'zod';
import { DomainError } from '../domain/shared/errors.js';
import { ReservationConflictError, WrongExpectedVersionError } from '../eventstore/port.js';
import { messages } from '../messages/es.js';

// Field errors of schemas that set no message of their own (enums, types, sizes) come out in Spanish too, in the
// words of zod's own Spanish locale, instead of its English default.
z.config(z.locales.es());

type CatalogueStatus = keyof typeof messages.http;

/** The API's error body: `{ status, message, messagePublic }` (+ field errors for validation). */
export interface ErrorBody {
  status: number;
  message: string;
  messagePublic: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

/** An HTTP error raised by transport code (guards, lookups); domain code throws DomainError instead. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messagePublic?: string,
    readonly code?: string,
  ) {
    super(messagePublic ?? String(status));
  }
}

export function errorBody(status: number, messagePublic?: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  const entry = messages.http[status as CatalogueStatus] ?? messages.http[500];
  return { status, message: entry.title, messagePublic: messagePublic ?? entry.message, ...extra };
}

export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof ZodError) {
    return errorBody(400, undefined, {
      code: 'VALIDATION',
      errors: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  if (err instanceof DomainError) return errorBody(err.status, err.messagePublic, { code: err.code });
  if (err instanceof HttpError) return errorBody(err.status, err.messagePublic, err.code ? { code: err.code } : {});
  if (err instanceof WrongExpectedVersionError) return errorBody(409, messages.eventStore.conflict, { code: err.code });
  if (err instanceof ReservationConflictError) return errorBody(409, messages.eventStore.duplicate, { code: err.code });
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') return errorBody(400, undefined, { code: 'MALFORMED_JSON' });
  if (e?.type === 'entity.too.large' || e?.status === 413) return errorBody(413);
  return errorBody(500);
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const body = toErrorBody(err);
  if (body.status >= 500) req.log?.error({ err }, 'unhandled error');
  if (res.headersSent) return;
  res.status(body.status).json(body);
};
