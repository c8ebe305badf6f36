import { z } from 'zod';
import { clientId, uuid } from './common.js';

/**
 * Contracts of the business conference's meetings area (issue 21): meeting requests between participants of a
 * round (offer <-> demand), their answers, the participant's agendas and the iCal feed. Shared by the API and the
 * web app.
 */

export const MEETING_STATUSES = ['requested', 'accepted', 'declined', 'expired', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** One meeting (request) between two participants of a round. Participant ids, not user ids. */
export interface MeetingDto {
  _id: string;
  roundId: string;
  eventId: string;
  requesterId: string;
  counterpartId: string;
  offerParticipantId: string;
  demandParticipantId: string;
  status: MeetingStatus;
  preferredSlotId: string | null;
  message: string | null;
  createdAt: string;
  respondedAt: string | null;
  /** Raised on every change after the request (accept, cancel): the meeting's share of the iCal SEQUENCE. */
  sequence: number;
}

/** POST businessConference/meetings: a participant asks a counterpart of the other side for a meeting. */
export const requestMeetingSchema = z.object({
  roundId: uuid,
  counterpartId: uuid,
  preferredSlotId: z.string().trim().min(1).max(100).nullable().default(null),
  message: z.string().trim().max(500, { message: 'Máximo 500 caracteres.' }).nullable().default(null),
  clientId,
});
export type RequestMeetingRequest = z.infer<typeof requestMeetingSchema>;

/** POST businessConference/meetings/:id/{accept,decline,cancel}. */
export const respondMeetingSchema = z.object({
  reason: z.string().trim().max(500, { message: 'Máximo 500 caracteres.' }).nullable().default(null),
});
export type RespondMeetingRequest = z.infer<typeof respondMeetingSchema>;

/** The other side of a meeting as a participant sees it (company card). */
export interface MeetingCounterpartDto {
  participantId: string;
  userId: string;
  type: 'offer' | 'demand' | 'offer_demand';
  companyName: string;
  sector: string;
  logoUrl: string | null;
  description: string;
  contactName: string;
}

/** Where and when an accepted meeting happens (from the agenda area's placement), or null before scheduling. */
export interface MeetingPlaceDto {
  slotId: string;
  start: string | null;
  end: string | null;
  table: number | null;
  room: string | null;
  phase: 'preliminary' | 'final';
}

/** A meeting as one of its participants sees it: direction, counterpart, place. */
export interface MyMeetingDto extends MeetingDto {
  /** The viewer's own participant id in this meeting. */
  participantId: string;
  direction: 'sent' | 'received';
  counterpart: MeetingCounterpartDto;
  roundName: string;
  /** The round's time zone (slot times are shown on the venue's clock). */
  timeZone: string;
  venue: 'tables' | 'virtual';
  place: MeetingPlaceDto | null;
  /** The round's request deadline (the request expires then when unanswered). */
  requestDeadline: string | null;
}

/** GET businessConference/meetings/mine?roundId=: the signed-in participant's meetings of a round (or all rounds). */
export interface MyMeetingsResponse {
  meetings: MyMeetingDto[];
  /** The participant's iCal feed per round: `{ roundId, participantId, url }` (a secret-token URL). */
  feeds: { roundId: string; participantId: string; url: string }[];
  /** Sent requests counted against the quota (pending + accepted), and the round's limit, per participant. */
  quotas: { participantId: string; roundId: string; used: number; max: number | null }[];
}

/** GET businessConference/meetings/:id/room: the virtual room of a virtual meeting. */
export interface MeetingRoomDto {
  meeting: MyMeetingDto;
  /** The video link (placement.room), null until placed. */
  videoUrl: string | null;
  /** The individual chat room of the two users (opened on demand). */
  chatRoomId: string | null;
}

// ---------------------------------------------------------------------------------------------------------
// Socket: `bcMeeting:updated` reaches both participants' users (and nothing else) after the read model changed.

export const MEETING_UPDATED_SOCKET_EVENT = 'bcMeeting:updated';

export interface MeetingUpdatedPayload {
  meetingId: string;
  roundId: string;
  status: MeetingStatus;
  /** Read back with `?after=` for read-your-writes. */
  position: string;
}

export type MeetingsServerToClientEvents = { [MEETING_UPDATED_SOCKET_EVENT]: (payload: MeetingUpdatedPayload) => void };

// The product's socket map is an interface open to augmentation (src/contracts/realtime.ts).
declare module './realtime.js' {
  interface ServerToClientEvents extends MeetingsServerToClientEvents {}
}
