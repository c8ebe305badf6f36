import type { AppContext } from '../../context.js';
import type { MeetingDto, RequestMeetingRequest } from '../../contracts/businessConference-meetings.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { meetingDecider, meetingPairReservation, meetingStreamId, type MeetingSide, type MeetingState, type RequestMeeting } from '../../domain/businessConference/meeting.js';
import { meetingQuotaDecider, meetingQuotaStreamId, type RequestPlaceTaken } from '../../domain/businessConference/meeting-quota.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { ReservationConflictError } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findParticipant } from '../../projections/businessConference/participants-queries.js';
import { handleCommand } from '../handle.js';
import { freeRequestPlace } from './meeting-places.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.businessConference.meetings;

export const side = (p: ParticipantDto): MeetingSide => ({ participantId: p._id, userId: p.userId, type: p.type, status: p.status, roundId: p.roundId });

/** When an unanswered request of this round expires: its request deadline, else its first slot, else its start. */
export function requestExpiry(round: Pick<RoundDto, 'requestDeadline' | 'slots' | 'startDate'>): string | null {
  if (round.requestDeadline) return round.requestDeadline;
  const first = [...(round.slots ?? [])].sort((a, b) => a.index - b.index)[0];
  if (first) return first.start;
  return round.startDate ? new Date(round.startDate).toISOString() : null;
}

export function meetingDtoOf(s: MeetingState): MeetingDto {
  return {
    _id: s.meetingId,
    roundId: s.roundId,
    eventId: s.eventId,
    requesterId: s.requesterId,
    counterpartId: s.counterpartId,
    offerParticipantId: s.offerParticipantId,
    demandParticipantId: s.demandParticipantId,
    status: s.status === 'none' ? 'requested' : s.status,
    preferredSlotId: s.preferredSlotId,
    message: s.message,
    createdAt: s.createdAt,
    respondedAt: s.respondedAt,
    sequence: s.sequence,
  };
}

/**
 * A participant asks a counterpart of the other side of the round for a meeting. Three guards, in order:
 * 1. the request itself (sides, approval, deadline, slot) decided on an empty meeting before anything is written;
 * 2. the requester's quota place (./meeting-places.ts: the quota stream appended at its exact version; it also
 *    mints the meeting id);
 * 3. the meeting's append, which reserves the pair (one open meeting per pair and round): a concurrent twin loses
 *    there and its place is given back.
 * Both appends carry the command id `meeting-request:<requester>:<clientId>`: a retry answers the same meeting.
 */
export async function requestMeeting(
  ctx: Ctx,
  input: { round: RoundDto; requester: ParticipantDto; body: RequestMeetingRequest; userId: string },
): Promise<{ meeting: MeetingDto; position: string | null; duplicate: boolean }> {
  const { round, requester, body } = input;
  const counterpart = await findParticipant(ctx.db, body.counterpartId);
  if (!counterpart || counterpart.roundId !== round._id) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
  const commandId = `meeting-request:${requester._id}:${body.clientId}`;
  const command = (meetingId: string): RequestMeeting => ({
    type: 'businessConference.RequestMeeting',
    data: {
      meetingId,
      roundId: round._id,
      eventId: round.eventId,
      requester: side(requester),
      counterpart: side(counterpart),
      preferredSlotId: body.preferredSlotId,
      message: body.message,
      requestMode: round.requestMode,
      requestDeadline: round.requestDeadline,
      slotIds: (round.slots ?? []).map((s) => s.slotId),
      expiresAt: requestExpiry(round),
    },
  });

  // Refusals of the request itself come before any place is taken (decided on an empty meeting).
  meetingDecider.decide(command('00000000-0000-4000-8000-000000000000'), meetingDecider.initialState(), { now: ctx.clock(), newId: ctx.newId });
  // The place is taken first: its append is the quota's guard, and its event names the meeting (a retry finds it).
  const place = await handleCommand(ctx, {
    streamId: meetingQuotaStreamId(requester._id),
    decider: meetingQuotaDecider,
    command: { type: 'businessConference.TakeRequestPlace', data: { participantId: requester._id, roundId: round._id, meetingId: ctx.newId(), max: round.maxRequestsPerParticipant } },
    meta: { commandId, userId: input.userId },
  });
  const taken = place.events.find((e): e is RequestPlaceTaken => e.type === 'businessConference.RequestPlaceTaken');
  if (!taken) throw new DomainError('MEETING_NOT_RECORDED', messages.http[500].message, 500);
  const meetingId = taken.data.meetingId;
  try {
    const r = await handleCommand(ctx, {
      streamId: meetingStreamId(meetingId),
      decider: meetingDecider,
      command: command(meetingId),
      meta: { commandId, userId: input.userId },
      reserve: (events) =>
        events.some((e) => e.type === 'businessConference.MeetingRequested') ? [meetingPairReservation(round._id, requester._id, counterpart._id)] : [],
    });
    return { meeting: meetingDtoOf(r.state), position: r.position, duplicate: place.duplicate && r.duplicate };
  } catch (err) {
    await freeRequestPlace(ctx, { participantId: requester._id, roundId: round._id, meetingId });
    if (err instanceof ReservationConflictError) throw new DomainError('MEETING_PAIR_EXISTS', m.pairExists, 409, { field: 'counterpartId' });
    throw err;
  }
}
