import type { AppContext } from '../../context.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import {
  chatRoomDecider,
  chatRoomMembersStream,
  chatRoomStream,
  type ChatRoomCommand,
  type ChatRoomState,
  type RoomMember,
  type RoomMembershipEvent,
  type RoomOpened,
} from '../../domain/chat/room.js';
import { groupRoomId, individualRoomId, participantId } from '../../domain/chat/ids.js';
import { handleCommand } from '../handle.js';
import { WrongExpectedVersionError, type Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { isContact } from '../../projections/chat/queries.js';

export type OpenRoomState = Extract<ChatRoomState, { status: 'open' }>;
type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;

/**
 * Membership = RoomOpened (always revision 0 of the room stream) + the events of the room's small members
 * stream (group rooms only), read from the heads of those streams (no read-model lag, never the message
 * history) and kept per process, so a send costs no membership query.
 *
 * A process caches only while it listens for invalidations (startRoomCacheInvalidation, run by every API
 * node): a membership change is published on Redis after its append and every process drops that room.
 * Window: between the append's commit and the publish reaching a process (normally a millisecond or two),
 * that process still decides with the old membership, so a member who just left can get one more message
 * through and a member just added can be refused once (the client retries). Should the publish never happen
 * (the process died right after the append, or a subscriber missed it while reconnecting: then the whole
 * cache is dropped), group entries also expire after GROUP_CACHE_TTL_MS.
 */
interface CacheEntry {
  room: OpenRoomState;
  /** Group rooms only: when the entry stops being trusted (a clock read per send, no query). */
  expiresAt: number;
}
interface RoomCache {
  entries: Map<string, CacheEntry>;
  /** Bumped by every invalidation: a load that raced one is not cached. */
  generation: number;
}
const roomCaches = new WeakMap<object, RoomCache>();
const CACHE_MAX = 20_000;
const GROUP_CACHE_TTL_MS = 60_000;

function cacheOf(store: object): RoomCache | undefined {
  return roomCaches.get(store);
}

export function roomMembersChannel(redisPrefix: string) {
  return `${redisPrefix}:chat:room-members`;
}

/** Reads a room's membership from its streams (no cache). membersVersion: the members stream's last revision. */
export async function readRoom(ctx: Pick<AppContext, 'store'>, roomId: string): Promise<{ room: OpenRoomState; membersVersion: number | null } | null> {
  const [opened] = (await ctx.store.readStream(chatRoomStream(roomId), { fromVersion: 0, maxCount: 1 })) as Recorded<RoomOpened>[];
  if (!opened || opened.type !== 'chat.RoomOpened') return null;
  let state = chatRoomDecider.evolve(chatRoomDecider.initialState(), opened);
  let membersVersion: number | null = null;
  if (opened.data.roomType === 'group') {
    for (const e of (await ctx.store.readStream(chatRoomMembersStream(roomId))) as Recorded<RoomMembershipEvent>[]) {
      state = chatRoomDecider.evolve(state, e);
      membersVersion = e.streamVersion;
    }
  }
  return { room: state as OpenRoomState, membersVersion };
}

export async function loadRoom(ctx: Pick<AppContext, 'store'>, roomId: string): Promise<OpenRoomState | null> {
  const cache = cacheOf(ctx.store);
  const hit = cache?.entries.get(roomId);
  if (hit && hit.expiresAt > Date.now()) return hit.room;
  const generation = cache?.generation;
  const read = await readRoom(ctx, roomId);
  if (!read) return null;
  if (cache && cache.generation === generation) {
    if (cache.entries.size >= CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
    const expiresAt = read.room.roomType === 'group' ? Date.now() + GROUP_CACHE_TTL_MS : Number.POSITIVE_INFINITY;
    cache.entries.set(roomId, { room: read.room, expiresAt });
  }
  return read.room;
}

/** Drops a room from this process's cache. */
export function forgetRoom(ctx: Pick<AppContext, 'store'>, roomId: string) {
  const cache = cacheOf(ctx.store);
  if (!cache) return;
  cache.generation++;
  cache.entries.delete(roomId);
}

/**
 * Turns the membership cache on for this context and keeps it honest: a dedicated subscriber connection
 * listens on the membership channel and drops each room published there (`onInvalidate` then runs, e.g. to
 * take former members' sockets out of the room's channel). Every API process runs it.
 */
export async function startRoomCacheInvalidation(
  ctx: Pick<AppContext, 'store' | 'redis' | 'config' | 'logger'>,
  onInvalidate?: (roomId: string) => void,
): Promise<{ close(): Promise<void> }> {
  const channel = roomMembersChannel(ctx.config.redisPrefix);
  // A subscriber connection must not pipeline (its pending pipelines reject unhandled when it closes).
  const sub = ctx.redis.duplicate({ enableAutoPipelining: false });
  const cache: RoomCache = { entries: new Map(), generation: 0 };
  sub.on('message', (ch: string, roomId: string) => {
    if (ch !== channel) return;
    cache.generation++;
    cache.entries.delete(roomId);
    onInvalidate?.(roomId);
  });
  let ready = false;
  sub.on('ready', () => {
    // A reconnection may have missed publishes: trust nothing cached before it.
    if (ready) {
      cache.generation++;
      cache.entries.clear();
    }
    ready = true;
  });
  sub.on('error', (err) => ctx.logger.warn({ err }, 'chat membership subscriber error'));
  await sub.subscribe(channel);
  roomCaches.set(ctx.store, cache);
  return {
    async close() {
      if (roomCaches.get(ctx.store) === cache) roomCaches.delete(ctx.store);
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}

/** The room if the user is a member: 404 when it does not exist, 403 when the user is not in it. */
export async function requireRoomMember(ctx: Pick<AppContext, 'store'>, roomId: string, userId: string): Promise<OpenRoomState> {
  const room = await loadRoom(ctx, roomId);
  if (!room) throw new NotFoundError('CHAT_ROOM_NOT_FOUND', messages.chat.roomNotFound);
  if (!room.members.some((m) => m.userId === userId)) throw new ForbiddenError('CHAT_NOT_MEMBER', messages.chat.notMember);
  return room;
}

async function openRoom(
  ctx: Ctx,
  roomId: string,
  command: { roomType: 'individual' | 'group'; name: string; members: RoomMember[]; openedBy: string },
): Promise<{ room: OpenRoomState; position: string | null }> {
  // A room that exists is loaded at 'any' (opening again decides nothing); a missing one is opened with
  // 'no_stream', so a concurrent "get or create" (same deterministic id) conflicts and is decided again on the
  // room the other opened.
  const result = await handleCommand(ctx, {
    streamId: chatRoomStream(roomId),
    decider: chatRoomDecider,
    command: { type: 'chat.OpenRoom', data: { roomId, ...command } },
    meta: { userId: command.openedBy },
    load: async () => {
      const room = await loadRoom(ctx, roomId);
      return room ? { state: room, version: 'any' } : { state: chatRoomDecider.initialState(), version: -1 };
    },
  });
  return { room: result.state as OpenRoomState, position: result.position };
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

/**
 * Decides a membership change on the room's fresh state (read from the streams, never the cache) and appends
 * it to the members stream with the exact expected version (two concurrent changes never both decide on the
 * same membership; handleCommand has the loser decide again). After the append: this process forgets the room
 * at once, the others through Redis.
 */
async function changeMembership(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId' | 'redis' | 'config' | 'logger'>,
  roomId: string,
  userId: string,
  command: Extract<ChatRoomCommand, { type: 'chat.AddMembers' | 'chat.LeaveRoom' }>,
): Promise<{ room: OpenRoomState; position: string | null }> {
  let result;
  try {
    result = await handleCommand(ctx, {
      streamId: chatRoomMembersStream(roomId),
      decider: chatRoomDecider,
      command,
      meta: { userId },
      load: async () => {
        const read = await readRoom(ctx, roomId);
        if (!read) throw new NotFoundError('CHAT_ROOM_NOT_FOUND', messages.chat.roomNotFound);
        return { state: read.room, version: read.membersVersion ?? -1 };
      },
    });
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw new DomainError('CHAT_MEMBERSHIP_CONFLICT', messages.eventStore.conflict, 409);
    throw err;
  }
  const room = result.state as OpenRoomState;
  if (result.events.length === 0) return { room, position: null };
  forgetRoom(ctx, roomId);
  // The change is stored whatever happens next: a failed publish leaves the other processes' entries to
  // their expiry rather than failing the request.
  await ctx.redis
    .publish(roomMembersChannel(ctx.config.redisPrefix), roomId)
    .catch((err: unknown) => ctx.logger.warn({ err, roomId }, 'chat: membership invalidation not published'));
  return { room, position: result.position };
}

/** POST chatRoom/:id/members : a member adds some of their own contacts to a group room. */
export async function addGroupMembers(
  ctx: Ctx & Pick<AppContext, 'redis' | 'config' | 'logger'>,
  userId: string,
  roomId: string,
  memberIds: string[],
): Promise<{ room: OpenRoomState; position: string | null }> {
  const room = await requireRoomMember(ctx, roomId, userId);
  if (room.roomType !== 'group') throw new DomainError('CHAT_NOT_GROUP', messages.chat.addOnlyToGroups, 400);
  const current = new Set(room.members.map((m) => m.userId));
  const others = [...new Set(memberIds)].filter((m) => m !== userId);
  // Only people who are not in the group yet must be the adder's contacts (re-adding stays a no-op).
  for (const other of others) {
    if (current.has(other)) continue;
    if (!(await isContact(ctx.db, userId, other))) throw new ForbiddenError('CHAT_NOT_CONTACT', messages.chat.notContact);
  }
  return changeMembership(ctx, roomId, userId, {
    type: 'chat.AddMembers',
    data: { roomId, addedBy: userId, members: others.map((u) => ({ userId: u, participantId: participantId(roomId, u) })) },
  });
}

/** DELETE chatRoom/:id/members/me : the caller leaves a group room (again: a no-op). */
export function leaveGroupRoom(ctx: Pick<AppContext, 'store' | 'clock' | 'newId' | 'redis' | 'config' | 'logger'>, userId: string, roomId: string) {
  return changeMembership(ctx, roomId, userId, { type: 'chat.LeaveRoom', data: { roomId, userId } });
}
