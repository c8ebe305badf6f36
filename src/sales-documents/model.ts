/**
 * What the ticket documents (QR, PDF, calendar file, confirmation mail) are made of: plain data read from the
 * events and sales read models by src/sales-documents/load.ts. The renderers are pure functions of it.
 */
export interface DocumentEvent {
  id: string;
  eventCode: string;
  name: string;
  /** ISO 8601 instants. */
  startDate: string;
  endDate: string;
  /** IANA zone the event's times are shown in (e.g. America/Lima). */
  timeZone: string;
  venue: string | null;
  onlineUrl: string | null;
  description: string | null;
}

export interface DocumentTicket {
  ticketId: string;
  /** The random, unguessable code: the QR's content and the door's key. */
  code: string;
  ticketTypeName: string;
  attendeeName: string;
  attendeeEmail: string;
}

export interface DocumentOrder {
  id: string;
  eventId: string;
  /** Minor units of `currency`. */
  total: number;
  currency: string;
  paidAt: string | null;
  buyer: { name: string; email: string } | null;
}

export interface TicketDocuments {
  event: DocumentEvent;
  order: DocumentOrder;
  tickets: DocumentTicket[];
}

const DATE_LOCALE = 'es-PE';

/** "miércoles, 1 de mayo de 2030, 7:00 p. m." in the event's zone. */
export function formatEventDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

/** "7:00 p. m." in the event's zone. */
export function formatEventTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, { timeZone, timeStyle: 'short' }).format(new Date(iso));
}

/** "Hora de Lima" from America/Lima, as the public page names the zone. */
export function zoneCity(timeZone: string): string {
  const city = timeZone.split('/').pop() ?? timeZone;
  return city.replace(/_/g, ' ');
}

const CURRENCY_PREFIX: Record<string, string> = { PEN: 'S/.', USD: '$', EUR: '€' };

/** Minor units as the event's currency shows them: 3050 PEN -> "S/. 30.50". */
export function formatMoney(minor: number, currency: string): string {
  const prefix = CURRENCY_PREFIX[currency] ?? currency;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${prefix} ${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
