import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import { apiErrorBody } from '../app/api';
import { useInvalidFocus } from './a11y';

type Errors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A zod schema, or a loader of one: a page whose first load must stay small (sign-in) passes a loader, and
 * the validation code (zod) loads with the first edit of the form, or at the latest with its submission.
 */
export type FormSchema = z.ZodMiniType | (() => Promise<z.ZodMiniType>);

/**
 * Form state validated with a zod schema shared with the server (src/contracts; the account forms use the
 * zod/mini ones of account-forms.ts). Errors show beside each field (first message per field); the server's
 * field errors (400 with `errors`) land there too. Put `formRef` on the form: after a failed submit the focus
 * moves to the first invalid field and its error is announced.
 */
export function useZodForm<T extends Record<string, string>>(schema: FormSchema, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const loaded = useRef<Promise<z.ZodMiniType> | null>(null);
  const invalid = useInvalidFocus();
  const loadSchema = useCallback(() => {
    if (typeof schema !== 'function') return Promise.resolve(schema);
    loaded.current ??= schema().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  }, [schema]);

  const setValue = useCallback(
    (name: keyof T & string, value: string) => {
      void loadSchema().catch(() => undefined);
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    },
    [loadSchema],
  );

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
  const validate = async <O = T>(extra?: (v: T) => Errors<T>): Promise<O | null> => {
    const result = (await loadSchema()).safeParse(values);
    const next: Errors<T> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof T & string;
        if (key && !next[key]) next[key] = issue.message;
      }
    }
    Object.assign(next, Object.fromEntries(Object.entries(extra?.(values) ?? {}).filter(([k, m]) => m && !next[k as keyof T & string])));
    setErrors(next);
    if (Object.keys(next).length > 0) {
      invalid.failed();
      return null;
    }
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
    invalid.failed();
    return true;
  };

  /**
   * The form's onSubmit: validates (`extra` adds cross-field errors) and `save`s the parsed values. A failed save
   * shows the server's field errors beside the fields, or else goes to `failed` (a snackbar, mostly).
   */
  const submit =
    <O = T>(save: (values: O) => Promise<unknown>, failed: (error: unknown) => void, extra?: (v: T) => Errors<T>) =>
    async (e: FormEvent) => {
      e.preventDefault();
      const body = await validate<O>(extra);
      if (!body) return;
      try {
        await save(body);
      } catch (error) {
        if (!applyServerErrors(error)) failed(error);
      }
    };

  return { values, errors, setValue, field, validate, applyServerErrors, submit, formRef: invalid.ref, reset: () => setValues(initial) };
}
