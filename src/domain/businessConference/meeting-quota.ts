/**
 * The sent-requests quota of one participant (stream `businessConference-meetingQuota-<participantId>`): the
 * meetings it requested that are still open (requested or accepted). A request takes a place here BEFORE the
 * meeting is recorded, appended at the stream's exact version: two requests decided on the same count cannot
 * both append, so the round's `maxRequestsPerParticipant` holds under concurrency (across processes too). A
 * meeting that closes (declined, cancelled, expired) gives its place back. The place's event also mints the
 * meeting id, so a retried request (same command id) finds the same meeting. Pure.
 */
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.meetings;

export const meetingQuotaStreamId = (participantId: string) => `businessConference-meetingQuota-${participantId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RequestPlaceTaken = E<'businessConference.RequestPlaceTaken', { participantId: string; roundId: string; meetingId: string; at: string }>;
export type RequestPlaceFreed = E<'businessConference.RequestPlaceFreed', { participantId: string; roundId: string; meetingId: string; at: string }>;
export type MeetingQuotaEvent = RequestPlaceTaken | RequestPlaceFreed;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** `max` null: no limit (the place is still recorded: it mints the meeting id and counts the requests). */
export type TakeRequestPlace = C<'businessConference.TakeRequestPlace', { participantId: string; roundId: string; meetingId: string; max: number | null }>;
export type FreeRequestPlace = C<'businessConference.FreeRequestPlace', { participantId: string; roundId: string; meetingId: string }>;
export type MeetingQuotaCommand = TakeRequestPlace | FreeRequestPlace;

export interface MeetingQuotaState {
  /** Meeting ids holding a place. */
  open: string[];
}

export const initialState = (): MeetingQuotaState => ({ open: [] });

export function decide(command: MeetingQuotaCommand, state: MeetingQuotaState, ctx: DecideContext): MeetingQuotaEvent[] {
  const at = ctx.now.toISOString();
  const { participantId, roundId, meetingId } = command.data;
  switch (command.type) {
    case 'businessConference.TakeRequestPlace': {
      if (state.open.includes(meetingId)) return [];
      const max = command.data.max;
      if (max !== null && state.open.length >= max) throw new DomainError('MEETING_QUOTA_REACHED', m.quotaReached(max), 409);
      return [{ type: 'businessConference.RequestPlaceTaken', data: { participantId, roundId, meetingId, at } }];
    }
    case 'businessConference.FreeRequestPlace':
      if (!state.open.includes(meetingId)) return [];
      return [{ type: 'businessConference.RequestPlaceFreed', data: { participantId, roundId, meetingId, at } }];
  }
}

export function evolve(state: MeetingQuotaState, event: MeetingQuotaEvent): MeetingQuotaState {
  switch (event.type) {
    case 'businessConference.RequestPlaceTaken':
      return { open: [...state.open, event.data.meetingId] };
    case 'businessConference.RequestPlaceFreed':
      return { open: state.open.filter((id) => id !== event.data.meetingId) };
  }
}

export const meetingQuotaDecider: Decider<MeetingQuotaCommand, MeetingQuotaEvent, MeetingQuotaState> = { decide, evolve, initialState };
