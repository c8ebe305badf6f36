import { z } from 'zod';
import { clientId, nonEmpty } from './common.js';

/**
 * The business conference's desk, shared by the API and the web app: help requests asked from a meeting and
 * answered live by the event's support team (spec 7 `businessConferenceScheduleHelp`), participants checked in
 * per day of a round (registerAttendance) and what each side says of a meeting after it (happened / no-show).
 */

export const MEETING_SIDES = ['offer', 'demand'] as const;
export const meetingSideSchema = z.enum(MEETING_SIDES);
export type MeetingSide = z.infer<typeof meetingSideSchema>;

// ----- help requests --------------------------------------------------------------------------------------

export const HELP_STATUSES = ['open', 'taken', 'resolved'] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];

/** Spec 7: `POST businessConferenceScheduleHelp` { _businessConferenceSchedule (the meeting id), type }. */
export const scheduleHelpBodySchema = z.object({
  _businessConferenceSchedule: nonEmpty(100),
  type: meetingSideSchema,
});
export type ScheduleHelpBody = z.infer<typeof scheduleHelpBodySchema>;

export interface HelpRequestDto {
  /** `<meetingId>.<side>.<n>`: the n-th request of that side of the meeting. */
  _id: string;
  roundId: string;
  eventId: string;
  meetingId: string;
  side: MeetingSide;
  participantId: string;
  /** The asking participant's account (the chat's other end). */
  userId: string;
  companyName: string;
  contactName: string;
  status: HelpStatus;
  createdAt: string;
  takenAt: string | null;
  takenBy: string | null;
  takenByName: string | null;
  /** The individual chat room between the agent and the participant, once taken. */
  chatRoomId: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** Seconds from asked to taken, and from taken to resolved. */
  waitSeconds: number | null;
  handlingSeconds: number | null;
}

export interface ScheduleHelpResponse {
  data: HelpRequestDto;
  /** False when an open request of this meeting side already existed (a retry answers the same request). */
  created: boolean;
  position: string | null;
}

/** Take / resolve: the agent's click, with a client id so a retried click stays one. */
export const helpActionBodySchema = z.object({ clientId });
export type HelpActionBody = z.infer<typeof helpActionBodySchema>;

export interface HelpActionResponse {
  data: HelpRequestDto;
  position: string | null;
}

/** Counts and waits of a round's help desk (the report). */
export interface HelpDeskStats {
  total: number;
  open: number;
  taken: number;
  resolved: number;
  /** Averages and maxima in seconds over requests that were taken / resolved (null when none). */
  averageWaitSeconds: number | null;
  maxWaitSeconds: number | null;
  averageHandlingSeconds: number | null;
}

// ----- attendance -----------------------------------------------------------------------------------------

/** One check-in: a participant present on one day of the round. */
export interface AttendanceDto {
  participantId: string;
  roundId: string;
  day: string;
  checkedInAt: string;
  byUserId: string | null;
}

export const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha no válida.' });

/** Sets a participant present or absent on a day (idempotent: the same value twice changes nothing). */
export const attendanceBodySchema = z.object({
  participantId: nonEmpty(100),
  day: dayString,
  present: z.boolean(),
  clientId,
});
export type AttendanceBody = z.infer<typeof attendanceBodySchema>;

/** The participant's check-in days after the change. */
export interface AttendanceResponse {
  data: { participantId: string; days: string[] };
  position: string | null;
}

/** The registerAttendance page: every participant of the round with the days they were checked in. */
export interface AttendanceParticipantRow {
  participantId: string;
  companyName: string;
  contactName: string;
  type: string;
  days: string[];
}
export interface AttendanceListResponse {
  days: string[];
  rows: AttendanceParticipantRow[];
  /** Present participants per day. */
  counts: Record<string, number>;
}

// ----- meeting outcomes -----------------------------------------------------------------------------------

/** Per meeting: what each side said, whether it happened, who did not come. */
export interface MeetingOutcomeDto {
  meetingId: string;
  roundId: string;
  offerParticipantId: string;
  demandParticipantId: string;
  /** Each side's answer to "did the meeting happen?" (null: not answered). */
  offerSays: boolean | null;
  demandSays: boolean | null;
  /** True when a side said yes and none said no, false when a side said no and none yes, else null. */
  happened: boolean | null;
  /** The sides disagree. */
  disputed: boolean;
  /** A side is a no-show when the other side said the meeting did not happen. */
  offerNoShow: boolean;
  demandNoShow: boolean;
}

export const outcomeBodySchema = z.object({
  side: meetingSideSchema,
  happened: z.boolean(),
  clientId,
});
export type OutcomeBody = z.infer<typeof outcomeBodySchema>;

export interface OutcomeResponse {
  data: MeetingOutcomeDto | null;
  position: string | null;
}

// ----- socket pushes --------------------------------------------------------------------------------------

/**
 * `bcHelp:updated` reaches the event's help desk (organizer, businessConference administrators and support)
 * and the asking participant, after the read model has the change.
 */
export const BC_HELP_UPDATED_SOCKET_EVENT = 'bcHelp:updated';
export interface BcHelpUpdatedPayload {
  eventId: string;
  roundId: string;
  request: HelpRequestDto;
  /** Read back with `?after=` for read-your-writes. */
  position: string;
}

export type BusinessConferenceDeskServerToClientEvents = { [BC_HELP_UPDATED_SOCKET_EVENT]: (payload: BcHelpUpdatedPayload) => void };
