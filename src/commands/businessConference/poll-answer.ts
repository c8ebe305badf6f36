import type { AppContext } from '../../context.js';
import type { AnswerPollRequest, PollAnswerDto } from '../../contracts/businessConference-insights.js';
import { pollDecider, pollStreamId, roundEndsAt, sideOf, type PollState } from '../../domain/businessConference/poll.js';
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { participantOfUser } from '../../projections/businessConference/participants-queries.js';
import { findRound } from '../../projections/businessConference/rounds-queries.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.businessConference.insights;

/**
 * The signed-in participant answers (or changes) the poll of one of their meetings, for their side of it. The
 * client id keys the append: a retry answers the same result; the same answer again records nothing.
 */
export async function answerPoll(
  ctx: Ctx,
  input: { roundId: string; meetingId: string; userId: string; body: Omit<AnswerPollRequest, 'comment'> & { comment: string } },
): Promise<{ answer: PollAnswerDto; position: string | null }> {
  const round = await findRound(ctx.db, input.roundId);
  if (!round) throw new NotFoundError('ROUND_NOT_FOUND', m.roundNotFound);
  const meeting = await findMeeting(ctx.db, input.meetingId);
  if (!meeting) throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
  if (meeting.roundId !== round._id) throw new NotFoundError('MEETING_NOT_IN_ROUND', m.wrongRound);
  const participant = await participantOfUser(ctx.db, round._id, input.userId);
  if (!participant) throw new ForbiddenError('POLL_NOT_PARTICIPANT', m.notParticipant);
  const side = sideOf(meeting, participant._id);
  if (!side) throw new ForbiddenError('POLL_NOT_YOUR_MEETING', m.notYourMeeting);
  const event = await findEvent(ctx.db, round.eventId);
  if (!event) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);

  const { clientId, interest, expectedAmount, satisfaction, comment } = input.body;
  const result = await handleCommand(ctx, {
    streamId: pollStreamId(meeting._id, side),
    decider: pollDecider,
    command: {
      type: 'businessConference.AnswerPoll',
      data: {
        meeting: {
          meetingId: meeting._id,
          roundId: meeting.roundId,
          eventId: meeting.eventId,
          status: meeting.status,
          offerParticipantId: meeting.offerParticipantId,
          demandParticipantId: meeting.demandParticipantId,
        },
        participantId: participant._id,
        side,
        roundEndsAt: roundEndsAt(round),
        interest,
        expectedAmount,
        currency: event.currency,
        satisfaction,
        comment,
      },
    },
    meta: { commandId: `poll:${clientId}`, userId: input.userId },
  });
  return { answer: answerOf(result.state), position: result.position };
}

function answerOf(state: PollState): PollAnswerDto {
  if (state.status !== 'answered') throw new Error('poll answer not recorded');
  const a = state.answer;
  return {
    meetingId: a.meetingId,
    roundId: a.roundId,
    eventId: a.eventId,
    side: a.side,
    participantId: a.participantId,
    counterpartId: a.counterpartId,
    interest: a.interest,
    expectedAmount: a.expectedAmount,
    currency: a.currency,
    satisfaction: a.satisfaction,
    comment: a.comment,
    revision: a.revision,
    // The stream's first answer time is not in the state's last event; the read model keeps it.
    answeredAt: a.at,
    updatedAt: a.at,
  };
}
