/**
 * What this tab just did and already confirmed on screen (publishing an event: the spec's 5 s "¡Enhorabuena! Tu
 * evento se ha publicado en Aforo."). The notification the server records about it for the same user still counts
 * in the bell and the history, but its live snackbar is not shown on top of that confirmation: it stayed 120 s over
 * the module toolbar. Keys are `<notification type> <url>`; entries expire after a minute.
 */
const recent = new Map<string, number>();
const TTL_MS = 60_000;

export function markOwnAction(type: string, url: string): void {
  recent.set(`${type} ${url}`, Date.now() + TTL_MS);
}

/** Whether a notification is about something this tab did itself a moment ago (answered once). */
export function takeOwnAction(type: string, url: string): boolean {
  const key = `${type} ${url}`;
  const until = recent.get(key);
  recent.delete(key);
  return until !== undefined && until > Date.now();
}
