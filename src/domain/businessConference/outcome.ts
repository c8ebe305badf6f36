/**
 * What each side says of a meeting once it has started (stream `businessConference-outcome-<meetingId>`): did it
 * happen? A side that says no records the other side as a no-show (read model: desk-queries.ts `outcomeOf`).
 * A side may correct its answer; the same answer twice records nothing. Pure.
 */
import { messages } from '../../messages/es.js';
import type { MeetingSide } from '../../contracts/businessConference-desk.js';
import { DomainError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';

const m = messages.businessConference.desk;

export const outcomeStreamId = (meetingId: string) => `businessConference-outcome-${meetingId}`;

type Meeting = { meetingId: string; roundId: string; eventId: string; offerParticipantId: string; demandParticipantId: string };
type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type MeetingOutcomeReported = E<'businessConference.MeetingOutcomeReported', Meeting & { side: MeetingSide; happened: boolean; at: string; by: string | null }>;
export type OutcomeEvent = MeetingOutcomeReported;

/** `startsAt`: the meeting's slot start from the agenda (null: not placed yet). */
export type ReportOutcome = { type: 'businessConference.ReportOutcome'; data: Meeting & { side: MeetingSide; happened: boolean; startsAt: string | null } };
export type OutcomeCommand = ReportOutcome;

export type OutcomeState = { offer: boolean | null; demand: boolean | null };
export const initialState = (): OutcomeState => ({ offer: null, demand: null });

export function decide(command: OutcomeCommand, state: OutcomeState, ctx: { now: Date; userId?: string }): OutcomeEvent[] {
  const { startsAt, side, happened, ...meeting } = command.data;
  if (startsAt === null) throw new DomainError('OUTCOME_NOT_PLACED', m.outcomeNotPlaced, 409);
  if (Date.parse(startsAt) > ctx.now.getTime()) throw new DomainError('OUTCOME_TOO_EARLY', m.outcomeTooEarly, 409);
  if (state[side] === happened) return [];
  return [{ type: 'businessConference.MeetingOutcomeReported', data: { ...meeting, side, happened, at: ctx.now.toISOString(), by: ctx.userId ?? null } }];
}

export function evolve(state: OutcomeState, event: OutcomeEvent): OutcomeState {
  return { ...state, [event.data.side]: event.data.happened };
}

export const outcomeDecider: Decider<OutcomeCommand, OutcomeEvent, OutcomeState> = { decide, evolve, initialState };
