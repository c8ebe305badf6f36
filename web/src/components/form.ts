import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod/mini';
import { apiErrorBody } from '../app/api';

type Errors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Form state validated with a zod schema shared with the server (src/contracts; the account forms use the
 * zod/mini ones of account-forms.ts). Errors show beside each field (first message per field); the server's
 * field errors (400 with `errors`) land there too.
 */
export function useZodForm<T extends Record<string, string>>(schema: z.ZodMiniType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});

  const setValue = useCallback((name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }, []);

  /** Props for an MUI TextField bound to `name`. */
  const field = (name: keyof T & string) => ({
    name,
    id: `field-${name}`,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.target.value),
    error: !!errors[name],
    helperText: errors[name],
  });

  /** Parsed values (zod output) or null after setting the field errors. */
  const validate = <O = T>(extra?: (v: T) => Errors<T>): O | null => {
    const result = schema.safeParse(values);
    const next: Errors<T> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof T & string;
        if (key && !next[key]) next[key] = issue.message;
      }
    }
    Object.assign(next, Object.fromEntries(Object.entries(extra?.(values) ?? {}).filter(([k, m]) => m && !next[k as keyof T & string])));
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    return (result.success ? result.data : values) as O;
  };

  /** Copies the server's field errors (400 VALIDATION) beside the fields; returns true if any matched. */
  const applyServerErrors = (error: unknown): boolean => {
    const list = apiErrorBody(error)?.errors ?? [];
    const next: Errors<T> = {};
    for (const e of list) {
      const key = e.path.split('.')[0] as keyof T & string;
      if (key in values && !next[key]) next[key] = e.message;
    }
    if (Object.keys(next).length === 0) return false;
    setErrors((cur) => ({ ...cur, ...next }));
    return true;
  };

  return { values, errors, setValue, field, validate, applyServerErrors, reset: () => setValues(initial) };
}
