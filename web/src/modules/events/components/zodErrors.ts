import type { z } from 'zod';
import { apiErrorBody } from '../../../app/api';

export type FieldErrors = Record<string, string | undefined>;

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's field errors (400 with `errors`), keyed by top-level field. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const e of apiErrorBody(error)?.errors ?? []) {
    const key = e.path.split('.')[0] ?? '_';
    if (!out[key]) out[key] = e.message;
  }
  return out;
}

/** "12" -> 12, "" -> undefined, "abc" -> NaN (so zod reports "Debe ser un número."). */
export const num = (v: string): number | undefined => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));
