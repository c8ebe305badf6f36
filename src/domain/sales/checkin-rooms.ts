/**
 * The rooms (auditoriums) of one event (stream `sales-rooms-<eventId>`, page manage/auditorium): a name, a
 * capacity shown against who is in, and the ticket types that may enter (none listed: every type). The door
 * checks a room scan against it (./checkin.ts). Small and rarely written, so it is folded whole. Pure.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';

const m = messages.checkin;

export const roomsStreamId = (eventId: string) => `sales-rooms-${eventId}`;

export type RoomData = { name: string; capacity: number | null; ticketTypeIds: string[] };
export type Room = RoomData & { roomId: string; createdAt: string; updatedAt: string };

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RoomAdded = E<'sales.RoomAdded', { eventId: string; roomId: string; at: string; by: string | null } & RoomData>;
export type RoomChanged = E<'sales.RoomChanged', { eventId: string; roomId: string; at: string; by: string | null } & RoomData>;
export type RoomRemoved = E<'sales.RoomRemoved', { eventId: string; roomId: string; at: string; by: string | null }>;
export type RoomsEvent = RoomAdded | RoomChanged | RoomRemoved;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
/** `knownTicketTypeIds`: the event's ticket types now (events module), so a room never names a foreign one. */
export type AddRoom = C<'sales.AddRoom', { eventId: string; roomId: string; knownTicketTypeIds: string[] } & RoomData>;
export type ChangeRoom = C<'sales.ChangeRoom', { eventId: string; roomId: string; knownTicketTypeIds: string[] } & RoomData>;
export type RemoveRoom = C<'sales.RemoveRoom', { eventId: string; roomId: string }>;
export type RoomsCommand = AddRoom | ChangeRoom | RemoveRoom;

export type RoomsState = { rooms: Map<string, Room> };
export const initialState = (): RoomsState => ({ rooms: new Map() });

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

function check(state: RoomsState, roomId: string, d: RoomData & { knownTicketTypeIds: string[] }) {
  for (const r of state.rooms.values()) {
    if (r.roomId !== roomId && sameName(r.name, d.name)) throw new DomainError('ROOM_NAME_TAKEN', m.roomNameTaken(d.name.trim()), 409, { field: 'name' });
  }
  if (d.ticketTypeIds.some((t) => !d.knownTicketTypeIds.includes(t))) {
    throw new DomainError('ROOM_UNKNOWN_TICKET_TYPE', m.roomUnknownTicketType, 400, { field: 'ticketTypeIds' });
  }
}

const roomData = (d: RoomData): RoomData => ({ name: d.name.trim(), capacity: d.capacity, ticketTypeIds: [...new Set(d.ticketTypeIds)] });

export function decide(command: RoomsCommand, state: RoomsState, ctx: { now: Date; userId?: string }): RoomsEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  const { eventId, roomId } = command.data;
  switch (command.type) {
    case 'sales.AddRoom': {
      // A retried add (same room id) is answered by the command id; the same id again with other data is a clash.
      if (state.rooms.has(roomId)) return [];
      check(state, roomId, command.data);
      return [{ type: 'sales.RoomAdded', data: { eventId, roomId, ...roomData(command.data), at, by } }];
    }
    case 'sales.ChangeRoom': {
      const room = state.rooms.get(roomId);
      if (!room) throw new NotFoundError('ROOM_NOT_FOUND', m.roomNotFound);
      check(state, roomId, command.data);
      const next = roomData(command.data);
      if (next.name === room.name && next.capacity === room.capacity && next.ticketTypeIds.join() === room.ticketTypeIds.join()) return [];
      return [{ type: 'sales.RoomChanged', data: { eventId, roomId, ...next, at, by } }];
    }
    case 'sales.RemoveRoom':
      if (!state.rooms.has(roomId)) throw new NotFoundError('ROOM_NOT_FOUND', m.roomNotFound);
      return [{ type: 'sales.RoomRemoved', data: { eventId, roomId, at, by } }];
  }
}

export function evolve(state: RoomsState, event: RoomsEvent): RoomsState {
  const rooms = new Map(state.rooms);
  const d = event.data;
  switch (event.type) {
    case 'sales.RoomAdded':
      rooms.set(d.roomId, { roomId: d.roomId, name: event.data.name, capacity: event.data.capacity, ticketTypeIds: event.data.ticketTypeIds, createdAt: d.at, updatedAt: d.at });
      break;
    case 'sales.RoomChanged': {
      const r = rooms.get(d.roomId);
      if (r) rooms.set(d.roomId, { ...r, name: event.data.name, capacity: event.data.capacity, ticketTypeIds: event.data.ticketTypeIds, updatedAt: d.at });
      break;
    }
    case 'sales.RoomRemoved':
      rooms.delete(d.roomId);
      break;
  }
  return { rooms };
}

export const roomsDecider: Decider<RoomsCommand, RoomsEvent, RoomsState> = { decide, evolve, initialState };
