/** Queries over the desk's read models (help requests, attendance, meeting outcomes): the only readers of its tables. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { iso, isoReq } from '../../db/dates.js';
import type { AttendanceDto, HelpDeskStats, HelpRequestDto, HelpStatus, MeetingOutcomeDto, MeetingSide } from '../../contracts/businessConference-desk.js';

type HelpRow = DB['bc_help_requests'];

const helpDto = (r: HelpRow): HelpRequestDto => ({
  _id: r.id,
  roundId: r.round_id,
  eventId: r.event_id,
  meetingId: r.meeting_id,
  side: r.side as MeetingSide,
  participantId: r.participant_id,
  userId: r.user_id,
  companyName: r.company_name,
  contactName: r.contact_name,
  status: r.status as HelpStatus,
  createdAt: isoReq(r.created_at),
  takenAt: iso(r.taken_at),
  takenBy: r.taken_by,
  takenByName: r.taken_by_name,
  chatRoomId: r.chat_room_id,
  resolvedAt: iso(r.resolved_at),
  resolvedBy: r.resolved_by,
  waitSeconds: r.wait_seconds,
  handlingSeconds: r.handling_seconds,
});

/** A round's help requests, newest first. */
export async function helpRequestsOfRound(db: Kysely<DB>, roundId: string, filter: { status?: HelpStatus } = {}): Promise<HelpRequestDto[]> {
  let q = db.selectFrom('bc_help_requests').selectAll().where('round_id', '=', roundId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(helpDto);
}

export async function findHelpRequest(db: Kysely<DB>, id: string): Promise<HelpRequestDto | null> {
  const row = await db.selectFrom('bc_help_requests').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? helpDto(row) : null;
}

/** The help requests a participant asked in a round (their own page shows the state live). */
export async function helpRequestsOfParticipant(db: Kysely<DB>, participantId: string): Promise<HelpRequestDto[]> {
  const rows = await db.selectFrom('bc_help_requests').selectAll().where('participant_id', '=', participantId).orderBy('created_at', 'desc').execute();
  return rows.map(helpDto);
}

/** Counts and waits of a round's help desk (the report). */
export async function helpDeskStatsOfRound(db: Kysely<DB>, roundId: string): Promise<HelpDeskStats> {
  const r = await db
    .selectFrom('bc_help_requests')
    .where('round_id', '=', roundId)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'open').as('open'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'taken').as('taken'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'resolved').as('resolved'),
      eb.fn.avg<string | null>('wait_seconds').as('avg_wait'),
      eb.fn.max<number | null>('wait_seconds').as('max_wait'),
      eb.fn.avg<string | null>('handling_seconds').as('avg_handling'),
    ])
    .executeTakeFirstOrThrow();
  const num = (v: string | number | null) => (v === null ? null : Math.round(Number(v)));
  return {
    total: Number(r.total),
    open: Number(r.open),
    taken: Number(r.taken),
    resolved: Number(r.resolved),
    averageWaitSeconds: num(r.avg_wait),
    maxWaitSeconds: num(r.max_wait),
    averageHandlingSeconds: num(r.avg_handling),
  };
}

/** Every check-in of a round (present participant and day), by day. */
export async function attendanceOfRound(db: Kysely<DB>, roundId: string): Promise<AttendanceDto[]> {
  const rows = await db.selectFrom('bc_attendance').selectAll().where('round_id', '=', roundId).orderBy('day').orderBy('checked_in_at').execute();
  return rows.map((r) => ({ participantId: r.participant_id, roundId: r.round_id, day: r.day, checkedInAt: isoReq(r.checked_in_at), byUserId: r.by_user }));
}

type OutcomeRow = DB['bc_meeting_outcomes'];

/** Derives happened / disputed / no-shows from the two sides' answers. */
export function outcomeOf(r: Pick<OutcomeRow, 'meeting_id' | 'round_id' | 'offer_participant_id' | 'demand_participant_id' | 'offer_says' | 'demand_says'>): MeetingOutcomeDto {
  const says = [r.offer_says, r.demand_says];
  const yes = says.includes(true);
  const no = says.includes(false);
  return {
    meetingId: r.meeting_id,
    roundId: r.round_id,
    offerParticipantId: r.offer_participant_id,
    demandParticipantId: r.demand_participant_id,
    offerSays: r.offer_says,
    demandSays: r.demand_says,
    happened: yes && !no ? true : no && !yes ? false : null,
    disputed: yes && no,
    // The side that says "it did not happen" saw the other one missing.
    offerNoShow: r.demand_says === false,
    demandNoShow: r.offer_says === false,
  };
}

/** Per answered meeting of a round: what each side said, happened, no-show by side. */
export async function outcomesOfRound(db: Kysely<DB>, roundId: string): Promise<MeetingOutcomeDto[]> {
  const rows = await db.selectFrom('bc_meeting_outcomes').selectAll().where('round_id', '=', roundId).orderBy('meeting_id').execute();
  return rows.map(outcomeOf);
}

export async function outcomeOfMeeting(db: Kysely<DB>, meetingId: string): Promise<MeetingOutcomeDto | null> {
  const row = await db.selectFrom('bc_meeting_outcomes').selectAll().where('meeting_id', '=', meetingId).executeTakeFirst();
  return row ? outcomeOf(row) : null;
}
