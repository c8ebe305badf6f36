import type { Server } from 'socket.io';
import { z } from 'zod';
import {
  CHAT_SOCKET_EVENTS,
  CHAT_WRITING_THROTTLE_MS,
  chatRoomChannel,
  joinRoomPayload,
  leaveRoomPayload,
  writingPayload,
  type PresenceEvent,
  type SocketAck,
  type UserInRoomEvent,
  type WritingEvent,
} from '../../contracts/chat.js';
import type { AppContext } from '../../context.js';
import { loadRoom, requireRoomMember } from '../../commands/chat/rooms.js';
import { sendMessage } from '../../commands/chat/send-message.js';
import { contactIds } from '../../projections/chat/queries.js';
import { userRoom } from '../../realtime/realtime.js';
import type { AppSocket, SocketModule } from '../../realtime/server.js';
import { closeEndedSession, requireOpenSession, sessionCheckedByHandler } from '../../realtime/session-check.js';
import { toErrorBody } from '../errors.js';
import { hasUnstorableText, unstorableTextError } from '../text-guard.js';

type Ack = (answer: SocketAck) => void;
// Like POST chatMessage: the domain checks the text so the answer carries the spec's message.
const socketSendLoose = z.object({ _room: z.string().min(1).max(100), id: z.uuid(), message: z.unknown() });

function errorAck(err: unknown): SocketAck {
  const body = toErrorBody(err);
  return { ok: false, status: body.status, messagePublic: body.messagePublic };
}

/** Runs a handler with its payload validated and its outcome sent to the ack (when the client gave one). */
function on<T>(socket: AppSocket, event: string, parse: (p: unknown) => T, run: (payload: T) => Promise<Record<string, unknown> | void>) {
  socket.on(event, async (raw: unknown, maybeAck?: unknown) => {
    const ack = typeof maybeAck === 'function' ? (maybeAck as Ack) : typeof raw === 'function' ? (raw as Ack) : undefined;
    try {
      if (hasUnstorableText(raw)) throw unstorableTextError();
      const extra = await run(parse(raw));
      ack?.({ ok: true, ...(extra ?? {}) });
    } catch (err) {
      ack?.(errorAck(err));
      closeEndedSession(socket, err);
    }
  });
}

/**
 * Presence across tabs and API processes: a Redis set of the user's socket ids (shared by every node through
 * the common prefix). The first socket in makes the user online, the last one out offline; a Redis counter
 * orders the writes so a late one never overwrites a newer state.
 */
async function presenceChange(io: Server, ctx: AppContext, socket: AppSocket, joined: boolean) {
  const user = socket.data.user;
  const key = `${ctx.config.redisPrefix}:chat:presence:${user._id}`;
  const m = ctx.redis.multi();
  if (joined) m.sadd(key, socket.id).expire(key, 7 * 24 * 3600);
  else m.srem(key, socket.id);
  m.scard(key).incr(`${key}:seq`);
  const res = (await m.exec()) ?? [];
  let count = Number(res[res.length - 2]?.[1] ?? 0);
  let seq = Number(res[res.length - 1]?.[1] ?? 0);
  if (!joined && count > 0) {
    // Other sockets remain. Ids left behind by a node that died would keep the user online forever: check
    // the set against the sockets really in the user's room on every node (rare: only with several tabs).
    const live = new Set((await io.in(userRoom(user._id)).fetchSockets()).map((s) => s.id));
    const stale = (await ctx.redis.smembers(key)).filter((id) => !live.has(id));
    if (stale.length) {
      const r = (await ctx.redis.multi().srem(key, ...stale).scard(key).incr(`${key}:seq`).exec()) ?? [];
      count = Number(r[1]?.[1] ?? 0);
      seq = Number(r[2]?.[1] ?? 0);
    }
  }
  if (joined ? count !== 1 : count !== 0) return;
  const now = ctx.clock();
  const row = await ctx.db
    .insertInto('chat_presence')
    .values({
      user_id: user._id,
      online: joined,
      seq,
      last_connection: joined ? now : null,
      last_disconnection: joined ? null : now,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          online: eb.ref('excluded.online'),
          seq: eb.ref('excluded.seq'),
          last_connection: joined ? eb.ref('excluded.last_connection') : eb.ref('chat_presence.last_connection'),
          last_disconnection: joined ? eb.ref('chat_presence.last_disconnection') : eb.ref('excluded.last_disconnection'),
        }))
        .where('chat_presence.seq', '<', seq),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  const payload: PresenceEvent = {
    _id: user._id,
    publicUserId: user.publicUserId,
    state: row.online ? 'online' : 'offline',
    lastConnection: row.last_connection ? new Date(row.last_connection).toISOString() : null,
    lastDisconnection: row.last_disconnection ? new Date(row.last_disconnection).toISOString() : null,
  };
  const contacts = await contactIds(ctx.db, user._id);
  if (contacts.length) ctx.realtime.emit(contacts.map(userRoom), joined ? CHAT_SOCKET_EVENTS.userConnected : CHAT_SOCKET_EVENTS.userDisconnected, payload);
}

/**
 * After a room's membership changed (its cache invalidation reached this process): this node's sockets of
 * users no longer in the room leave its channel, so they get none of its pushes any more. Each node handles
 * its own sockets (`io.local`), since every node receives the invalidation.
 */
export async function dropFormerMembers(io: Server, ctx: AppContext, roomId: string) {
  const sockets = await io.local.in(chatRoomChannel(roomId)).fetchSockets();
  if (sockets.length === 0) return;
  const room = await loadRoom(ctx, roomId);
  const members = new Set(room?.members.map((m) => m.userId) ?? []);
  for (const s of sockets) {
    if (!members.has((s.data as { user: { _id: string } }).user._id)) s.leave(chatRoomChannel(roomId));
  }
}

// The send checks its socket's session itself: in parallel with its membership and rate-limit steps.
sessionCheckedByHandler.add(CHAT_SOCKET_EVENTS.message);

/** Chat events on the shared Socket.IO connection (names of spec 7). */
export const chatSocketModule: SocketModule = (io, socket, ctx) => {
  const user = socket.data.user;
  const lastWriting = new Map<string, number>();

  void presenceChange(io, ctx, socket, true).catch((err) => ctx.logger.warn({ err }, 'chat presence (connect) failed'));
  socket.on('disconnect', (reason) => {
    // A node shutting down cannot push any more; its sockets' presence is cleared by their reconnection elsewhere.
    if (reason === 'server shutting down') return;
    void presenceChange(io, ctx, socket, false).catch((err) => ctx.logger.warn({ err }, 'chat presence (disconnect) failed'));
  });

  on(socket, CHAT_SOCKET_EVENTS.joinRoom, (p) => joinRoomPayload.parse(p), async ({ _room }) => {
    const room = await requireRoomMember(ctx, _room, user._id);
    await socket.join(chatRoomChannel(_room));
    const payload: UserInRoomEvent = { _room, _id: user._id, publicUserId: user.publicUserId };
    socket.to(chatRoomChannel(_room)).emit(CHAT_SOCKET_EVENTS.userInRoom, payload);
    return { _room, type: room.roomType };
  });

  on(socket, CHAT_SOCKET_EVENTS.leaveRoom, (p) => leaveRoomPayload.parse(p), async ({ _room }) => {
    await socket.leave(chatRoomChannel(_room));
    lastWriting.delete(_room);
  });

  on(socket, CHAT_SOCKET_EVENTS.writing, (p) => writingPayload.parse(p), async ({ _room, writing }) => {
    const room = await requireRoomMember(ctx, _room, user._id);
    // Throttle: one "writing" per user and room per second; a stop always goes through.
    const now = Date.now();
    if (writing) {
      if (now - (lastWriting.get(_room) ?? 0) < CHAT_WRITING_THROTTLE_MS) return { throttled: true };
      lastWriting.set(_room, now);
    } else {
      lastWriting.delete(_room);
    }
    const payload: WritingEvent = { _room, _id: user._id, publicUserId: user.publicUserId, name: user.displayName, writing };
    const targets = [chatRoomChannel(_room), ...room.members.filter((m) => m.userId !== user._id).map((m) => userRoom(m.userId))];
    socket.to(targets).emit(CHAT_SOCKET_EVENTS.writing, payload);
  });

  on(socket, CHAT_SOCKET_EVENTS.message, (p) => socketSendLoose.parse(p), async ({ _room, id, message }) => {
    // Nothing is appended for a session that ended (logout elsewhere, before its disconnect arrived); the check
    // runs while the send does its own first steps instead of in series before them.
    const session = requireOpenSession(ctx.pool, socket);
    session.catch(() => undefined); // awaited by the send; a refusal before that point must not go unhandled
    // The ack carries the message: the projection's push skips this connection (the sender's other tabs get it).
    const r = await sendMessage(ctx, user, { roomId: _room, clientId: id, text: message as string, socketId: socket.id, beforeAppend: session });
    return { data: r.message };
  });
};
