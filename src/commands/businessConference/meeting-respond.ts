import type { AppContext } from '../../context.js';
import type { MeetingDto } from '../../contracts/businessConference-meetings.js';
import {
  CLOSING_EVENTS,
  meetingDecider,
  meetingPairReservation,
  meetingStreamId,
  type MeetingCommand,
  type MeetingEvent,
  type MeetingState,
} from '../../domain/businessConference/meeting.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { freeRequestPlace } from './meeting-places.js';
import { meetingDtoOf } from './meeting-request.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

const closes = (events: MeetingEvent[]) => events.some((e) => (CLOSING_EVENTS as readonly string[]).includes(e.type));

/**
 * Runs a command on one meeting's stream (folded, versioned append). A command that closes the meeting releases
 * the pair's reservation in the same append and then gives the requester's quota place back (also on a retry, so
 * a crash between the two is healed by the retry).
 */
export async function runMeetingCommand(
  ctx: Ctx,
  meetingId: string,
  command: MeetingCommand,
  meta: { commandId?: string; userId?: string },
): Promise<{ meeting: MeetingDto; state: MeetingState; events: MeetingEvent[]; position: string | null }> {
  const r = await handleCommand(ctx, {
    streamId: meetingStreamId(meetingId),
    decider: meetingDecider,
    command,
    meta,
    release: (events, state) => (closes(events) ? [meetingPairReservation(state.roundId, state.requesterId, state.counterpartId)] : []),
  });
  if (r.state.status === 'none') throw new NotFoundError('MEETING_NOT_FOUND', messages.businessConference.meetings.meetingNotFound);
  if (closes(r.events)) await freeRequestPlace(ctx, { participantId: r.state.requesterId, roundId: r.state.roundId, meetingId });
  return { meeting: meetingDtoOf(r.state), state: r.state, events: r.events, position: r.position };
}

export const acceptMeeting = (ctx: Ctx, meetingId: string, participantId: string, userId: string) =>
  runMeetingCommand(ctx, meetingId, { type: 'businessConference.AcceptMeeting', data: { participantId } }, { commandId: `meeting-accept:${meetingId}`, userId });

export const declineMeeting = (ctx: Ctx, meetingId: string, participantId: string, reason: string | null, userId: string) =>
  runMeetingCommand(ctx, meetingId, { type: 'businessConference.DeclineMeeting', data: { participantId, reason } }, { commandId: `meeting-decline:${meetingId}`, userId });

/** participantId null: the event's team cancels. */
export const cancelMeeting = (ctx: Ctx, meetingId: string, participantId: string | null, reason: string | null, userId: string) =>
  runMeetingCommand(ctx, meetingId, { type: 'businessConference.CancelMeeting', data: { participantId, reason } }, { commandId: `meeting-cancel:${meetingId}`, userId });
