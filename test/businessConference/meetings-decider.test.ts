import { describe, expect, it } from 'vitest';
import {
  meetingDecider,
  meetingSides,
  type MeetingEvent,
  type MeetingSide,
  type RequestMeeting,
} from '../../src/domain/businessConference/meeting.js';
import { meetingQuotaDecider, type MeetingQuotaEvent } from '../../src/domain/businessConference/meeting-quota.js';
import { meetingFeedDecider } from '../../src/domain/businessConference/meeting-feed.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(meetingDecider);
const at = SPEC_NOW.toISOString();
const later = new Date(SPEC_NOW.getTime() + 60_000);
const ROUND = '11111111-1111-4111-8111-111111111111';
const EVENT = '22222222-2222-4222-8222-222222222222';
const MEETING = '33333333-3333-4333-8333-333333333333';
const DEMAND = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const OFFER = 'oooooooo-oooo-4ooo-8ooo-oooooooooooo';
const DEADLINE = '2026-03-05T10:00:00.000Z';

const side = (participantId: string, type: MeetingSide['type'], over: Partial<MeetingSide> = {}): MeetingSide => ({
  participantId,
  userId: `user-${participantId.slice(0, 4)}`,
  type,
  status: 'approved',
  roundId: ROUND,
  ...over,
});
const request = (over: Partial<RequestMeeting['data']> = {}): RequestMeeting => ({
  type: 'businessConference.RequestMeeting',
  data: {
    meetingId: MEETING,
    roundId: ROUND,
    eventId: EVENT,
    requester: side(DEMAND, 'demand'),
    counterpart: side(OFFER, 'offer'),
    preferredSlotId: 's1',
    message: '  Quiero comprar café  ',
    requestMode: 'accept',
    requestDeadline: DEADLINE,
    slotIds: ['s1', 's2'],
    expiresAt: DEADLINE,
    ...over,
  },
});
const ref = { meetingId: MEETING, roundId: ROUND, eventId: EVENT, requesterId: DEMAND, counterpartId: OFFER };
const requested: MeetingEvent = {
  type: 'businessConference.MeetingRequested',
  data: {
    ...ref,
    requesterUserId: 'user-dddd',
    counterpartUserId: 'user-oooo',
    offerParticipantId: OFFER,
    demandParticipantId: DEMAND,
    preferredSlotId: 's1',
    message: 'Quiero comprar café',
    expiresAt: DEADLINE,
    at,
  },
};
const accepted: MeetingEvent = { type: 'businessConference.MeetingAccepted', data: { ...ref, by: 'counterpart', at } };
const code = (c: string) => (e: { code: string }) => e.code === c;

describe('RequestMeeting', () => {
  it('records the request with the sides, the trimmed message and its expiry', () => {
    spec.when(request()).then([requested]);
  });

  it('auto mode: the request is accepted in the same decision and never expires', () => {
    spec.when(request({ requestMode: 'auto' })).then([
      { ...requested, data: { ...requested.data, expiresAt: null } } as MeetingEvent,
      { type: 'businessConference.MeetingAccepted', data: { ...ref, by: 'auto', at } },
    ]);
  });

  it('an offerer may ask a demander; the sides follow', () => {
    spec.when(request({ requester: side(OFFER, 'offer'), counterpart: side(DEMAND, 'demand') })).then((events) => {
      expect(events[0].data).toMatchObject({ offerParticipantId: OFFER, demandParticipantId: DEMAND, requesterId: OFFER });
    });
  });

  it('offer_demand meets either side', () => {
    expect(meetingSides('offer_demand', 'offer')).toEqual({ requester: 'demand', counterpart: 'offer' });
    expect(meetingSides('offer_demand', 'demand')).toEqual({ requester: 'offer', counterpart: 'demand' });
    expect(meetingSides('offer_demand', 'offer_demand')).toEqual({ requester: 'demand', counterpart: 'offer' });
    expect(meetingSides('offer', 'offer_demand')).toEqual({ requester: 'offer', counterpart: 'demand' });
    expect(meetingSides('offer', 'offer')).toBeNull();
    expect(meetingSides('demand', 'demand')).toBeNull();
  });

  it('refuses two participants of the same side', () => {
    spec.when(request({ counterpart: side(OFFER, 'demand') })).thenThrows(DomainError, code('SAME_SIDE'));
  });

  it('refuses a request to oneself', () => {
    spec.when(request({ counterpart: side(DEMAND, 'offer') })).thenThrows(DomainError, code('SAME_PARTICIPANT'));
  });

  it('refuses a requester not approved or of another round', () => {
    spec.when(request({ requester: side(DEMAND, 'demand', { status: 'pending' }) })).thenThrows(ForbiddenError, code('NOT_A_PARTICIPANT'));
    spec.when(request({ requester: side(DEMAND, 'demand', { roundId: 'other' }) })).thenThrows(ForbiddenError, code('NOT_A_PARTICIPANT'));
  });

  it('refuses a counterpart not approved, or of another round', () => {
    spec.when(request({ counterpart: side(OFFER, 'offer', { status: 'rejected' }) })).thenThrows(DomainError, code('PARTICIPANT_NOT_APPROVED'));
    spec.when(request({ counterpart: side(OFFER, 'offer', { roundId: 'other' }) })).thenThrows(NotFoundError, code('PARTICIPANT_NOT_FOUND'));
  });

  it('refuses after the request deadline', () => {
    spec.when(request(), { now: new Date(DEADLINE) }).thenThrows(DomainError, (e) => e.code === 'REQUEST_DEADLINE_PASSED' && /plazo/.test(e.messagePublic));
  });

  it('refuses a preferred slot of another round', () => {
    spec.when(request({ preferredSlotId: 'zz' })).thenThrows(DomainError, code('UNKNOWN_SLOT'));
  });

  it('a retry of the same meeting decides nothing; another request on the stream is refused', () => {
    spec.given([requested]).when(request()).then([]);
    spec.given([requested]).when(request({ meetingId: 'x' })).thenThrows(DomainError, code('MEETING_EXISTS'));
  });
});

describe('AcceptMeeting', () => {
  const accept = (participantId: string) => ({ type: 'businessConference.AcceptMeeting' as const, data: { participantId } });
  it('the counterpart accepts; the sequence rises', () => {
    spec.given([requested]).when(accept(OFFER)).then([accepted]);
    spec.given([requested]).when(accept(OFFER)).thenState((s) => expect(s).toMatchObject({ status: 'accepted', sequence: 1, respondedAt: at }));
  });
  it('only the counterpart', () => {
    spec.given([requested]).when(accept(DEMAND)).thenThrows(ForbiddenError, code('NOT_COUNTERPART'));
  });
  it('accepting again is a no-op; a declined request cannot be accepted', () => {
    spec.given([requested, accepted]).when(accept(OFFER)).then([]);
    spec.given([requested, { type: 'businessConference.MeetingDeclined', data: { ...ref, reason: null, at } }]).when(accept(OFFER)).thenThrows(DomainError, code('MEETING_NOT_REQUESTED'));
  });
  it('past its expiry the request cannot be accepted', () => {
    spec.given([requested]).when(accept(OFFER), { now: new Date(DEADLINE) }).thenThrows(DomainError, code('MEETING_NOT_REQUESTED'));
  });
  it('an unknown meeting is a 404', () => {
    spec.when(accept(OFFER)).thenThrows(NotFoundError, code('MEETING_NOT_FOUND'));
  });
});

describe('DeclineMeeting', () => {
  const decline = (participantId: string) => ({ type: 'businessConference.DeclineMeeting' as const, data: { participantId, reason: 'Sin agenda' } });
  it('the counterpart declines', () => {
    spec.given([requested]).when(decline(OFFER)).then([{ type: 'businessConference.MeetingDeclined', data: { ...ref, reason: 'Sin agenda', at } }]);
  });
  it('only the counterpart, only a pending request', () => {
    spec.given([requested]).when(decline(DEMAND)).thenThrows(ForbiddenError, code('NOT_COUNTERPART'));
    spec.given([requested, accepted]).when(decline(OFFER)).thenThrows(DomainError, code('MEETING_NOT_REQUESTED'));
  });
});

describe('CancelMeeting', () => {
  const cancel = (participantId: string | null) => ({ type: 'businessConference.CancelMeeting' as const, data: { participantId, reason: null } });
  it('the requester cancels a pending request', () => {
    spec.given([requested]).when(cancel(DEMAND)).then([{ type: 'businessConference.MeetingCancelled', data: { ...ref, by: 'requester', wasAccepted: false, reason: null, at } }]);
  });
  it('the counterpart declines a pending request rather than cancelling it', () => {
    spec.given([requested]).when(cancel(OFFER)).thenThrows(ForbiddenError, code('NOT_REQUESTER'));
  });
  it('either side or the team cancels an accepted meeting; the sequence rises again', () => {
    spec.given([requested, accepted]).when(cancel(OFFER)).then((events) => expect(events[0].data).toMatchObject({ by: 'counterpart', wasAccepted: true }));
    spec.given([requested, accepted]).when(cancel(null)).thenState((s) => expect(s).toMatchObject({ status: 'cancelled', sequence: 2 }));
  });
  it('a stranger is refused; cancelling twice is a no-op; a declined request cannot be cancelled', () => {
    spec.given([requested]).when(cancel('stranger')).thenThrows(ForbiddenError, code('NOT_MEETING_MEMBER'));
    spec.given([requested, { type: 'businessConference.MeetingCancelled', data: { ...ref, by: 'requester', wasAccepted: false, reason: null, at } }]).when(cancel(DEMAND)).then([]);
    spec.given([requested, { type: 'businessConference.MeetingDeclined', data: { ...ref, reason: null, at } }]).when(cancel(DEMAND)).thenThrows(DomainError, code('MEETING_NOT_CANCELLABLE'));
  });
});

describe('ExpireMeeting', () => {
  const expire = { type: 'businessConference.ExpireMeeting' as const, data: {} as Record<string, never> };
  it('an unanswered request expires at its expiry', () => {
    spec.given([requested]).when(expire, { now: new Date(DEADLINE) }).then([{ type: 'businessConference.MeetingExpired', data: { ...ref, at: DEADLINE } }]);
  });
  it('not before (a job run early is retried)', () => {
    spec.given([requested]).when(expire, { now: later }).thenThrows(DomainError, code('MEETING_NOT_YET_EXPIRED'));
  });
  it('an answered request is left alone', () => {
    spec.given([requested, accepted]).when(expire, { now: new Date(DEADLINE) }).then([]);
  });
});

describe('the request quota', () => {
  const qspec = DeciderSpecification.for(meetingQuotaDecider);
  const take = (meetingId: string, max: number | null) => ({ type: 'businessConference.TakeRequestPlace' as const, data: { participantId: DEMAND, roundId: ROUND, meetingId, max } });
  const taken = (meetingId: string): MeetingQuotaEvent => ({ type: 'businessConference.RequestPlaceTaken', data: { participantId: DEMAND, roundId: ROUND, meetingId, at } });
  const freed = (meetingId: string): MeetingQuotaEvent => ({ type: 'businessConference.RequestPlaceFreed', data: { participantId: DEMAND, roundId: ROUND, meetingId, at } });
  it('takes a place while under the limit, or without one', () => {
    qspec.given([taken('a')]).when(take('b', 2)).then([taken('b')]);
    qspec.given([taken('a'), taken('b')]).when(take('c', null)).then([taken('c')]);
  });
  it('refuses at the limit, in Spanish', () => {
    qspec.given([taken('a'), taken('b')]).when(take('c', 2)).thenThrows(DomainError, (e) => e.code === 'MEETING_QUOTA_REACHED' && e.messagePublic === 'Alcanzaste el máximo de 2 solicitudes de reunión en esta rueda de negocios.');
  });
  it('a freed place counts no more; freeing twice or taking twice is a no-op', () => {
    qspec.given([taken('a'), taken('b'), freed('a')]).when(take('c', 2)).then([taken('c')]);
    qspec.given([taken('a'), freed('a')]).when({ type: 'businessConference.FreeRequestPlace', data: { participantId: DEMAND, roundId: ROUND, meetingId: 'a' } }).then([]);
    qspec.given([taken('a')]).when(take('a', 1)).then([]);
  });
});

describe('the feed token', () => {
  const fspec = DeciderSpecification.for(meetingFeedDecider);
  const issue = (token: string) => ({ type: 'businessConference.IssueMeetingFeed' as const, data: { participantId: DEMAND, roundId: ROUND, userId: 'u', token } });
  it('is issued once', () => {
    const first = fspec.when(issue('t1')).then((e) => expect(e).toHaveLength(1));
    fspec.given(first).when(issue('t2')).then([]);
  });
});
