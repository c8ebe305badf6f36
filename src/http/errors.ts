import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { DomainError } from '../domain/shared/errors.js';
import { ReservationConflictError, WrongExpectedVersionError } from '../eventstore/port.js';
import { messages } from '../messages/es.js';
// Field errors in plain Spanish for every schema of the process (installs zod's error map on import).
import './zod-es.js';

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
  // A status the catalogue has no text for gets its class's (4xx: the request was wrong, 5xx: ours).
  const entry = messages.http[status as CatalogueStatus] ?? messages.http[status >= 400 && status < 500 ? 400 : 500];
  return { status, message: entry.title, messagePublic: messagePublic ?? entry.message, ...extra };
}

export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof ZodError) {
    return errorBody(400, undefined, {
      code: 'VALIDATION',
      errors: fieldErrors(err.issues),
    });
  }
  if (err instanceof DomainError) {
    // A rule about one field (details.field) also answers as that field's error, so forms show it beside it.
    const field = typeof err.details?.field === 'string' ? err.details.field : undefined;
    // A rule about several fields at once (a form's answers) gives its own list.
    const listed = Array.isArray(err.details?.errors) ? (err.details.errors as { path: string; message: string }[]) : undefined;
    const errors = listed ?? (field ? [{ path: field, message: err.messagePublic }] : undefined);
    return errorBody(err.status, err.messagePublic, { code: err.code, ...(errors ? { errors } : {}) });
  }
  if (err instanceof HttpError) return errorBody(err.status, err.messagePublic, err.code ? { code: err.code } : {});
  if (err instanceof WrongExpectedVersionError) return errorBody(409, messages.eventStore.conflict, { code: err.code });
  if (err instanceof ReservationConflictError) return errorBody(409, messages.eventStore.duplicate, { code: err.code });
  const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; errno?: number };
  if (e?.type === 'entity.parse.failed') return errorBody(400, undefined, { code: 'MALFORMED_JSON' });
  if (e?.type === 'entity.too.large' || e?.status === 413) return errorBody(413);
  if (e?.type === 'charset.unsupported') return errorBody(415, undefined, { code: 'UNSUPPORTED_CHARSET' });
  if (e?.type === 'encoding.unsupported') return errorBody(415, undefined, { code: 'UNSUPPORTED_ENCODING' });
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A body whose Content-Encoding does not match its bytes (zlib's error, with its errno), or that ended
    // before its Content-Length.
    if (e.errno !== undefined || e.type === 'request.aborted' || e.type === 'request.size.invalid') {
      return errorBody(status, messages.validation.malformedBody, { code: 'MALFORMED_BODY' });
    }
    // Any other client error of express or body-parser (http-errors marks them `expose`; the router's
    // undecodable path parameter is a URIError with a 400).
    if (e.expose || err instanceof URIError) return errorBody(status);
  }
  return errorBody(500);
}

/**
 * One error per field: the first that still tells something. zod adds a "safe integer range" issue beside a
 * schema's own maximum for huge numbers (1e20), worded as the integer check; it is dropped when the field has
 * another issue (the field's own limit is worded by src/http/zod-es.ts).
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
    const message = safeRange(issue) ? messages.validation.tooBig(Number.MAX_SAFE_INTEGER) : issue.message;
    return { path, message };
  });
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const body = toErrorBody(err);
  if (body.status >= 500) req.log?.error({ err }, 'unhandled error');
  if (res.headersSent) return;
  res.status(body.status).json(body);
};
