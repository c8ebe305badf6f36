import { useState } from 'react';
import type { z } from 'zod';
import { apiErrorBody } from '../../../app/api';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';

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

/**
 * An events form's field errors and what a failed submit does with them: `reject(errors)` shows them beside the
 * fields and focuses (and announces) the first invalid one; `saveFailed(error, extra)` does the same with the
 * server's field errors (`extra` wins) and says the server's message in a snackbar. `formRef` goes on the form.
 */
export function useFormErrors() {
  const { t } = useTranslation();
  const { notifyError } = useNotify();
  const [errors, setErrors] = useState<FieldErrors>({});
  const invalid = useInvalidFocus();
  const reject = (errs: FieldErrors) => {
    setErrors(errs);
    invalid.failed();
  };
  const saveFailed = (error: unknown, extra: FieldErrors = {}) => {
    const fields = { ...serverFieldErrors(error), ...extra };
    if (Object.keys(fields).length) reject(fields);
    notifyError(error, t('common.unexpectedError'));
  };
  return { errors, setErrors, formRef: invalid.ref, reject, saveFailed };
}
