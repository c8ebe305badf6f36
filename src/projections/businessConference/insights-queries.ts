import type { Kysely, Selectable } from 'kysely';
import type { PollAnswerDto, PollInterest, PollSide } from '../../contracts/businessConference-insights.js';
import { isoReq } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';

type Row = Selectable<DB['bc_poll_answers']>;

const dto = (r: Row): PollAnswerDto => ({
  meetingId: r.meeting_id,
  roundId: r.round_id,
  eventId: r.event_id,
  side: r.side as PollSide,
  participantId: r.participant_id,
  counterpartId: r.counterpart_id,
  interest: r.interest as PollInterest,
  expectedAmount: Number(r.expected_amount),
  currency: r.currency,
  satisfaction: r.satisfaction,
  comment: r.comment,
  revision: r.revision,
  answeredAt: isoReq(r.answered_at),
  updatedAt: isoReq(r.updated_at),
});

/** Every poll answer of a round (both sides of every meeting that has one), oldest meeting answer first. */
export async function pollAnswersOfRound(db: Kysely<DB>, roundId: string): Promise<PollAnswerDto[]> {
  const rows = await db.selectFrom('bc_poll_answers').selectAll().where('round_id', '=', roundId).orderBy('answered_at').orderBy('meeting_id').orderBy('side').execute();
  return rows.map(dto);
}

/** A participant's answers (any meeting of theirs). */
export async function pollAnswersOfParticipant(db: Kysely<DB>, participantId: string): Promise<PollAnswerDto[]> {
  const rows = await db.selectFrom('bc_poll_answers').selectAll().where('participant_id', '=', participantId).execute();
  return rows.map(dto);
}

/** The answer of one side of a meeting, or null. */
export async function pollAnswerOf(db: Kysely<DB>, meetingId: string, side: PollSide): Promise<PollAnswerDto | null> {
  const r = await db.selectFrom('bc_poll_answers').selectAll().where('meeting_id', '=', meetingId).where('side', '=', side).executeTakeFirst();
  return r ? dto(r) : null;
}
