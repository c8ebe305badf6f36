/**
 * Check-in at the door (stream `sales-checkin-<ticketId>`): every admission and exit of one ticket, at the
 * venue's doors or into one of the event's rooms (./checkin-rooms.ts).
 *
 * The version-checked append is the guard: two doors scanning the same ticket at once decide on the same state,
 * only one append passes, the other is decided again on the new state and refused ("Esta entrada ya ingresó").
 * Refusals are answers, not events (a rejected scan changes nothing), so the stream only holds what happened.
 *
 * Where a ticket is: `inside` the venue, and at most one room at a time. A room entry admits into the venue too
 * (rooms are inside it) and moves the ticket out of any other room; a door exit leaves the room as well; a room
 * exit keeps the ticket inside the venue. Pure: the ticket (from the sales read model), the room, time and user
 * come in with the command.
 */
import { SCAN_DIRECTIONS, type ScanDirection } from '../../contracts/sales-checkin.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.checkin;

export const checkinStreamId = (ticketId: string) => `sales-checkin-${ticketId}`;

export { SCAN_DIRECTIONS, type ScanDirection };

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** One passage: `room` null is the venue's door; `by` the team member who scanned. `at` is when it was scanned. */
export type PassageData = { ticketId: string; eventId: string; door: string; room: string | null; scanId: string; at: string; by: string | null };
export type TicketAdmitted = E<'sales.TicketAdmitted', PassageData>;
/** `room` null: the ticket left the venue (and any room it was in); a room: it left that room, still inside. */
export type TicketExited = E<'sales.TicketExited', PassageData>;
export type CheckinEvent = TicketAdmitted | TicketExited;

/** The ticket as the door sees it (sales read model). */
export type ScannedTicket = {
  ticketId: string;
  eventId: string;
  ticketTypeId: string;
  ticketTypeName: string;
  status: 'valid' | 'cancelled' | 'refunded' | string;
};
/** A room of the event, with the ticket types that may enter it (empty: every type). */
export type ScanRoom = { roomId: string; name: string; ticketTypeIds: string[] };

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ScanTicket = C<
  'sales.ScanTicket',
  {
    ticket: ScannedTicket;
    /** The event the door belongs to (the scanner's). */
    eventId: string;
    door: string;
    room: ScanRoom | null;
    direction: ScanDirection;
    scanId: string;
    /** When it was scanned (an offline scan is synced later); defaults to now. */
    scannedAt?: string;
  }
>;
export type CheckinCommand = ScanTicket;

export type Passage = { door: string; room: string | null; at: string };
export type CheckinState = {
  inside: boolean;
  /** The room the ticket is in now (null: none, or outside). */
  room: string | null;
  /** The admission that let it in (the venue's, or the room's for `room`). */
  admission: Passage | null;
  /** The admission into the current room. */
  roomAdmission: Passage | null;
  firstAdmission: Passage | null;
  entries: number;
  exits: number;
};

export const initialState = (): CheckinState => ({ inside: false, room: null, admission: null, roomAdmission: null, firstAdmission: null, entries: 0, exits: 0 });

export const SCAN_REFUSALS = ['conflict', 'cancelled', 'wrong_event', 'room_not_allowed', 'not_inside'] as const;
export type ScanRefusalReason = (typeof SCAN_REFUSALS)[number];

/** A refused scan: the reason (for the door's answer) and, for a conflict, the admission it collided with. */
export class ScanRefused extends DomainError {
  constructor(
    readonly reason: ScanRefusalReason,
    code: string,
    messagePublic: string,
    readonly admission: Passage | null = null,
  ) {
    super(code, messagePublic, reason === 'room_not_allowed' ? 403 : 409);
    this.name = 'ScanRefused';
  }
}

export function decide(command: CheckinCommand, state: CheckinState, ctx: DecideContext): CheckinEvent[] {
  const { ticket, eventId, door, room, direction, scanId } = command.data;
  if (ticket.eventId !== eventId) throw new ScanRefused('wrong_event', 'WRONG_EVENT', m.wrongEventUnnamed);
  if (ticket.status === 'cancelled') throw new ScanRefused('cancelled', 'TICKET_CANCELLED', m.cancelled);
  if (ticket.status === 'refunded') throw new ScanRefused('cancelled', 'TICKET_REFUNDED', m.refunded);
  if (ticket.status !== 'valid') throw new ScanRefused('cancelled', 'TICKET_CANCELLED', m.cancelled);
  const at = command.data.scannedAt ?? ctx.now.toISOString();
  const data: PassageData = { ticketId: ticket.ticketId, eventId, door, room: room?.roomId ?? null, scanId, at, by: ctx.userId ?? null };

  if (direction === 'in') {
    if (room) {
      if (room.ticketTypeIds.length > 0 && !room.ticketTypeIds.includes(ticket.ticketTypeId)) {
        throw new ScanRefused('room_not_allowed', 'ROOM_NOT_ALLOWED', m.roomNotAllowed(room.name, ticket.ticketTypeName));
      }
      if (state.inside && state.room === room.roomId) {
        throw new ScanRefused('conflict', 'ALREADY_IN_ROOM', m.alreadyInRoom(room.name), state.roomAdmission);
      }
      return [{ type: 'sales.TicketAdmitted', data }];
    }
    if (state.inside) throw new ScanRefused('conflict', 'ALREADY_ADMITTED', m.alreadyAdmitted, state.admission);
    return [{ type: 'sales.TicketAdmitted', data }];
  }
  if (room) {
    if (!state.inside || state.room !== room.roomId) throw new ScanRefused('not_inside', 'NOT_IN_ROOM', m.notInRoom(room.name));
    return [{ type: 'sales.TicketExited', data }];
  }
  if (!state.inside) throw new ScanRefused('not_inside', 'NOT_INSIDE', m.notInside);
  return [{ type: 'sales.TicketExited', data }];
}

export function evolve(state: CheckinState, event: CheckinEvent): CheckinState {
  const { door, room, at } = event.data;
  const passage: Passage = { door, room, at };
  switch (event.type) {
    case 'sales.TicketAdmitted': {
      // Entering a room while inside the venue keeps the venue's admission (the door's answer names it).
      const admission = state.inside ? state.admission : passage;
      return {
        inside: true,
        room,
        admission,
        roomAdmission: room ? passage : null,
        firstAdmission: state.firstAdmission ?? passage,
        entries: state.entries + 1,
        exits: state.exits,
      };
    }
    case 'sales.TicketExited':
      if (room) return { ...state, room: null, roomAdmission: null, exits: state.exits + 1 };
      return { ...state, inside: false, room: null, admission: null, roomAdmission: null, exits: state.exits + 1 };
  }
}

export const checkinDecider: Decider<CheckinCommand, CheckinEvent, CheckinState> = { decide, evolve, initialState };
