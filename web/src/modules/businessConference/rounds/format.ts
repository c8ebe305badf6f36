/** Dates of a round as people read them (Spanish). Days are calendar dates: formatted in UTC so no zone shifts them. */
const dayFmt = new Intl.DateTimeFormat('es-PE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortFmt = new Intl.DateTimeFormat('es-PE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const at = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/** "jueves, 1 de mayo de 2030", capitalized. */
export function formatDay(ymd: string): string {
  const s = dayFmt.format(at(ymd));
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "1 may 2030" or "1 may 2030 – 3 may 2030". */
export function formatRange(start: string, end: string): string {
  return start === end ? shortFmt.format(at(start)) : `${shortFmt.format(at(start))} – ${shortFmt.format(at(end))}`;
}

/** An ISO instant in the round's time zone: "30 abr 2030, 18:00". */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
