import { z } from 'zod';

/**
 * The business conference's agenda (issue 21): where and when each accepted meeting takes place, the slots a
 * participant cannot meet, and the organizer's scheduling commands. Shared by the server and the web.
 */

/** One meeting's place: a slot and a table (tables venue) or a room link (virtual venue). */
export interface PlacementDto {
  meetingId: string;
  roundId: string;
  slotId: string;
  /** Table number (1..round.tables) in a tables venue; null in a virtual venue. */
  table: number | null;
  /** Virtual venue: the video room link; null in a tables venue. */
  room: string | null;
  phase: 'preliminary' | 'final';
  /** Raised on every change of this meeting's place (iCal SEQUENCE = meeting.sequence + placement.sequence). */
  sequence: number;
}

/** A placement as the organizer's agenda shows it (with the pair and whether the organizer pinned it). */
export interface AgendaPlacementDto extends PlacementDto {
  offerParticipantId: string;
  demandParticipantId: string;
  /** Placed by hand: "Programar todo" never moves it. */
  pinned: boolean;
}

/** Why "Programar todo" left a meeting out. */
export type UnplacedReason = 'noCommonSlot' | 'noTable' | 'conflicts';

export interface ScheduleSummaryDto {
  runId: string;
  placed: number;
  kept: number;
  unplaced: { meetingId: string; reason: UnplacedReason }[];
  at: string;
}

export interface AgendaDto {
  roundId: string;
  /** Revision of the round's agenda stream (-1: nothing scheduled yet); send it back as expectedVersion. */
  version: number;
  phase: 'none' | 'preliminary' | 'final';
  publishedAt: string | null;
  placements: AgendaPlacementDto[];
  lastRun: ScheduleSummaryDto | null;
}

/** A participant as the agenda pages name them. */
export interface AgendaPartyDto {
  participantId: string;
  company: string;
  contactName: string;
  type: 'offer' | 'demand' | 'offer_demand';
}

/** The organizer's `agend` page: the agenda, the round's frame, the accepted meetings (placed or not) and their parties. */
export interface AgendaPageDto extends AgendaDto {
  round: { name: string; timeZone: string; venue: 'tables' | 'virtual'; tables: number; slots: { slotId: string; day: string; start: string; end: string; index: number }[] };
  meetings: { meetingId: string; offerParticipantId: string; demandParticipantId: string; preferredSlotId: string | null }[];
  parties: AgendaPartyDto[];
  /** Whether the caller may schedule, move and publish (meeting.manage). */
  canManage: boolean;
}

/** One participant's printable agenda. */
export interface ParticipantAgendaDto {
  roundId: string;
  roundName: string;
  timeZone: string;
  participant: AgendaPartyDto;
  items: { meetingId: string; slotId: string; start: string; end: string; table: number | null; room: string | null; phase: 'preliminary' | 'final'; counterpart: AgendaPartyDto }[];
}

export const scheduleAllBody = z.object({
  clientId: z.string().min(1).max(100),
  /** "reprogramar también las ya confirmadas": re-place every placement the organizer did not pin by hand. */
  reschedule: z.boolean().default(false),
  expectedVersion: z.number().int().min(-1).optional(),
});
export type ScheduleAllBody = z.infer<typeof scheduleAllBody>;

export const moveMeetingBody = z.object({
  clientId: z.string().min(1).max(100),
  slotId: z.string().min(1).max(100),
  /** Tables venue: the table; ignored in a virtual venue. */
  table: z.number().int().min(1).max(100000).nullable().default(null),
});
export type MoveMeetingBody = z.infer<typeof moveMeetingBody>;

export const clientIdBody = z.object({ clientId: z.string().min(1).max(100) });

export const unavailableSlotsBody = z.object({
  clientId: z.string().min(1).max(100),
  slotIds: z.array(z.string().min(1).max(100)).max(2000),
});
export type UnavailableSlotsBody = z.infer<typeof unavailableSlotsBody>;

/** GET of a participant's unavailable slots: the round's slots (to draw the toggles) and the ones marked. */
export interface UnavailableSlotsDto {
  participantId: string;
  roundId: string;
  slots: { slotId: string; day: string; start: string; end: string; index: number }[];
  timeZone: string;
  unavailable: string[];
}

/** The floor (`room` page): the current and the next slot with each table's pair. */
export interface FloorDto {
  roundId: string;
  now: string;
  timeZone: string;
  current: FloorSlotDto | null;
  next: FloorSlotDto | null;
}
export interface FloorSlotDto {
  slotId: string;
  day: string;
  start: string;
  end: string;
  meetings: { meetingId: string; table: number | null; room: string | null; offer: FloorPartyDto; demand: FloorPartyDto }[];
}
export interface FloorPartyDto {
  participantId: string;
  company: string;
  contactName: string;
}

/** Socket push to the round's event room (`event:subscribe`) when its agenda changes (pages refetch). */
export const AGENDA_CHANGED = 'businessConference:agendaChanged';
export interface AgendaChangedPayload {
  roundId: string;
  version: number;
}

// The agenda's push joins the typed server-to-client map from here (module augmentation) rather than by an edit
// of the shared src/contracts/realtime.ts.
declare module './realtime.js' {
  interface ServerToClientEvents {
    'businessConference:agendaChanged': (payload: AgendaChangedPayload) => void;
  }
}
