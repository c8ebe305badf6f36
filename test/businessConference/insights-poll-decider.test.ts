import { describe, expect, it } from 'vitest';
import { pollDecider, roundEndsAt, type AnswerPoll, type PollAnswered, type PollEvent } from '../../src/domain/businessConference/poll.js';
import { DomainError, ForbiddenError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(pollDecider);
const meeting = {
  meetingId: 'm-1',
  roundId: 'r-1',
  eventId: 'e-1',
  status: 'accepted',
  offerParticipantId: 'p-offer',
  demandParticipantId: 'p-demand',
};
const ENDS = '2026-03-03T05:00:00.000Z';

function answer(over: Partial<AnswerPoll['data']> = {}): AnswerPoll {
  return {
    type: 'businessConference.AnswerPoll',
    data: {
      meeting,
      participantId: 'p-demand',
      side: 'demand',
      roundEndsAt: ENDS,
      interest: 'high',
      expectedAmount: 1_500_000,
      currency: 'PEN',
      satisfaction: 5,
      comment: ' Muy buena reunión ',
      ...over,
    },
  };
}

const answered: PollAnswered = {
  type: 'businessConference.PollAnswered',
  data: {
    meetingId: 'm-1',
    roundId: 'r-1',
    eventId: 'e-1',
    side: 'demand',
    participantId: 'p-demand',
    counterpartId: 'p-offer',
    interest: 'high',
    expectedAmount: 1_500_000,
    currency: 'PEN',
    satisfaction: 5,
    comment: 'Muy buena reunión',
    revision: 1,
    by: SPEC_USER_ID,
    at: SPEC_NOW.toISOString(),
  },
};

describe('AnswerPoll', () => {
  it('given no answer, when the demand side answers, then PollAnswered (comment trimmed, counterpart the offer side)', () => {
    spec.given([]).when(answer()).then([answered]);
  });

  it('given an answer, when the same answer comes again (a retry), then nothing is recorded', () => {
    spec.given([answered]).when(answer()).then([]);
  });

  it('given an answer, when the same answer comes again after the round ended, then still nothing (no error)', () => {
    spec.given([answered]).when(answer(), { now: new Date(ENDS) }).then([]);
  });

  it('given an answer, when it changes, then PollAnswerChanged with the next revision', () => {
    spec
      .given([answered])
      .when(answer({ satisfaction: 3, interest: 'low', expectedAmount: 0 }))
      .then((events: PollEvent[]) => {
        expect(events).toHaveLength(1);
        expect(events[0]!.type).toBe('businessConference.PollAnswerChanged');
        expect(events[0]!.data).toMatchObject({ satisfaction: 3, interest: 'low', expectedAmount: 0, revision: 2 });
      });
  });

  it('given an answer, when it changes after the round ended, then POLL_CLOSED', () => {
    spec
      .given([answered])
      .when(answer({ satisfaction: 2 }), { now: new Date(ENDS) })
      .thenThrows(DomainError, (e) => e.code === 'POLL_CLOSED' && e.status === 409 && /ya terminó/.test(e.messagePublic));
  });

  it('when the participant is not the side they answer for, then POLL_NOT_YOUR_MEETING (403)', () => {
    spec.when(answer({ participantId: 'p-other' })).thenThrows(ForbiddenError, (e) => e.code === 'POLL_NOT_YOUR_MEETING');
    spec.when(answer({ side: 'offer' })).thenThrows(ForbiddenError, (e) => e.code === 'POLL_NOT_YOUR_MEETING');
  });

  it.each(['requested', 'declined', 'expired', 'cancelled'])('when the meeting is %s, then POLL_MEETING_NOT_ACCEPTED', (status) => {
    spec.when(answer({ meeting: { ...meeting, status } })).thenThrows(DomainError, (e) => e.code === 'POLL_MEETING_NOT_ACCEPTED' && e.status === 409);
  });

  it.each([0, 6, 2.5])('when satisfaction is %s, then POLL_INVALID_SATISFACTION', (satisfaction) => {
    spec.when(answer({ satisfaction })).thenThrows(DomainError, (e) => e.code === 'POLL_INVALID_SATISFACTION' && e.details?.field === 'satisfaction');
  });

  it.each([-1, 10.5])('when the expected amount is %s, then POLL_INVALID_AMOUNT', (expectedAmount) => {
    spec.when(answer({ expectedAmount })).thenThrows(DomainError, (e) => e.code === 'POLL_INVALID_AMOUNT');
  });

  it('when the offer side answers, then its counterpart is the demand side', () => {
    spec.when(answer({ participantId: 'p-offer', side: 'offer' })).then((events: PollEvent[]) => {
      expect(events[0]!.data).toMatchObject({ side: 'offer', participantId: 'p-offer', counterpartId: 'p-demand', revision: 1 });
    });
  });
});

describe('roundEndsAt', () => {
  it('is midnight after the last day in the round time zone', () => {
    expect(roundEndsAt({ endDate: '2026-03-02', timeZone: 'America/Lima', slots: [] })).toBe('2026-03-03T05:00:00.000Z');
    expect(roundEndsAt({ endDate: '2026-03-02', timeZone: 'UTC', slots: [] })).toBe('2026-03-03T00:00:00.000Z');
  });
  it('is the last slot end when that is later', () => {
    expect(roundEndsAt({ endDate: '2026-03-02', timeZone: 'UTC', slots: [{ end: '2026-03-03T01:00:00.000Z' }] })).toBe('2026-03-03T01:00:00.000Z');
  });
});
