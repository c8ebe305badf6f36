import type { ErrorRequestHandler } from 'express';
import { z, ZodError } from 'zod';
import { DomainError } from '../domain/shared/errors.js';
import { ReservationConflictError, WrongExpectedVersionError } from '../eventstore/port.js';
import { messages } from '../messages/es.js';

// Field errors of schemas that set no message of their own (enums, types, sizes) come out in Spanish too, in the
// words of zod's own Spanish locale, instead of its English default; a missing field and a value of the wrong
// kind get the catalogue's plain words (a schema's own message on its type would say "obligatorio" for both).
z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined || issue.input === null) return messages.validation.required;
    return messages.validation.expected[issue.expected] ?? undefined;
  },
});

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
      errors: fieldErrors(err.issues),
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

/**
 * One error per field: the first that still tells something. zod adds a "safe integer range" issue beside a
 * schema's own maximum for huge numbers (1e20), worded as the integer check; it is dropped when the field has
 * another issue, and a bare maximum says the limit in plain words.
 */
function fieldErrors(issues: ZodError['issues']): { path: string; message: string }[] {
  const byPath = new Map<string, ZodError['issues']>();
  for (const i of issues) {
    const path = i.path.join('.');
    byPath.set(path, [...(byPath.get(path) ?? []), i]);
  }
  return [...byPath].map(([path, list]) => {
    const safeRange = (i: ZodError['issues'][number]) => i.code === 'too_big' && i.origin === 'int' && i.maximum === Number.MAX_SAFE_INTEGER;
    const issue = list.find((i) => !safeRange(i)) ?? list[0];
    const message =
      safeRange(issue) || (issue.code === 'too_big' && issue.origin === 'number' && issue.message.startsWith('Demasiado grande'))
        ? messages.validation.tooBig(safeRange(issue) ? Number.MAX_SAFE_INTEGER : (issue as { maximum: number }).maximum)
        : issue.message;
    return { path, message };
  });
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const body = toErrorBody(err);
  if (body.status >= 500) req.log?.error({ err }, 'unhandled error');
  if (res.headersSent) return;
  res.status(body.status).json(body);
};
