import type { AppContext } from '../../context.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import {
  chatRoomDecider,
  chatRoomStream,
  type ChatRoomEvent,
  type ChatRoomState,
  type RoomMember,
  type RoomOpened,
} from '../../domain/chat/room.js';
import { groupRoomId, individualRoomId, participantId } from '../../domain/chat/ids.js';
import { WrongExpectedVersionError, type AppendResult } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { isContact } from '../../projections/chat/queries.js';

export type OpenRoomState = Extract<ChatRoomState, { status: 'open' }>;
type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;

/**
 * Room membership never changes after the room is opened (RoomOpened is always revision 0 of the room's
 * stream), so it is read once from the head of the stream (no read-model lag) and kept per process.
 */
const roomCache = new WeakMap<object, Map<string, OpenRoomState>>();
const CACHE_MAX = 20_000;

export async function loadRoom(ctx: Pick<AppContext, 'store'>, roomId: string): Promise<OpenRoomState | null> {
  let cache = roomCache.get(ctx.store);
  if (!cache) roomCache.set(ctx.store, (cache = new Map()));
  const hit = cache.get(roomId);
  if (hit) return hit;
  const head = await ctx.store.readStream(chatRoomStream(roomId), { fromVersion: 0, maxCount: 1 });
  if (head.length === 0 || head[0].type !== 'chat.RoomOpened') return null;
  const state = chatRoomDecider.evolve(chatRoomDecider.initialState(), head[0] as unknown as RoomOpened) as OpenRoomState;
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(roomId, state);
  return state;
}

/** The room if the user is a member: 404 when it does not exist, 403 when the user is not in it. */
export async function requireRoomMember(ctx: Pick<AppContext, 'store'>, roomId: string, userId: string): Promise<OpenRoomState> {
  const room = await loadRoom(ctx, roomId);
  if (!room) throw new NotFoundError('CHAT_ROOM_NOT_FOUND', messages.chat.roomNotFound);
  if (!room.members.some((m) => m.userId === userId)) throw new ForbiddenError('CHAT_NOT_MEMBER', messages.chat.notMember);
  return room;
}

/** Appends a room's events with the metadata every event carries. */
export async function appendRoomEvents(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  roomId: string,
  events: ChatRoomEvent[],
  opts: { expectedVersion: 'any' | 'no_stream'; commandId?: string; userId: string; socketId?: string },
): Promise<AppendResult> {
  const occurredAt = ctx.clock().toISOString();
  return ctx.store.appendToStream(
    chatRoomStream(roomId),
    events.map((e) => ({
      type: e.type,
      data: e.data as unknown as Record<string, unknown>,
      metadata: {
        eventId: ctx.newId(),
        commandId: opts.commandId,
        userId: opts.userId,
        correlationId: opts.commandId,
        causationId: opts.commandId,
        ...(opts.socketId ? { socketId: opts.socketId } : {}),
        occurredAt,
        schemaVersion: 1,
      },
    })),
    { expectedVersion: opts.expectedVersion, commandId: opts.commandId },
  );
}

async function openRoom(
  ctx: Ctx,
  roomId: string,
  command: { roomType: 'individual' | 'group'; name: string; members: RoomMember[]; openedBy: string },
): Promise<{ room: OpenRoomState; position: string | null }> {
  const existing = await loadRoom(ctx, roomId);
  if (existing) return { room: existing, position: null };
  const events = chatRoomDecider.decide({ type: 'chat.OpenRoom', data: { roomId, ...command } }, chatRoomDecider.initialState(), {
    now: ctx.clock(),
    userId: command.openedBy,
    newId: ctx.newId,
  });
  try {
    const result = await appendRoomEvents(ctx, roomId, events, { expectedVersion: 'no_stream', userId: command.openedBy });
    return { room: (await loadRoom(ctx, roomId))!, position: result.position };
  } catch (err) {
    // A concurrent "get or create" opened it first: same deterministic id, same room.
    if (err instanceof WrongExpectedVersionError) {
      const room = await loadRoom(ctx, roomId);
      if (room) return { room, position: null };
    }
    throw err;
  }
}

/** GET chatRoom?_user= : the individual room of the caller and a contact, created on first use. */
export async function getOrOpenIndividualRoom(ctx: Ctx, userId: string, otherUserId: string) {
  if (otherUserId === userId) throw new DomainError('CHAT_SELF', messages.validation.invalid, 400);
  const roomId = individualRoomId(userId, otherUserId);
  const existing = await loadRoom(ctx, roomId);
  if (existing) return { room: existing, position: null };
  if (!(await isContact(ctx.db, userId, otherUserId))) throw new ForbiddenError('CHAT_NOT_CONTACT', messages.chat.notContact);
  return openRoom(ctx, roomId, {
    roomType: 'individual',
    name: '',
    openedBy: userId,
    members: [userId, otherUserId].map((u) => ({ userId: u, participantId: participantId(roomId, u) })),
  });
}

/** POST chatRoom : a group room with the caller and some of the caller's contacts. */
export async function createGroupRoom(ctx: Ctx, userId: string, input: { id: string; name: string; members: string[] }) {
  const roomId = groupRoomId(userId, input.id);
  const existing = await loadRoom(ctx, roomId);
  if (existing) return { room: existing, position: null };
  const others = [...new Set(input.members.filter((m) => m !== userId))];
  if (others.length === 0) throw new DomainError('CHAT_BAD_MEMBERS', messages.validation.invalid, 400);
  for (const other of others) {
    if (!(await isContact(ctx.db, userId, other))) throw new ForbiddenError('CHAT_NOT_CONTACT', messages.chat.notContact);
  }
  return openRoom(ctx, roomId, {
    roomType: 'group',
    name: input.name,
    openedBy: userId,
    members: [userId, ...others].map((u) => ({ userId: u, participantId: participantId(roomId, u) })),
  });
}
