/**
 * The iCal feed of one participant's meetings: one VEVENT per accepted meeting that has a place on the agenda,
 * and per cancelled meeting that had one (STATUS:CANCELLED), so a subscribed calendar updates each entry in
 * place: the UID is the meeting's and never changes, and SEQUENCE = meeting.sequence + placement.sequence grows on
 * every change (an accept, a move, a cancellation). Times in UTC (every calendar shows them in its own zone). Pure: the entries and the stamp come in.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export const meetingUid = (meetingId: string) => `${meetingId}@aforo.businessConference`;

export interface FeedEntry {
  meetingId: string;
  status: 'accepted' | 'cancelled';
  /** meeting.sequence + placement.sequence. */
  sequence: number;
  start: string;
  end: string;
  summary: string;
  location: string | null;
  description: string | null;
  url: string | null;
}

export function meetingsCalendar(input: { name: string; entries: FeedEntry[]; stamp: Date }): string {
  const cal = ical({
    name: input.name,
    prodId: { company: 'Aforo', product: 'Rueda de negocios', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const e of input.entries) {
    cal.createEvent({
      id: meetingUid(e.meetingId),
      sequence: e.sequence,
      status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      start: new Date(e.start),
      end: new Date(e.end),
      stamp: input.stamp,
      summary: e.summary,
      location: e.location ?? undefined,
      description: e.description ?? undefined,
      url: e.url ?? undefined,
    });
  }
  return cal.toString();
}
