import type { Kysely } from 'kysely';
import type { MeetingDto, MeetingPlaceDto, MyMeetingDto } from '../../contracts/businessConference-meetings.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import type { DB } from '../../db/schema.js';
import { meetingsCalendar, type FeedEntry } from '../../domain/businessConference/meeting-ical.js';
import { messages } from '../../messages/es.js';
import { placementSequenceOf, placementsOfMeetings } from './agenda-queries.js';
import { lastPlacesOf, meetingsOfParticipant } from './meetings-queries.js';
import { findParticipant } from './participants-queries.js';
import { findRound } from './rounds-queries.js';

const m = messages.businessConference.meetings;

/** Memoised look-ups of one request (a page lists a few dozen meetings of a handful of rounds). */
function lookups(db: Kysely<DB>) {
  const rounds = new Map<string, Promise<RoundDto | null>>();
  const participants = new Map<string, Promise<ParticipantDto | null>>();
  return {
    round: (id: string) => rounds.get(id) ?? (rounds.set(id, findRound(db, id)), rounds.get(id)!),
    participant: (id: string) => participants.get(id) ?? (participants.set(id, findParticipant(db, id)), participants.get(id)!),
  };
}

/** Upcoming placed meetings first (by start), then accepted unplaced, then pending requests, then closed ones. */
function rank(x: MyMeetingDto): number {
  if (x.status === 'accepted') return x.place ? 0 : 1;
  if (x.status === 'requested') return 2;
  return 3;
}
export function sortMyMeetings(list: MyMeetingDto[]): MyMeetingDto[] {
  return [...list].sort(
    (a, b) => rank(a) - rank(b) || (a.place?.start ?? '').localeCompare(b.place?.start ?? '') || b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id),
  );
}

/**
 * The meetings of the given participants (a user's registrations) as they see them: direction, the other side's
 * company, the round, and the place from the agenda (slot times from the round). Meetings of participants not in
 * `mine` are left out.
 */
export async function myMeetingViews(db: Kysely<DB>, mine: ParticipantDto[], meetings: MeetingDto[]): Promise<MyMeetingDto[]> {
  const ids = new Set(mine.map((p) => p._id));
  const own = meetings.filter((x) => ids.has(x.requesterId) || ids.has(x.counterpartId));
  const look = lookups(db);
  const placements = new Map((await placementsOfMeetings(db, own.map((x) => x._id))).map((p) => [p.meetingId, p]));
  const out = await Promise.all(
    own.map(async (x): Promise<MyMeetingDto | null> => {
      const participantId = ids.has(x.requesterId) ? x.requesterId : x.counterpartId;
      const otherId = participantId === x.requesterId ? x.counterpartId : x.requesterId;
      const [round, other] = await Promise.all([look.round(x.roundId), look.participant(otherId)]);
      if (!round || !other) return null;
      const p = x.status === 'accepted' ? placements.get(x._id) : undefined;
      const slot = p ? round.slots.find((s) => s.slotId === p.slotId) : undefined;
      const place: MeetingPlaceDto | null = p ? { slotId: p.slotId, start: slot?.start ?? null, end: slot?.end ?? null, table: p.table, room: p.room, phase: p.phase } : null;
      return {
        ...x,
        participantId,
        direction: participantId === x.requesterId ? 'sent' : 'received',
        counterpart: {
          participantId: other._id,
          userId: other.userId,
          type: other.type,
          companyName: other.company.name,
          sector: other.company.sector,
          logoUrl: other.company.logoUrl,
          description: other.company.description,
          contactName: other.contactName,
        },
        roundName: round.name,
        timeZone: round.timeZone,
        venue: round.venue,
        place,
        requestDeadline: round.requestDeadline,
      };
    }),
  );
  return sortMyMeetings(out.filter((x): x is MyMeetingDto => x !== null));
}

/**
 * The .ics of one participant: accepted meetings with a place, and cancelled meetings that had one (their last
 * place, STATUS:CANCELLED). SEQUENCE = meeting.sequence + placement.sequence (the placement's count survives an
 * unscheduling, so it only grows).
 */
export async function participantCalendar(db: Kysely<DB>, participant: ParticipantDto, appUrl: string, stamp: Date): Promise<string> {
  const round = await findRound(db, participant.roundId);
  const meetings = (await meetingsOfParticipant(db, participant._id)).filter((x) => x.status === 'accepted' || x.status === 'cancelled');
  const ids = meetings.map((x) => x._id);
  const [placements, last] = await Promise.all([placementsOfMeetings(db, ids), lastPlacesOf(db, ids)]);
  const placed = new Map(placements.map((p) => [p.meetingId, p]));
  const look = lookups(db);
  const entries: FeedEntry[] = [];
  for (const x of meetings) {
    const current = x.status === 'accepted' ? placed.get(x._id) : undefined;
    const where = current ? { slotId: current.slotId, table: current.table, room: current.room } : x.status === 'cancelled' ? last.get(x._id) : undefined;
    const slot = where && round ? round.slots.find((s) => s.slotId === where.slotId) : undefined;
    if (!where || !slot) continue;
    const placementSequence = current ? current.sequence : ((await placementSequenceOf(db, x._id)) ?? 0);
    const other = await look.participant(x.requesterId === participant._id ? x.counterpartId : x.requesterId);
    const company = other?.company.name ?? '';
    const virtual = round?.venue === 'virtual';
    entries.push({
      meetingId: x._id,
      status: x.status === 'cancelled' ? 'cancelled' : 'accepted',
      sequence: x.sequence + placementSequence,
      start: slot.start,
      end: slot.end,
      summary: m.icalSummary(company),
      location: virtual ? `${appUrl}/mymeetings/room/${x._id}` : where.table !== null ? m.icalTable(where.table) : null,
      description: x.message,
      url: virtual ? `${appUrl}/mymeetings/room/${x._id}` : null,
    });
  }
  return meetingsCalendar({ name: m.icalCalendarName(round?.name ?? ''), entries, stamp });
}
