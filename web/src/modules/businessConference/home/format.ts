/** Dates of the home area, in Spanish and in the round's time zone. */

/** "lunes, 12 de octubre, 10:00" */
export function meetingTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('es-PE', { timeZone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
}

/** "10:00", "15:30" (24-hour clock, as the round's hours are set). */
export function hourOf(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('es-PE', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A calendar day (YYYY-MM-DD) as "12 de octubre de 2026" (read in UTC: it is a date, not an instant). */
export function dayDate(ymd: string): string {
  return new Date(`${ymd}T12:00:00Z`).toLocaleDateString('es-PE', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
}

/** An instant as a date in a sentence: "26 de octubre de 2026, 23:59". */
export function deadlineDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('es-PE', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
