import dayjs from '../../app/dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_TIME_ZONE } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CURRENCIES = ['PEN', 'USD', 'EUR'] as const;
// The card formats (long date, day badge, money) need no dayjs: ./dates.ts, shared with the home page.
export { CURRENCY_PREFIX, DEFAULT_TIME_ZONE, dayBadge, longDate, money } from './dates';

/** "12 dic. 2026, 19:00". */
export function shortDate(iso: string | undefined | null, tz = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  return dayjs(iso).tz(tz).format('D MMM YYYY, HH:mm');
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
