/**
 * A post-meeting poll answer (stream `businessConference-poll-<meetingId>-<side>`): what one side of a meeting
 * thought of it (interest in the counterpart, expected business in minor units of the event's currency,
 * satisfaction 1-5, a comment). One answer per meeting and side, editable until the round ends; answering the
 * same again records nothing. Pure: the meeting's facts, the round's end, time and the user come in.
 */
import { POLL_INTERESTS, POLL_SIDES, type PollInterest, type PollSide } from '../../contracts/businessConference-insights.js';
import { messages } from '../../messages/es.js';
import { DomainError, ForbiddenError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.insights;

export { POLL_SIDES, POLL_INTERESTS, type PollSide, type PollInterest };

export const pollStreamId = (meetingId: string, side: PollSide) => `businessConference-poll-${meetingId}-${side}`;

/** What a participant answers. */
export type PollAnswerValues = {
  interest: PollInterest;
  /** Minor units (céntimos) of `currency`. */
  expectedAmount: number;
  currency: string;
  satisfaction: number;
  comment: string;
};

/** The meeting as the command layer read it (meetings area), so that the decider can refuse. */
export type PollMeetingFacts = {
  meetingId: string;
  roundId: string;
  eventId: string;
  status: string;
  offerParticipantId: string;
  demandParticipantId: string;
};

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
type Recorded = PollAnswerValues & {
  meetingId: string;
  roundId: string;
  eventId: string;
  side: PollSide;
  participantId: string;
  counterpartId: string;
  revision: number;
  by: string | null;
  at: string;
};
export type PollAnswered = E<'businessConference.PollAnswered', Recorded>;
export type PollAnswerChanged = E<'businessConference.PollAnswerChanged', Recorded>;
export type PollEvent = PollAnswered | PollAnswerChanged;

export type AnswerPoll = E<
  'businessConference.AnswerPoll',
  PollAnswerValues & {
    meeting: PollMeetingFacts;
    /** The answering participant (of the signed-in user in the meeting's round). */
    participantId: string;
    /** The side the participant answers for; must be their side of the meeting. */
    side: PollSide;
    /** When the round ends (ISO): answers are closed from then on. */
    roundEndsAt: string;
  }
>;
export type PollCommand = AnswerPoll;

export type PollState = { status: 'none' } | { status: 'answered'; answer: Recorded };

export function decide(command: PollCommand, state: PollState, ctx: DecideContext): PollEvent[] {
  const { meeting, participantId, side, roundEndsAt, interest, expectedAmount, currency, satisfaction, comment } = command.data;
  const mine = side === 'offer' ? meeting.offerParticipantId : meeting.demandParticipantId;
  if (mine !== participantId) throw new ForbiddenError('POLL_NOT_YOUR_MEETING', m.notYourMeeting);
  if (meeting.status !== 'accepted') throw new DomainError('POLL_MEETING_NOT_ACCEPTED', m.meetingNotAccepted, 409);
  if (!Number.isInteger(satisfaction) || satisfaction < 1 || satisfaction > 5) {
    throw new DomainError('POLL_INVALID_SATISFACTION', m.invalidSatisfaction, 400, { field: 'satisfaction' });
  }
  if (!Number.isSafeInteger(expectedAmount) || expectedAmount < 0) {
    throw new DomainError('POLL_INVALID_AMOUNT', m.invalidAmount, 400, { field: 'expectedAmount' });
  }
  const values: PollAnswerValues = { interest, expectedAmount, currency, satisfaction, comment: comment.trim() };
  if (state.status === 'answered') {
    const a = state.answer;
    // The same answer again (a retry, a second click) records nothing, even after the round ended.
    if (a.interest === values.interest && a.expectedAmount === values.expectedAmount && a.currency === values.currency && a.satisfaction === values.satisfaction && a.comment === values.comment) return [];
  }
  if (ctx.now.getTime() >= Date.parse(roundEndsAt)) throw new DomainError('POLL_CLOSED', m.pollClosed, 409);
  const counterpartId = side === 'offer' ? meeting.demandParticipantId : meeting.offerParticipantId;
  const data: Recorded = {
    meetingId: meeting.meetingId,
    roundId: meeting.roundId,
    eventId: meeting.eventId,
    side,
    participantId,
    counterpartId,
    ...values,
    revision: state.status === 'answered' ? state.answer.revision + 1 : 1,
    by: ctx.userId ?? null,
    at: ctx.now.toISOString(),
  };
  return [state.status === 'answered' ? { type: 'businessConference.PollAnswerChanged', data } : { type: 'businessConference.PollAnswered', data }];
}

export function evolve(_state: PollState, event: PollEvent): PollState {
  return { status: 'answered', answer: event.data };
}

export const pollDecider: Decider<PollCommand, PollEvent, PollState> = { decide, evolve, initialState: () => ({ status: 'none' }) };

/** The side a participant holds in a meeting, or null when it is not theirs. */
export function sideOf(meeting: Pick<PollMeetingFacts, 'offerParticipantId' | 'demandParticipantId'>, participantId: string): PollSide | null {
  if (meeting.offerParticipantId === participantId) return 'offer';
  if (meeting.demandParticipantId === participantId) return 'demand';
  return null;
}

/** The offset (ms) of a time zone from UTC at an instant (Intl, no library). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(instant / 1000) * 1000;
}

/**
 * When a round ends, so polls close: midnight after its last day in the round's time zone (or the end of its last
 * slot if that is later).
 */
export function roundEndsAt(round: { endDate: string; timeZone: string; slots: { end: string }[] }): string {
  const day = round.endDate.slice(0, 10);
  const nextUtcMidnight = Date.parse(`${day}T00:00:00.000Z`) + 24 * 3600_000;
  let end = nextUtcMidnight;
  try {
    end = nextUtcMidnight - zoneOffset(nextUtcMidnight, round.timeZone || 'UTC');
  } catch {
    /* an unknown time zone: UTC */
  }
  for (const s of round.slots) end = Math.max(end, Date.parse(s.end));
  return new Date(end).toISOString();
}
