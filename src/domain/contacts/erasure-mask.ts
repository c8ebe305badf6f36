import { ERASED_VALUE } from '../../contracts/contacts-groups.js';

/** Every value of a profile (nested parts too) replaced by the erased marker; nulls stay null. Pure. */
export function maskValue(v: unknown): unknown {
  if (v === null || v === undefined) return v ?? null;
  if (Array.isArray(v)) return v.length ? ERASED_VALUE : v;
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, maskValue(x)]));
  return ERASED_VALUE;
}
export function maskProfile<P extends Record<string, unknown>>(profile: P): P {
  return maskValue(profile) as P;
}
