import { z } from 'zod';
import { messages } from '../messages/es.js';

/**
 * zod's field errors in plain Spanish, installed once for the process (imported by src/http/errors.ts).
 * zod's own Spanish locale stays underneath as a fallback, but it mixes type names and symbols ("se esperaba
 * que int fuera >=1", "Inválido UUID"): every issue code is worded here instead. A schema's own message still
 * wins over this map (zod's precedence), except that a missing field and a value of the wrong kind get the
 * catalogue's plain words.
 */

const v = messages.validation;
const zm = v.zod;

const num = (n: unknown) => (typeof n === 'number' || typeof n === 'bigint' ? n.toLocaleString('es-ES') : String(n));
const dateOf = (n: unknown) => {
  const d = new Date(typeof n === 'bigint' ? Number(n) : (n as number));
  return Number.isNaN(d.getTime()) ? String(n) : d.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
const quote = (value: unknown) => (typeof value === 'string' ? `«${value}»` : String(value));

const ID_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'xid', 'ksuid', 'nanoid']);
const FORMAT_TEXT: Record<string, string> = {
  email: zm.format.email,
  url: zm.format.url,
  datetime: zm.format.datetime,
  date: zm.format.date,
  time: zm.format.time,
  duration: zm.format.duration,
  ipv4: zm.format.ip,
  ipv6: zm.format.ip,
  cidrv4: zm.format.ip,
  cidrv6: zm.format.ip,
  e164: zm.format.phone,
  lowercase: zm.format.lowercase,
  uppercase: zm.format.uppercase,
};

type Issue = z.core.$ZodRawIssue;

export function spanishIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return v.required;
      return v.expected[issue.expected] ?? zm.invalid;
    case 'too_small': {
      const n = num(issue.minimum);
      switch (issue.origin) {
        case 'string':
          return issue.exact ? zm.exactChars(n) : zm.atLeastChars(n);
        case 'array':
        case 'set':
          return issue.exact ? zm.exactItems(n) : zm.atLeastItems(n);
        case 'date':
          return zm.dateFrom(dateOf(issue.minimum));
        case 'file':
          return zm.fileAtLeast(n);
        default:
          return issue.inclusive ? zm.atLeast(n) : zm.above(n);
      }
    }
    case 'too_big': {
      const n = num(issue.maximum);
      switch (issue.origin) {
        case 'string':
          return issue.exact ? zm.exactChars(n) : zm.atMostChars(n);
        case 'array':
        case 'set':
          return issue.exact ? zm.exactItems(n) : zm.atMostItems(n);
        case 'date':
          return zm.dateUntil(dateOf(issue.maximum));
        case 'file':
          return zm.fileAtMost(n);
        default:
          return issue.inclusive ? v.tooBig(issue.maximum as number | bigint) : zm.below(n);
      }
    }
    case 'invalid_format': {
      const i = issue as Issue & { format: string; prefix?: string; suffix?: string; includes?: string };
      if (i.format === 'starts_with' && i.prefix !== undefined) return zm.startsWith(i.prefix);
      if (i.format === 'ends_with' && i.suffix !== undefined) return zm.endsWith(i.suffix);
      if (i.format === 'includes' && i.includes !== undefined) return zm.includes(i.includes);
      if (ID_FORMATS.has(i.format)) return zm.format.id;
      return FORMAT_TEXT[i.format] ?? zm.format.other;
    }
    case 'invalid_value': {
      const values = (issue as Issue & { values: unknown[] }).values ?? [];
      return values.length === 1 ? zm.exactly(quote(values[0])) : zm.oneOf(values.map(quote).join(', '));
    }
    case 'unrecognized_keys':
      return zm.unknownKeys(((issue as Issue & { keys: string[] }).keys ?? []).map(quote));
    case 'not_multiple_of':
      return zm.multipleOf(num((issue as Issue & { divisor: number }).divisor));
    case 'invalid_key':
      return zm.invalidKey;
    case 'invalid_element':
      return zm.invalidElement;
    case 'invalid_union':
    case 'custom':
      return zm.invalid;
    default:
      return undefined;
  }
}

let installed = false;
/** Installs the map for every schema of this process (idempotent). */
export function installSpanishZodErrors(): void {
  if (installed) return;
  installed = true;
  z.config(z.locales.es());
  z.config({ customError: spanishIssueMessage });
}

installSpanishZodErrors();
