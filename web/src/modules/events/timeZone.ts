/**
 * An event's time zone in words, as a visitor reads it: "Hora de Lima", not "America/Lima". Intl has no city
 * form in Spanish ("hora estándar de Perú", and only per country), so the city comes from the IANA id's last
 * segment, with the Spanish names of the zones the event form offers (events.public.timeZoneCities in es.json:
 * "Bogotá", "Ciudad de México"...). An id without a city (UTC) falls back to Intl's long name.
 */
export function timeZoneWords(tz: string, t: (key: string, values?: Record<string, string>) => string): string {
  const city = tz.includes('/') ? tz.slice(tz.lastIndexOf('/') + 1) : '';
  if (city) {
    const key = `events.public.timeZoneCities.${city}`;
    const named = t(key);
    return t('events.public.timeZone', { tz: named === key ? city.replace(/_/g, ' ') : named });
  }
  try {
    const name = new Intl.DateTimeFormat('es', { timeZone: tz, timeZoneName: 'long' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    if (name) return name.charAt(0).toUpperCase() + name.slice(1);
  } catch {
    /* an id this browser does not know: shown as it is */
  }
  return tz;
}
