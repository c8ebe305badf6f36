import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { unavailableSlotsOf } from '../../projections/businessConference/agenda-queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { roundFrame, runAgenda, type AgendaCtx } from './agenda-run.js';

const m = messages.businessConference.agenda;

/**
 * The organizer moves (or places) one meeting at a slot and table by hand; refused in Spanish when it would
 * double-book a participant or a table or use a slot either side cannot meet. The meeting is then pinned.
 */
export async function moveMeeting(
  ctx: AgendaCtx,
  input: { round: RoundDto; meetingId: string; slotId: string; table: number | null; userId: string; clientId: string },
) {
  const meeting = await findMeeting(ctx.db, input.meetingId);
  if (!meeting || meeting.roundId !== input.round._id) throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
  const [ua, ub] = await Promise.all([unavailableSlotsOf(ctx.db, meeting.offerParticipantId), unavailableSlotsOf(ctx.db, meeting.demandParticipantId)]);
  return runAgenda(
    ctx,
    input.round._id,
    {
      type: 'businessConference.MoveMeeting',
      data: {
        round: roundFrame(input.round),
        meeting: { meetingId: meeting._id, a: meeting.offerParticipantId, b: meeting.demandParticipantId, status: meeting.status },
        slotId: input.slotId,
        table: input.table,
        unavailable: [...new Set([...ua, ...ub])],
      },
    },
    { commandId: `agenda-move:${input.meetingId}:${input.clientId}`, userId: input.userId },
  );
}

/** The organizer takes one meeting out of the agenda. */
export function unscheduleMeeting(ctx: AgendaCtx, input: { roundId: string; meetingId: string; userId: string; clientId: string }) {
  return runAgenda(
    ctx,
    input.roundId,
    { type: 'businessConference.UnscheduleMeeting', data: { roundId: input.roundId, meetingId: input.meetingId, reason: 'organizer' } },
    { commandId: `agenda-unschedule:${input.meetingId}:${input.clientId}`, userId: input.userId },
  );
}

/** A cancelled meeting frees its place (the agenda reactor; the command id makes a second reaction a no-op). */
export function freeCancelledMeeting(ctx: Pick<AgendaCtx, 'store' | 'clock' | 'newId'>, input: { roundId: string; meetingId: string }) {
  return runAgenda(
    ctx,
    input.roundId,
    { type: 'businessConference.UnscheduleMeeting', data: { roundId: input.roundId, meetingId: input.meetingId, reason: 'cancelled' } },
    { commandId: `agenda-cancelled:${input.meetingId}` },
  );
}

/** "Publicar agenda final": every placement becomes final; the participants are notified (the agenda reactor). */
export function publishAgenda(ctx: AgendaCtx, input: { roundId: string; userId: string; clientId: string }) {
  return runAgenda(
    ctx,
    input.roundId,
    { type: 'businessConference.PublishAgenda', data: { roundId: input.roundId } },
    { commandId: `agenda-publish:${input.roundId}:${input.clientId}`, userId: input.userId },
  );
}
