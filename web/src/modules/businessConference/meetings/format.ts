/**
 * A slot's day and hours in the round's time zone (the venue's clock, whatever the viewer's), e.g.
 * "mar. 3 de marzo, 10:00 – 10:30".
 */
export function formatSlot(start: string | null, end: string | null, timeZone?: string | null): string {
  if (!start) return '';
  const tz = timeZone || undefined;
  try {
    const day = new Intl.DateTimeFormat('es-PE', { weekday: 'short', day: 'numeric', month: 'long', timeZone: tz }).format(new Date(start));
    const hour = (iso: string) => new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: tz }).format(new Date(iso));
    return end ? `${day}, ${hour(start)} – ${hour(end)}` : `${day}, ${hour(start)}`;
  } catch {
    return new Date(start).toLocaleString('es-PE');
  }
}
