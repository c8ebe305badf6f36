import dayjs from '../../app/dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Spec 9: dates under 36 hours show relative time in Spanish; older ones as DD/MM/YY h:mm a. */
export const RELATIVE_LIMIT_HOURS = 36;

export function notificationDate(iso: string, now: Date = new Date()): string {
  const d = dayjs(iso).locale('es');
  const ref = dayjs(now);
  if (ref.diff(d, 'hour', true) < RELATIVE_LIMIT_HOURS) return d.from(ref);
  return d.format('DD/MM/YY h:mm a');
}

/** Spec 9: the bell shows '9+' from 10 up. */
export function badgeText(count: number): string | number {
  return count >= 10 ? '9+' : count;
}
