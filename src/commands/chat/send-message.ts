import type { ChatMessage } from '../../contracts/chat.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { AppContext } from '../../context.js';
import { chatRoomDecider, chatRoomStream, type MessageSent } from '../../domain/chat/room.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { waitForPosition } from '../../projections/wait.js';
import { findSentMessage, toChatMessage } from '../../projections/chat/queries.js';
import { handleCommand } from '../handle.js';
import { requireRoomMember } from './rooms.js';
import { takeSendToken } from './rate-limit.js';

/**
 * Sends one message: the hot path of the chat.
 *
 * Why no fold: a room stream grows with every message and receipt, so loading it per send would cost
 * O(history). The only state a send needs is the room's membership, which is fixed at RoomOpened (revision 0)
 * and cached per process (rooms.ts): handleCommand's `load` answers it, with version 'any', so nothing is read
 * before the append. The event is appended with expected version 'any': the store's per-stream
 * row lock serialises concurrent sends of one room, and the revision it hands out is the message's per-room
 * sequence (ordering). Idempotency stays with the store: commandId = `<sender>:<client message id>` is
 * claimed once per room stream, so a retried send returns the first message and never appends a second one.
 */
export async function sendMessage(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'redis' | 'config'>,
  user: AuthUser,
  /** `beforeAppend`: awaited before anything is appended (a socket's session check, started by the caller). */
  input: { roomId: string; clientId: string; text: string; socketId?: string; beforeAppend?: Promise<unknown> },
): Promise<{ message: ChatMessage; position: string | null; duplicate: boolean }> {
  const room = await requireRoomMember(ctx, input.roomId, user._id);

  if (!(await takeSendToken(ctx.redis, ctx.config.redisPrefix, user._id))) {
    throw new DomainError('CHAT_RATE_LIMITED', messages.chat.rateLimited, 429);
  }
  await input.beforeAppend;

  const result = await handleCommand(ctx, {
    streamId: chatRoomStream(input.roomId),
    decider: chatRoomDecider,
    command: {
      type: 'chat.SendMessage',
      data: {
        roomId: input.roomId,
        messageId: ctx.newId(),
        clientId: input.clientId,
        senderId: user._id,
        publicUserId: user.publicUserId,
        text: input.text,
      },
    },
    meta: { commandId: `${user._id}:${input.clientId}`, userId: user._id, socketId: input.socketId },
    load: async () => ({ state: room, version: 'any' }),
  });
  // No read before the append (one round trip less on the hot path): the store spots a retry by its command id.
  if (result.duplicate && result.position !== null) {
    // Its twin was appended before but may not be projected yet: wait for it, then answer the stored message
    // (with its receipts as they are now, which the log's first event does not say).
    await waitForPosition(ctx.db, ctx.store, result.position, { timeoutMs: 5000 });
    const first = await findSentMessage(ctx.db, input.roomId, result.version, user._id, input.clientId);
    if (first) return { message: first, position: result.position, duplicate: true };
    throw new DomainError('CHAT_RETRY_LATER', messages.http[503].message, 503);
  }
  const sent = result.events[0] as MessageSent;
  return { message: toChatMessage(sent.data, result.version, 'sent'), position: result.position, duplicate: false };
}
