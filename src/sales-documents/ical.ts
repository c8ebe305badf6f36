import ical, { ICalCalendarMethod } from 'ical-generator';
import type { DocumentEvent } from './model.js';

/**
 * The UID of an order's calendar entry: stable for the event and the order, so importing the file again (or the
 * one from a resent mail) updates the same entry instead of adding a second one.
 */
export const calendarUid = (eventId: string, orderId: string) => `${eventId}.${orderId}@aforo`;

/** The .ics of an order: one VEVENT for the event, times in UTC (every calendar shows them in its own zone). */
export function orderCalendar(input: { event: DocumentEvent; orderId: string; url: string; stamp: Date }): string {
  const { event, orderId, url, stamp } = input;
  const cal = ical({ name: event.name, prodId: { company: 'Aforo', product: 'Entradas', language: 'ES' }, method: ICalCalendarMethod.PUBLISH });
  cal.createEvent({
    id: calendarUid(event.id, orderId),
    start: new Date(event.startDate),
    end: new Date(event.endDate),
    stamp,
    summary: event.name,
    location: event.venue ?? event.onlineUrl ?? undefined,
    description: event.description ?? undefined,
    url,
  });
  return cal.toString();
}
