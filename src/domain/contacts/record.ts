/**
 * What contacts and companies share: a profile kept as a flat map of named values for the audit ("name",
 * "consent.email", "fields.size"), changes as `{ field: { before, after } }`, and the checks of names and phones.
 * Pure.
 */
import type { FieldValue } from '../../contracts/contacts.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** A profile with nested parts one level deep (consent, fields) as flat "part.key" entries; nulls left out. */
export function flatten(profile: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(profile)) {
    if (v === null || v === undefined) continue;
    if (k === 'consent' || k === 'fields') {
      for (const [sub, x] of Object.entries(v as Record<string, unknown>)) if (x !== null && x !== undefined) out[`${k}.${sub}`] = x;
    } else out[k] = v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ, each with its value before and after (null for absent). */
export function diffProfiles(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const a = flatten(before);
  const b = flatten(after);
  const changes: Changes = {};
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (!same(a[key], b[key])) changes[key] = { before: a[key] ?? null, after: b[key] ?? null };
  }
  return changes;
}

/** The profile with changes applied (a change to "fields.x" or "consent.email" sets that entry). */
export function applyChanges<P extends Record<string, unknown>>(profile: P, changes: Changes): P {
  const next: Record<string, unknown> = { ...profile };
  for (const [key, { after }] of Object.entries(changes)) {
    const dot = key.indexOf('.');
    if (dot < 0) {
      next[key] = after;
      continue;
    }
    const part = key.slice(0, dot);
    const sub = key.slice(dot + 1);
    const nested: Record<string, unknown> = { ...((next[part] as Record<string, unknown> | undefined) ?? {}) };
    if (after === null && part === 'fields') delete nested[sub];
    else nested[sub] = after;
    next[part] = nested;
  }
  return next as P;
}

export function checkName(name: string): string {
  const n = name.trim();
  if (!n) throw new DomainError('NAME_REQUIRED', messages.contacts.nameRequired, 400, { field: 'name' });
  return n;
}

/** E.164: "+" and 8 to 15 digits, the first not 0 (the shape every stored phone has). */
export const E164 = /^\+[1-9]\d{7,14}$/;
/** The country a phone written without "+" is read in (organizers are Peruvian unless told otherwise). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'PE';
/**
 * A phone as E.164 by `libphonenumber-js`: "+51 987 654 321", "(01) 411-2233" or "987654321" (read in `country`)
 * become "+51987654321"; a number the library does not find valid for its country is refused in Spanish.
 */
export function checkPhone(phone: string | null | undefined, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  if (phone === null || phone === undefined || phone.trim() === '') return null;
  const parsed = parsePhoneNumberFromString(phone.trim(), country);
  if (!parsed || !parsed.isValid() || !E164.test(parsed.number)) throw new DomainError('PHONE_INVALID', messages.contacts.phoneInvalid, 400, { field: 'phone' });
  return parsed.number;
}

export const normalizeEmail = (email: string | null | undefined) => (email && email.trim() ? email.trim().toLowerCase() : null);

export type Values = Record<string, FieldValue>;
