import type { AppContext } from '../../context.js';
import type { RoomBaseDto } from '../../contracts/sales-checkin.js';
import { roomsDecider, roomsStreamId, type Room, type RoomData, type RoomsCommand } from '../../domain/sales/checkin-rooms.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

const roomDto = (eventId: string, r: Room): RoomBaseDto => ({
  _id: r.roomId,
  eventId,
  name: r.name,
  capacity: r.capacity,
  ticketTypeIds: r.ticketTypeIds,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The event's ticket types now (a room may only name these). */
async function ticketTypesOf(ctx: Ctx, eventId: string): Promise<string[]> {
  const loaded = await loadEvent(ctx, eventId);
  if (!loaded) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
  return loaded.state.tickets.map((t) => t.id);
}

async function run(ctx: Ctx, eventId: string, command: RoomsCommand, by: string, commandId?: string) {
  return handleCommand(ctx, { streamId: roomsStreamId(eventId), decider: roomsDecider, command, meta: { userId: by, commandId } });
}

/** Adds a room (manage/auditorium); the same clientId answers the same room. */
export async function addRoom(ctx: Ctx, input: { eventId: string; clientId: string; by: string } & RoomData) {
  const knownTicketTypeIds = await ticketTypesOf(ctx, input.eventId);
  const { eventId, name, capacity, ticketTypeIds } = input;
  const result = await run(ctx, eventId, { type: 'sales.AddRoom', data: { eventId, roomId: ctx.newId(), name, capacity, ticketTypeIds, knownTicketTypeIds } }, input.by, `room:add:${input.clientId}`);
  const added = result.events.find((e) => e.type === 'sales.RoomAdded');
  const room = added ? result.state.rooms.get(added.data.roomId) : undefined;
  return { data: room ? roomDto(eventId, room) : null, position: result.position };
}

export async function changeRoom(ctx: Ctx, input: { eventId: string; roomId: string; by: string } & RoomData) {
  const knownTicketTypeIds = await ticketTypesOf(ctx, input.eventId);
  const { eventId, roomId, name, capacity, ticketTypeIds } = input;
  const result = await run(ctx, eventId, { type: 'sales.ChangeRoom', data: { eventId, roomId, name, capacity, ticketTypeIds, knownTicketTypeIds } }, input.by);
  const room = result.state.rooms.get(roomId);
  return { data: room ? roomDto(eventId, room) : null, position: result.position };
}

/** Removes a room; tickets inside it stay inside the venue (their next scan moves them). */
export async function removeRoom(ctx: Ctx, input: { eventId: string; roomId: string; by: string }) {
  const result = await run(ctx, input.eventId, { type: 'sales.RemoveRoom', data: { eventId: input.eventId, roomId: input.roomId } }, input.by);
  return { data: null, position: result.position };
}
