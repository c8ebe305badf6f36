/**
 * The agenda of a round (stream `businessConference-agenda-<roundId>`): where and when each accepted meeting
 * takes place. "Programar todo" runs the scheduler (./scheduler.ts) over the round's accepted meetings and
 * appends the result as a preliminary agenda (the placements in chunks); the organizer moves or unschedules a
 * meeting by hand (a hand-placed meeting is pinned: "Programar todo" never moves it); "Publicar agenda final"
 * makes every placement final. A cancelled meeting frees its place.
 *
 * Every invariant (nobody twice in a slot, a table once per slot, no unavailable slot) is checked here on the
 * stream's state; the facts the stream does not hold (the round's slots and tables, the meetings, the slots the
 * participants cannot meet) come in with the command. Pure: time, ids and the acting user come in.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import { schedule, type SchedulerMeeting, type UnplacedReason } from './scheduler.js';

const m = messages.businessConference.agenda;

export const agendaStreamId = (roundId: string) => `businessConference-agenda-${roundId}`;
/** The virtual room of a meeting (spec: /mymeetings/room/{meeting}). */
export const virtualRoomOf = (meetingId: string) => `/mymeetings/room/${meetingId}`;
/** Placements per MeetingsPlaced event: a large round's agenda is appended as several events. */
export const PLACEMENTS_PER_EVENT = 2000;

/** One meeting's place as the events carry it: a = offer side, b = demand side. */
export interface PlacedItem {
  meetingId: string;
  slotId: string;
  table: number | null;
  room: string | null;
  a: string;
  b: string;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type AgendaScheduled = E<
  'businessConference.AgendaScheduled',
  {
    roundId: string;
    runId: string;
    reschedule: boolean;
    /** Meetings placed (or re-placed) by this run; their placements follow in `parts` MeetingsPlaced events. */
    placed: number;
    /** Placements left where they were. */
    kept: number;
    /** Placements a reschedule could not keep (they lost their place). */
    unscheduled: string[];
    unplaced: { meetingId: string; reason: UnplacedReason }[];
    parts: number;
    by: string | null;
    at: string;
  }
>;
export type MeetingsPlaced = E<'businessConference.MeetingsPlaced', { roundId: string; runId: string; part: number; placements: PlacedItem[] }>;
export type MeetingMoved = E<'businessConference.MeetingMoved', { roundId: string; placement: PlacedItem; by: string | null; at: string }>;
export type MeetingUnscheduled = E<
  'businessConference.MeetingUnscheduled',
  { roundId: string; meetingId: string; reason: 'organizer' | 'cancelled'; by: string | null; at: string }
>;
export type AgendaPublished = E<'businessConference.AgendaPublished', { roundId: string; meetings: number; by: string | null; at: string }>;
export type AgendaEvent = AgendaScheduled | MeetingsPlaced | MeetingMoved | MeetingUnscheduled | AgendaPublished;

/** What the round says about where meetings can take place. */
export interface RoundFrame {
  roundId: string;
  /** The round's slots in order (index over the whole round). */
  slots: { slotId: string; day: string; index: number }[];
  venue: 'tables' | 'virtual';
  tables: number;
}

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ScheduleAll = C<
  'businessConference.ScheduleAll',
  {
    round: RoundFrame;
    runId: string;
    reschedule: boolean;
    /** The round's accepted meetings. */
    meetings: SchedulerMeeting[];
    /** Participant id -> slot ids they cannot meet. */
    unavailable: Record<string, string[]>;
  }
>;
export type MoveMeeting = C<
  'businessConference.MoveMeeting',
  {
    round: RoundFrame;
    meeting: { meetingId: string; a: string; b: string; status: string };
    slotId: string;
    table: number | null;
    /** The slots either participant cannot meet. */
    unavailable: string[];
  }
>;
export type UnscheduleMeeting = C<'businessConference.UnscheduleMeeting', { roundId: string; meetingId: string; reason: 'organizer' | 'cancelled' }>;
export type PublishAgenda = C<'businessConference.PublishAgenda', { roundId: string }>;
export type AgendaCommand = ScheduleAll | MoveMeeting | UnscheduleMeeting | PublishAgenda;

export interface PlacementState extends PlacedItem {
  pinned: boolean;
  phase: 'preliminary' | 'final';
}

export interface AgendaState {
  roundId: string | null;
  phase: 'none' | 'preliminary' | 'final';
  placements: Map<string, PlacementState>;
  /** Per meeting: changes of its place so far (kept after an unschedule, so it only grows). */
  sequences: Map<string, number>;
}

export const initialState = (): AgendaState => ({ roundId: null, phase: 'none', placements: new Map(), sequences: new Map() });

function refuse(code: string, message: string, status = 409): never {
  throw new DomainError(code, message, status);
}

/** Why a meeting cannot go to (slot, table): null when it can. Shared by the decider and the web's move dialog. */
export function moveRefusal(
  state: AgendaState,
  round: RoundFrame,
  meeting: { meetingId: string; a: string; b: string },
  slotId: string,
  table: number | null,
  unavailable: readonly string[],
): { code: string; message: string; status: number } | null {
  if (!round.slots.some((s) => s.slotId === slotId)) return { code: 'SLOT_UNKNOWN', message: m.slotUnknown, status: 400 };
  if (round.venue === 'tables' && (table === null || !Number.isInteger(table) || table < 1 || table > round.tables)) {
    return { code: 'TABLE_INVALID', message: m.tableInvalid, status: 400 };
  }
  if (unavailable.includes(slotId)) return { code: 'SLOT_UNAVAILABLE', message: m.slotUnavailable, status: 409 };
  for (const p of state.placements.values()) {
    if (p.meetingId === meeting.meetingId || p.slotId !== slotId) continue;
    if (p.a === meeting.a || p.b === meeting.a || p.a === meeting.b || p.b === meeting.b) {
      return { code: 'PERSON_BUSY', message: m.personBusy, status: 409 };
    }
    if (round.venue === 'tables' && p.table === table) return { code: 'TABLE_TAKEN', message: m.tableTaken, status: 409 };
  }
  return null;
}

export function decide(command: AgendaCommand, state: AgendaState, ctx: DecideContext): AgendaEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'businessConference.ScheduleAll': {
      const { round, runId, reschedule, meetings, unavailable } = command.data;
      if (round.slots.length === 0) refuse('NO_SLOTS', m.noSlots, 400);
      const accepted = new Set(meetings.map((x) => x.meetingId));
      // Kept in place: everything already placed, or (reschedule) only what the organizer pinned by hand.
      const fixed = [...state.placements.values()].filter((p) => accepted.has(p.meetingId) && (!reschedule || p.pinned));
      const fixedIds = new Set(fixed.map((p) => p.meetingId));
      const toPlace = meetings.filter((x) => !fixedIds.has(x.meetingId));
      const result = schedule({
        slots: round.slots,
        tables: round.venue === 'tables' ? round.tables : null,
        meetings: toPlace,
        pinned: fixed.map((p) => ({ meetingId: p.meetingId, a: p.a, b: p.b, slotId: p.slotId, table: p.table })),
        unavailable,
      });
      const byId = new Map(toPlace.map((x) => [x.meetingId, x]));
      const placements: PlacedItem[] = [];
      for (const r of result.placements) {
        const meeting = byId.get(r.meetingId)!;
        const before = state.placements.get(r.meetingId);
        const room = round.venue === 'virtual' ? virtualRoomOf(r.meetingId) : null;
        // A re-placed meeting that lands where it was is not an event (its sequence must not move).
        if (before && before.slotId === r.slotId && before.table === r.table) continue;
        placements.push({ meetingId: r.meetingId, slotId: r.slotId, table: r.table, room, a: meeting.a, b: meeting.b });
      }
      const placedNow = new Set(result.placements.map((p) => p.meetingId));
      const unscheduled = [...state.placements.values()].filter((p) => !fixedIds.has(p.meetingId) && !placedNow.has(p.meetingId)).map((p) => p.meetingId);
      const parts: MeetingsPlaced[] = [];
      for (let i = 0; i < placements.length; i += PLACEMENTS_PER_EVENT) {
        parts.push({
          type: 'businessConference.MeetingsPlaced',
          data: { roundId: round.roundId, runId, part: parts.length, placements: placements.slice(i, i + PLACEMENTS_PER_EVENT) },
        });
      }
      const head: AgendaScheduled = {
        type: 'businessConference.AgendaScheduled',
        data: {
          roundId: round.roundId,
          runId,
          reschedule,
          placed: placements.length,
          kept: fixed.length + (result.placements.length - placements.length),
          unscheduled,
          unplaced: result.unplaced,
          parts: parts.length,
          by,
          at,
        },
      };
      return [head, ...parts];
    }
    case 'businessConference.MoveMeeting': {
      const { round, meeting, slotId, unavailable } = command.data;
      if (meeting.status !== 'accepted') refuse('MEETING_NOT_ACCEPTED', m.meetingNotAccepted);
      const table = round.venue === 'tables' ? command.data.table : null;
      const refusal = moveRefusal(state, round, meeting, slotId, table, unavailable);
      if (refusal) refuse(refusal.code, refusal.message, refusal.status);
      const before = state.placements.get(meeting.meetingId);
      if (before && before.slotId === slotId && before.table === table && before.pinned) return [];
      const room = round.venue === 'virtual' ? virtualRoomOf(meeting.meetingId) : null;
      return [
        {
          type: 'businessConference.MeetingMoved',
          data: { roundId: round.roundId, placement: { meetingId: meeting.meetingId, slotId, table, room, a: meeting.a, b: meeting.b }, by, at },
        },
      ];
    }
    case 'businessConference.UnscheduleMeeting': {
      const { roundId, meetingId, reason } = command.data;
      if (!state.placements.has(meetingId)) {
        // A cancelled meeting that was never placed: nothing to free (the reactor may see it more than once).
        if (reason === 'cancelled') return [];
        throw new NotFoundError('NOT_PLACED', m.notPlaced);
      }
      return [{ type: 'businessConference.MeetingUnscheduled', data: { roundId, meetingId, reason, by, at } }];
    }
    case 'businessConference.PublishAgenda': {
      if (state.placements.size === 0) refuse('NOTHING_TO_PUBLISH', m.nothingToPublish);
      return [{ type: 'businessConference.AgendaPublished', data: { roundId: command.data.roundId, meetings: state.placements.size, by, at } }];
    }
  }
}

function place(state: AgendaState, item: PlacedItem, pinned: boolean): void {
  const seq = state.sequences.get(item.meetingId);
  state.sequences.set(item.meetingId, seq === undefined ? 0 : seq + 1);
  state.placements.set(item.meetingId, { ...item, pinned, phase: 'preliminary' });
}

export function evolve(state: AgendaState, event: AgendaEvent): AgendaState {
  // The state is folded once per command from the stream: mutating copies of the maps keeps a 86k-placement
  // fold linear.
  const next: AgendaState = { ...state, placements: new Map(state.placements), sequences: new Map(state.sequences) };
  switch (event.type) {
    case 'businessConference.AgendaScheduled':
      next.roundId = event.data.roundId;
      if (next.phase === 'none') next.phase = 'preliminary';
      for (const id of event.data.unscheduled) {
        next.placements.delete(id);
        next.sequences.set(id, (next.sequences.get(id) ?? 0) + 1);
      }
      if (event.data.placed > 0 || event.data.unscheduled.length > 0) next.phase = 'preliminary';
      return next;
    case 'businessConference.MeetingsPlaced':
      for (const p of event.data.placements) place(next, p, false);
      return next;
    case 'businessConference.MeetingMoved':
      next.roundId = event.data.roundId;
      place(next, event.data.placement, true);
      next.phase = 'preliminary';
      return next;
    case 'businessConference.MeetingUnscheduled':
      if (next.placements.delete(event.data.meetingId)) {
        next.sequences.set(event.data.meetingId, (next.sequences.get(event.data.meetingId) ?? 0) + 1);
      }
      return next;
    case 'businessConference.AgendaPublished':
      next.phase = 'final';
      for (const [id, p] of next.placements) next.placements.set(id, { ...p, phase: 'final' });
      return next;
  }
}

export const agendaDecider: Decider<AgendaCommand, AgendaEvent, AgendaState> = { decide, evolve, initialState };
