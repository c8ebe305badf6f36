/**
 * A participant's check-ins at the venue (stream `businessConference-attendance-<participantId>`), one per day of
 * the round (registerAttendance). Setting the same value twice records nothing, so a retried or repeated toggle
 * (two desks scanning the same badge) stays one check-in. Pure.
 */
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';

const m = messages.businessConference.desk;

export const attendanceStreamId = (participantId: string) => `businessConference-attendance-${participantId}`;

type Who = { participantId: string; roundId: string; eventId: string; day: string };
type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ParticipantCheckedIn = E<'businessConference.ParticipantCheckedIn', Who & { at: string; by: string | null }>;
export type CheckInUndone = E<'businessConference.CheckInUndone', Who & { at: string; by: string | null }>;
export type AttendanceEvent = ParticipantCheckedIn | CheckInUndone;

/** `roundDays`: the round's days (YYYY-MM-DD), from the rounds area. */
export type SetAttendance = { type: 'businessConference.SetAttendance'; data: Who & { present: boolean; roundDays: string[] } };
export type AttendanceCommand = SetAttendance;

export type AttendanceState = { days: Set<string> };
export const initialState = (): AttendanceState => ({ days: new Set() });

export function decide(command: AttendanceCommand, state: AttendanceState, ctx: { now: Date; userId?: string }): AttendanceEvent[] {
  const { participantId, roundId, eventId, day, present, roundDays } = command.data;
  if (!roundDays.includes(day)) throw new DomainError('ATTENDANCE_DAY', m.dayOutsideRound, 400, { field: 'day' });
  if (state.days.has(day) === present) return [];
  const data = { participantId, roundId, eventId, day, at: ctx.now.toISOString(), by: ctx.userId ?? null };
  return [present ? { type: 'businessConference.ParticipantCheckedIn', data } : { type: 'businessConference.CheckInUndone', data }];
}

export function evolve(state: AttendanceState, event: AttendanceEvent): AttendanceState {
  const days = new Set(state.days);
  if (event.type === 'businessConference.ParticipantCheckedIn') days.add(event.data.day);
  else days.delete(event.data.day);
  return { days };
}

export const attendanceDecider: Decider<AttendanceCommand, AttendanceEvent, AttendanceState> = { decide, evolve, initialState };
