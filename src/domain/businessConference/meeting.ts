/**
 * A meeting between two participants of a round (stream `businessConference-meeting-<id>`), from the request to
 * its answer:
 *
 *   requested --(counterpart accepts, or the round auto-accepts)--> accepted --(either side or the team)--> cancelled
 *   requested --(counterpart declines)--> declined
 *   requested --(requester or the team cancels)--> cancelled
 *   requested --(unanswered at expiresAt)--> expired
 *
 * Who may meet whom: one side offers and the other demands (offer_demand may play either). The round's rules
 * (deadline, request mode, slots) and both participants come in with the command. The sent-requests quota and the
 * one-open-meeting-per-pair rule span streams: the quota stream (./meeting-quota.ts) and a reservation on the
 * append (`meetingPairReservation`). `sequence` grows with every change after the request (iCal SEQUENCE share).
 * Pure.
 */
import type { MeetingStatus } from '../../contracts/businessConference-meetings.js';
import type { ParticipantType } from '../../contracts/businessConference-participants.js';
import { messages } from '../../messages/es.js';
import { DomainError, ForbiddenError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.meetings;

export const meetingStreamId = (meetingId: string) => `businessConference-meeting-${meetingId}`;

/** The one open (requested or accepted) meeting of a pair in a round: a reservation held by the meeting's stream. */
export const meetingPairReservation = (roundId: string, a: string, b: string) => ({
  scope: 'businessConference-meeting-pair',
  value: `${roundId}:${[a, b].sort().join(':')}`,
});

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
type MeetingRef = {
  meetingId: string;
  roundId: string;
  eventId: string;
  requesterId: string;
  counterpartId: string;
};
export type MeetingRequested = E<
  'businessConference.MeetingRequested',
  MeetingRef & {
    requesterUserId: string;
    counterpartUserId: string;
    offerParticipantId: string;
    demandParticipantId: string;
    preferredSlotId: string | null; message: string | null; expiresAt: string | null;
    at: string;
  }
>;
export type MeetingAccepted = E<'businessConference.MeetingAccepted', MeetingRef & { by: 'counterpart' | 'auto'; at: string }>;
export type MeetingDeclined = E<'businessConference.MeetingDeclined', MeetingRef & { reason: string | null; at: string }>;
export type MeetingCancelled = E<
  'businessConference.MeetingCancelled',
  MeetingRef & { by: 'requester' | 'counterpart' | 'team'; wasAccepted: boolean; reason: string | null; at: string }
>;
export type MeetingExpired = E<'businessConference.MeetingExpired', MeetingRef & { at: string }>;
export type MeetingEvent = MeetingRequested | MeetingAccepted | MeetingDeclined | MeetingCancelled | MeetingExpired;

export type MeetingSide = {
  participantId: string;
  userId: string;
  type: ParticipantType;
  status: 'pending' | 'approved' | 'rejected';
  roundId: string;
};

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RequestMeeting = C<
  'businessConference.RequestMeeting',
  {
    meetingId: string;
    roundId: string;
    eventId: string;
    requester: MeetingSide;
    counterpart: MeetingSide;
    preferredSlotId: string | null;
    message: string | null;
    /** The round's rules at request time. */
    requestMode: 'accept' | 'auto';
    requestDeadline: string | null;
    slotIds: string[];
    /** When an unanswered request expires (the deadline, else the round's first slot). */
    expiresAt: string | null;
  }
>;
export type AcceptMeeting = C<'businessConference.AcceptMeeting', { participantId: string }>;
export type DeclineMeeting = C<'businessConference.DeclineMeeting', { participantId: string; reason: string | null }>;
/** participantId null: the event's team cancels. */
export type CancelMeeting = C<'businessConference.CancelMeeting', { participantId: string | null; reason: string | null }>;
export type ExpireMeeting = C<'businessConference.ExpireMeeting', Record<string, never>>;
export type MeetingCommand = RequestMeeting | AcceptMeeting | DeclineMeeting | CancelMeeting | ExpireMeeting;

export interface MeetingState {
  status: 'none' | MeetingStatus;
  meetingId: string;
  roundId: string;
  eventId: string;
  requesterId: string;
  counterpartId: string;
  requesterUserId: string;
  counterpartUserId: string;
  offerParticipantId: string;
  demandParticipantId: string;
  preferredSlotId: string | null;
  message: string | null;
  expiresAt: string | null;
  createdAt: string;
  respondedAt: string | null;
  sequence: number;
}

export const initialState = (): MeetingState => ({
  status: 'none',
  meetingId: '',
  roundId: '',
  eventId: '',
  requesterId: '',
  counterpartId: '',
  requesterUserId: '',
  counterpartUserId: '',
  offerParticipantId: '',
  demandParticipantId: '',
  preferredSlotId: null,
  message: null,
  expiresAt: null,
  createdAt: '',
  respondedAt: null,
  sequence: 0,
});

/**
 * Which side each participant plays, or null when they cannot meet (both only offer, or both only demand). An
 * offer_demand participant plays the side its counterpart lacks; two offer_demand participants meet with the
 * requester as the buyer (demand).
 */
export function meetingSides(requester: ParticipantType, counterpart: ParticipantType): { requester: 'offer' | 'demand'; counterpart: 'offer' | 'demand' } | null {
  if (requester === counterpart && requester !== 'offer_demand') return null;
  if (requester === 'offer') return { requester: 'offer', counterpart: 'demand' };
  if (requester === 'demand') return { requester: 'demand', counterpart: 'offer' };
  // requester offer_demand
  if (counterpart === 'offer') return { requester: 'demand', counterpart: 'offer' };
  if (counterpart === 'demand') return { requester: 'offer', counterpart: 'demand' };
  return { requester: 'demand', counterpart: 'offer' };
}

const ref = (s: MeetingState): MeetingRef => ({ meetingId: s.meetingId, roundId: s.roundId, eventId: s.eventId, requesterId: s.requesterId, counterpartId: s.counterpartId });

export function decide(command: MeetingCommand, state: MeetingState, ctx: DecideContext): MeetingEvent[] {
  const at = ctx.now.toISOString();
  if (command.type === 'businessConference.RequestMeeting') {
    const d = command.data;
    if (state.status !== 'none') {
      if (state.meetingId === d.meetingId) return []; // a retry
      throw new DomainError('MEETING_EXISTS', m.pairExists, 409);
    }
    const { requester: r, counterpart: c } = d;
    if (r.status !== 'approved' || r.roundId !== d.roundId) throw new ForbiddenError('NOT_A_PARTICIPANT', m.notAParticipant);
    if (c.roundId !== d.roundId) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
    if (r.participantId === c.participantId) throw new DomainError('SAME_PARTICIPANT', m.sameParticipant, 400, { field: 'counterpartId' });
    if (c.status !== 'approved') throw new DomainError('PARTICIPANT_NOT_APPROVED', m.participantNotApproved, 409, { field: 'counterpartId' });
    const sides = meetingSides(r.type, c.type);
    if (!sides) throw new DomainError('SAME_SIDE', m.sameSide, 400, { field: 'counterpartId' });
    if (d.requestDeadline && Date.parse(d.requestDeadline) <= ctx.now.getTime()) throw new DomainError('REQUEST_DEADLINE_PASSED', m.deadlinePassed, 409);
    if (d.preferredSlotId !== null && !d.slotIds.includes(d.preferredSlotId)) throw new DomainError('UNKNOWN_SLOT', m.unknownSlot, 400, { field: 'preferredSlotId' });
    const base: MeetingRef = { meetingId: d.meetingId, roundId: d.roundId, eventId: d.eventId, requesterId: r.participantId, counterpartId: c.participantId };
    const requested: MeetingRequested = {
      type: 'businessConference.MeetingRequested',
      data: {
        ...base,
        requesterUserId: r.userId,
        counterpartUserId: c.userId,
        offerParticipantId: sides.requester === 'offer' ? r.participantId : c.participantId,
        demandParticipantId: sides.requester === 'demand' ? r.participantId : c.participantId,
        preferredSlotId: d.preferredSlotId,
        message: d.message && d.message.trim() ? d.message.trim() : null,
        expiresAt: d.requestMode === 'auto' ? null : d.expiresAt,
        at,
      },
    };
    if (d.requestMode === 'auto') return [requested, { type: 'businessConference.MeetingAccepted', data: { ...base, by: 'auto', at } }];
    return [requested];
  }

  if (state.status === 'none') throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
  switch (command.type) {
    case 'businessConference.AcceptMeeting': {
      if (command.data.participantId !== state.counterpartId) throw new ForbiddenError('NOT_COUNTERPART', m.notCounterpart);
      if (state.status === 'accepted') return [];
      if (state.status !== 'requested') throw new DomainError('MEETING_NOT_REQUESTED', m.notRequested, 409);
      // Past its expiry the request is over, even before the expiry job has recorded it.
      if (state.expiresAt && Date.parse(state.expiresAt) <= ctx.now.getTime()) throw new DomainError('MEETING_NOT_REQUESTED', m.notRequested, 409);
      return [{ type: 'businessConference.MeetingAccepted', data: { ...ref(state), by: 'counterpart', at } }];
    }
    case 'businessConference.DeclineMeeting': {
      if (command.data.participantId !== state.counterpartId) throw new ForbiddenError('NOT_COUNTERPART', m.notCounterpart);
      if (state.status === 'declined') return [];
      if (state.status !== 'requested') throw new DomainError('MEETING_NOT_REQUESTED', m.notRequested, 409);
      return [{ type: 'businessConference.MeetingDeclined', data: { ...ref(state), reason: command.data.reason, at } }];
    }
    case 'businessConference.CancelMeeting': {
      const p = command.data.participantId;
      if (state.status === 'cancelled') return [];
      const by = p === null ? 'team' : p === state.requesterId ? 'requester' : p === state.counterpartId ? 'counterpart' : null;
      if (!by) throw new ForbiddenError('NOT_MEETING_MEMBER', m.notMeetingMember);
      if (state.status === 'requested') {
        // The counterpart answers a request by declining it, not by cancelling.
        if (by === 'counterpart') throw new ForbiddenError('NOT_REQUESTER', m.notRequester);
      } else if (state.status !== 'accepted') throw new DomainError('MEETING_NOT_CANCELLABLE', m.notCancellable, 409);
      return [{ type: 'businessConference.MeetingCancelled', data: { ...ref(state), by, wasAccepted: state.status === 'accepted', reason: command.data.reason, at } }];
    }
    case 'businessConference.ExpireMeeting': {
      if (state.status !== 'requested') return []; // answered meanwhile: nothing to expire
      if (!state.expiresAt) return [];
      if (Date.parse(state.expiresAt) > ctx.now.getTime()) throw new DomainError('MEETING_NOT_YET_EXPIRED', m.notYetExpired, 409);
      return [{ type: 'businessConference.MeetingExpired', data: { ...ref(state), at } }];
    }
  }
}

export function evolve(state: MeetingState, event: MeetingEvent): MeetingState {
  switch (event.type) {
    case 'businessConference.MeetingRequested': {
      const { at, ...d } = event.data;
      return { ...initialState(), ...d, status: 'requested', createdAt: at };
    }
    case 'businessConference.MeetingAccepted':
      return { ...state, status: 'accepted', respondedAt: event.data.at, sequence: state.sequence + 1 };
    case 'businessConference.MeetingDeclined':
      return { ...state, status: 'declined', respondedAt: event.data.at, sequence: state.sequence + 1 };
    case 'businessConference.MeetingCancelled':
      return { ...state, status: 'cancelled', respondedAt: state.respondedAt ?? event.data.at, sequence: state.sequence + 1 };
    case 'businessConference.MeetingExpired':
      return { ...state, status: 'expired', sequence: state.sequence + 1 };
  }
}

export const meetingDecider: Decider<MeetingCommand, MeetingEvent, MeetingState> = { decide, evolve, initialState };

/** Events that close a meeting (free the pair and the requester's quota place). */
export const CLOSING_EVENTS = ['businessConference.MeetingDeclined', 'businessConference.MeetingCancelled', 'businessConference.MeetingExpired'] as const;
