/**
 * Dates of the event cards without dayjs: the home page shows cards, and dayjs with its time-zone plugins
 * (about 6 KB gzip) would load with it. Wall-clock fields in the event's zone come from Intl (as dayjs's
 * timezone plugin does); the Spanish names are those of dayjs's `es` locale, so the text is the same as
 * `dayjs(iso).tz(tz).format(...)` gives.
 */
const MONTHS = 'enero_febrero_marzo_abril_mayo_junio_julio_agosto_septiembre_octubre_noviembre_diciembre'.split('_');
const MONTHS_SHORT = 'ene_feb_mar_abr_may_jun_jul_ago_sep_oct_nov_dic'.split('_');
const WEEKDAYS = 'domingo_lunes_martes_miércoles_jueves_viernes_sábado'.split('_');

export const DEFAULT_TIME_ZONE = 'America/Lima';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Year, month (1-12), day, weekday (0 = Sunday), hour and minute of an instant in a time zone. */
function wallClock(iso: string, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(tz, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(iso))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year, month, day } = parts;
  const hour = parts.hour % 24;
  return { year, month, day, hour, minute: parts.minute, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "sábado, 12 de diciembre de 2026 · 19:00" in the event's time zone. */
export function longDate(iso: string | undefined | null, tz = DEFAULT_TIME_ZONE): string {
  if (!iso) return '';
  const d = wallClock(iso, tz);
  const text = `${WEEKDAYS[d.weekday]}, ${d.day} de ${MONTHS[d.month - 1]} de ${d.year} · ${pad(d.hour)}:${pad(d.minute)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "12 DIC" badge parts for event cards. */
export function dayBadge(iso: string, tz = DEFAULT_TIME_ZONE): { day: string; month: string } {
  const d = wallClock(iso, tz);
  return { day: String(d.day), month: MONTHS_SHORT[d.month - 1].toUpperCase() };
}

/** Display prefixes of the sales currencies (spec section 3). */
export const CURRENCY_PREFIX: Record<string, string> = { PEN: 'S/.', USD: '$', EUR: '€' };

/** "S/. 25.00", "$ 10.50", "€ 8.00". */
export function money(amount: number, currency: string | undefined): string {
  const prefix = CURRENCY_PREFIX[currency ?? 'PEN'] ?? currency ?? '';
  return `${prefix} ${amount.toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * An event card's price line from its cheapest and dearest ticket: 'Gratis' only when every ticket is free, a
 * range when free and paid tickets mix ('Gratis – S/. 45.50'), 'Desde S/. 20.00' otherwise; null without tickets.
 */
export function cardPrice(
  ev: { minPrice: number | null; maxPrice: number | null; currency?: string },
  t: (key: string, values?: Record<string, string>) => string,
): string | null {
  if (ev.minPrice === null) return null;
  if (ev.minPrice > 0) return t('events.card.from', { price: money(ev.minPrice, ev.currency) });
  if (!ev.maxPrice) return t('events.common.free');
  return t('events.card.freeTo', { price: money(ev.maxPrice, ev.currency) });
}
