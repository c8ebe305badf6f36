/** Times and days of a round, shown in the round's time zone (Spanish). */
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('es-PE', { timeZone, ...opts });
    } catch {
      f = new Intl.DateTimeFormat('es-PE', opts);
    }
    cache.set(key, f);
  }
  return f;
}

/** "09:30" in the round's zone. */
export const timeOf = (iso: string, timeZone: string) => fmt(timeZone, { hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

/** "09:30 – 10:00". */
export const rangeOf = (start: string, end: string, timeZone: string) => `${timeOf(start, timeZone)} – ${timeOf(end, timeZone)}`;

/** "mié. 25 nov." of a YYYY-MM-DD day (a calendar date: formatted at noon UTC so no zone shifts it). */
export const dayLabel = (day: string) => fmt('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${day}T12:00:00Z`));
