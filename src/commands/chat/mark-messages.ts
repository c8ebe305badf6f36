import type { AppContext } from '../../context.js';
import { chatRoomDecider, chatRoomStream, type ChatRoomState, type MessageReceipts, type ReceiptState } from '../../domain/chat/room.js';
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { handleCommand } from '../handle.js';
import { requireRoomMember } from './rooms.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;

/**
 * Moves the caller's receipts forward (delivered or viewed). Like a send, it does not fold the room stream:
 * the decider gets the room plus the caller's receipts of the touched messages from the read model. A lagging
 * read model can only leave a receipt unmarked (the client marks again); the projection re-checks the order,
 * so nothing ever moves backwards.
 */
async function markInRoom(ctx: Ctx, userId: string, roomId: string, state: 'delivered' | 'viewed', messageIds?: string[]) {
  const result = await handleCommand(ctx, {
    streamId: chatRoomStream(roomId),
    decider: chatRoomDecider,
    command: { type: 'chat.MarkMessages', data: { roomId, userId, state, messageIds } },
    meta: { userId },
    load: async () => ({ state: await receiptState(ctx, userId, roomId, state, messageIds), version: 'any' }),
  });
  if (result.events.length === 0) return { updated: 0, position: null };
  return { updated: (result.events[0].data as { messageIds: string[] }).messageIds.length, position: result.position };
}

/** The room (membership cache) plus the caller's receipts of the touched messages (read model). */
async function receiptState(
  ctx: Ctx,
  userId: string,
  roomId: string,
  state: 'delivered' | 'viewed',
  messageIds: string[] | undefined,
): Promise<ChatRoomState> {
  const room = await requireRoomMember(ctx, roomId, userId);
  let q = ctx.db
    .selectFrom('chat_receipts as r')
    .innerJoin('chat_messages as m', 'm.id', 'r.message_id')
    .select(['r.message_id', 'r.state', 'm.sender_id'])
    .where('r.user_id', '=', userId)
    .where('r.room_id', '=', roomId);
  if (messageIds) q = q.where('r.message_id', 'in', messageIds);
  else if (state === 'delivered') q = q.where('r.state', '=', 'sent');
  else q = q.where('r.state', '<>', 'viewed');
  const rows = await q.execute();
  const known: Record<string, MessageReceipts> = {};
  for (const r of rows) known[r.message_id] = { senderId: r.sender_id, receipts: { [userId]: r.state as ReceiptState } };
  if (messageIds) {
    // Messages the caller sent (no receipt of theirs) are simply not moved; unknown ids are 404.
    const own = await ctx.db.selectFrom('chat_messages').select('id').where('room_id', '=', roomId).where('id', 'in', messageIds).execute();
    for (const m of own) known[m.id] ??= { senderId: userId, receipts: {} };
    if (own.length !== new Set(messageIds).size) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND', messages.chat.messageNotFound);
  }
  return { ...room, messages: known };
}

/** PUT chatMessage/:id { state } */
export async function markMessage(ctx: Ctx, userId: string, messageId: string, state: 'delivered' | 'viewed') {
  const msg = await ctx.db.selectFrom('chat_messages').select(['room_id']).where('id', '=', messageId).executeTakeFirst();
  if (!msg) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND', messages.chat.messageNotFound);
  const result = await markInRoom(ctx, userId, msg.room_id, state, [messageId]);
  return { ...result, roomId: msg.room_id };
}

/** PUT chatMessagesByChatRoom/:id { state: 'viewed' } */
export function markRoomViewed(ctx: Ctx, userId: string, roomId: string) {
  return markInRoom(ctx, userId, roomId, 'viewed');
}

/** PUT chatMessages { state: 'delivered' } : every room where the caller has messages still 'sent'. */
export async function markAllDelivered(ctx: Ctx, userId: string) {
  // Only rooms the caller is still in: receipts left behind in a group they left are not theirs to mark.
  const rooms = await ctx.db
    .selectFrom('chat_receipts as r')
    .innerJoin('chat_room_members as m', (j) => j.onRef('m.room_id', '=', 'r.room_id').onRef('m.user_id', '=', 'r.user_id'))
    .select('r.room_id')
    .distinct()
    .where('r.user_id', '=', userId)
    .where('r.state', '=', 'sent')
    .execute();
  let updated = 0;
  let position: string | null = null;
  for (const { room_id } of rooms) {
    let r: Awaited<ReturnType<typeof markInRoom>>;
    try {
      r = await markInRoom(ctx, userId, room_id, 'delivered');
    } catch (err) {
      // Left a moment ago (the read model has not caught up): nothing to mark there.
      if (err instanceof ForbiddenError) continue;
      throw err;
    }
    updated += r.updated;
    if (r.position && (!position || ctx.store.comparePositions(r.position, position) > 0)) position = r.position;
  }
  return { updated, position };
}
