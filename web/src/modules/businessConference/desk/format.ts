import dayjs from '../../../app/dayjs';

/** A duration in seconds as "45 s", "3 min", "1 h 05 min". */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A time of day in the round's time zone (the browser's when unknown). */
export function clock(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** A day of the round (YYYY-MM-DD) as "lun 2 mar". */
export function dayLabel(day: string): string {
  return dayjs(day).format('ddd D MMM');
}
