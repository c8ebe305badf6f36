import type { Kysely } from 'kysely';
import type { MeetingDto, MeetingStatus } from '../../contracts/businessConference-meetings.js';
import { iso, isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

/**
 * The meetings area's read model, as the other areas and modules read it (the only reader of bc_meetings and
 * bc_meeting_feeds outside the meetings projection).
 */

type Row = DB['bc_meetings'];
const COLUMNS = [
  'id',
  'round_id',
  'event_id',
  'requester_id',
  'counterpart_id',
  'offer_participant_id',
  'demand_participant_id',
  'status',
  'preferred_slot_id',
  'message',
  'created_at',
  'responded_at',
  'sequence',
] as const;
type Selected = Pick<Row, Exclude<(typeof COLUMNS)[number], 'sequence'>> & { sequence: number | string };

export function meetingDto(r: Selected): MeetingDto {
  return {
    _id: r.id,
    roundId: r.round_id,
    eventId: r.event_id,
    requesterId: r.requester_id,
    counterpartId: r.counterpart_id,
    offerParticipantId: r.offer_participant_id,
    demandParticipantId: r.demand_participant_id,
    status: r.status as MeetingStatus,
    preferredSlotId: r.preferred_slot_id,
    message: r.message,
    createdAt: isoReq(r.created_at),
    respondedAt: iso(r.responded_at),
    sequence: Number(r.sequence),
  };
}

export async function findMeeting(db: Kysely<DB>, id: string): Promise<MeetingDto | null> {
  const row = await db.selectFrom('bc_meetings').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? meetingDto(row) : null;
}

/** A round's meetings, oldest request first. */
export async function meetingsOfRound(db: Kysely<DB>, roundId: string, filter: { status?: MeetingStatus } = {}): Promise<MeetingDto[]> {
  let q = db.selectFrom('bc_meetings').select(COLUMNS).where('round_id', '=', roundId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(meetingDto);
}

/** Every meeting a participant sent or received, newest request first. */
export async function meetingsOfParticipant(db: Kysely<DB>, participantId: string): Promise<MeetingDto[]> {
  const rows = await db
    .selectFrom('bc_meetings')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('requester_id', '=', participantId), eb('counterpart_id', '=', participantId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(meetingDto);
}

/** Every meeting of the participants of a user (all rounds), newest request first. */
export async function meetingsOfUser(db: Kysely<DB>, userId: string): Promise<(MeetingDto & { requesterUserId: string; counterpartUserId: string })[]> {
  const rows = await db
    .selectFrom('bc_meetings')
    .select([...COLUMNS, 'requester_user_id', 'counterpart_user_id'])
    .where((eb) => eb.or([eb('requester_user_id', '=', userId), eb('counterpart_user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...meetingDto(r), requesterUserId: r.requester_user_id, counterpartUserId: r.counterpart_user_id }));
}

/** The users of both sides of a meeting (null: no such meeting). */
export async function meetingUsers(db: Kysely<DB>, meetingId: string): Promise<{ requesterUserId: string; counterpartUserId: string } | null> {
  const r = await db.selectFrom('bc_meetings').select(['requester_user_id', 'counterpart_user_id']).where('id', '=', meetingId).executeTakeFirst();
  return r ? { requesterUserId: r.requester_user_id, counterpartUserId: r.counterpart_user_id } : null;
}

/** True when the two users are the two sides of an accepted meeting (any round): they may chat. */
export async function shareAcceptedMeeting(db: Kysely<DB>, userA: string, userB: string): Promise<boolean> {
  if (userA === userB) return false;
  const row = await db
    .selectFrom('bc_meetings')
    .select('id')
    .where('status', '=', 'accepted')
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_user_id', '=', userA), eb('counterpart_user_id', '=', userB)]),
        eb.and([eb('requester_user_id', '=', userB), eb('counterpart_user_id', '=', userA)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Sent requests still open (requested or accepted) per participant: what the quota counts. */
export async function openSentCount(db: Kysely<DB>, participantId: string): Promise<number> {
  const r = await db
    .selectFrom('bc_meetings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('requester_id', '=', participantId)
    .where('status', 'in', ['requested', 'accepted'])
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The open (requested or accepted) meeting of a pair in a round, if any. */
export async function openMeetingOfPair(db: Kysely<DB>, roundId: string, a: string, b: string): Promise<MeetingDto | null> {
  const row = await db
    .selectFrom('bc_meetings')
    .select(COLUMNS)
    .where('round_id', '=', roundId)
    .where('status', 'in', ['requested', 'accepted'])
    .where((eb) =>
      eb.or([eb.and([eb('requester_id', '=', a), eb('counterpart_id', '=', b)]), eb.and([eb('requester_id', '=', b), eb('counterpart_id', '=', a)])]),
    )
    .executeTakeFirst();
  return row ? meetingDto(row) : null;
}

/** A participant's feed token (null: none issued yet). */
export async function feedOfParticipant(db: Kysely<DB>, participantId: string): Promise<{ token: string; roundId: string; userId: string } | null> {
  const r = await db.selectFrom('bc_meeting_feeds').select(['token', 'round_id', 'user_id']).where('participant_id', '=', participantId).executeTakeFirst();
  return r ? { token: r.token, roundId: r.round_id, userId: r.user_id } : null;
}

/** The participant a feed token belongs to (null: unknown token). */
export async function feedByToken(db: Kysely<DB>, token: string): Promise<{ participantId: string; roundId: string; userId: string } | null> {
  const r = await db.selectFrom('bc_meeting_feeds').select(['participant_id', 'round_id', 'user_id']).where('token', '=', token).executeTakeFirst();
  return r ? { participantId: r.participant_id, roundId: r.round_id, userId: r.user_id } : null;
}

/** The last place the agenda gave each meeting (kept after it is unscheduled), by meeting id. */
export async function lastPlacesOf(db: Kysely<DB>, meetingIds: readonly string[]): Promise<Map<string, { slotId: string; table: number | null; room: string | null }>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bc_meetings')
    .select(['id', 'last_slot_id', 'last_table', 'last_room'])
    .where('id', 'in', [...meetingIds])
    .where('last_slot_id', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, { slotId: r.last_slot_id!, table: r.last_table, room: r.last_room }]));
}
