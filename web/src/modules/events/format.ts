import dayjs from '../../app/dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display prefixes of the sales currencies (spec section 3). */
export const CURRENCY_PREFIX: Record<string, string> = { PEN: 'S/.', USD: '$', EUR: '€' };
export const CURRENCIES = ['PEN', 'USD', 'EUR'] as const;
export const DEFAULT_TIME_ZONE = 'America/Lima';

/** "S/. 25.00", "$ 10.50", "€ 8.00". */
export function money(amount: number, currency: string | undefined): string {
  const prefix = CURRENCY_PREFIX[currency ?? 'PEN'] ?? currency ?? '';
  return `${prefix} ${amount.toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "sábado, 12 de diciembre de 2026 · 19:00" in the event's time zone. */
export function longDate(iso: string | undefined | null, tz = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  const d = dayjs(iso).tz(tz);
  const text = `${d.format('dddd, D [de] MMMM [de] YYYY')} · ${d.format('HH:mm')}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "12 dic. 2026, 19:00". */
export function shortDate(iso: string | undefined | null, tz = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  return dayjs(iso).tz(tz).format('D MMM YYYY, HH:mm');
}

/** "12 DIC" badge parts for event cards. */
export function dayBadge(iso: string, tz = DEFAULT_TIME_ZONE): { day: string; month: string } {
  const d = dayjs(iso).tz(tz);
  return { day: d.format('D'), month: d.format('MMM').replace('.', '').toUpperCase() };
}

/** ISO instant -> value for <input type="datetime-local"> in the given zone. */
export function toLocalInput(iso: string | undefined | null, tz = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  return dayjs(iso).tz(tz).format('YYYY-MM-DDTHH:mm');
}

/** <input type="datetime-local"> value in the given zone -> ISO instant. */
export function fromLocalInput(value: string, tz = DEFAULT_TIME_ZONE): string {
  return dayjs.tz(value, 'YYYY-MM-DDTHH:mm', tz).toISOString();
}

/** Slug for eventCode suggestions: lower case, no accents, dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
