/**
 * Chat room aggregate (stream `chat-room-<roomId>`): the room's opening, its messages and their receipts.
 * Membership changes of group rooms (members added, a member leaving) live on a small stream of their own,
 * `chat-room-members-<roomId>`, so that membership = RoomOpened (revision 0 of the room stream) + that stream,
 * and loading it never reads the message history.
 *
 * Pure decider. Rules: only members write or mark; a message is trimmed text of 1..40000 characters; a
 * receipt (per recipient) only moves forward sent -> delivered -> viewed. The message's own state is the
 * lowest receipt of its recipients (computed by the read model; for 1:1 rooms it is the receiver's receipt).
 *
 * The write side does not fold this stream for a send (see src/commands/chat/send-message.ts): the state a
 * command needs (room and members, the touched messages' receipts) is small and is loaded from the read
 * model; `evolve` builds the very same shape, so the specs fold history to set it up.
 */
import { CHAT_MESSAGE_MAX, messageStateRank, type MessageState } from '../../contracts/chat.js';
import { messages as catalogue } from '../../messages/es.js';
import type { Decider, DecideContext } from '../shared/types.js';
import { DomainError, ForbiddenError, NotFoundError } from '../shared/errors.js';

export type RoomType = 'individual' | 'group';
export interface RoomMember {
  userId: string;
  participantId: string;
}
export type ReceiptState = Exclude<MessageState, 'pending'>;

// ----------------------------------------------------------------------------------------------- events
export type RoomOpened = {
  type: 'chat.RoomOpened';
  data: { roomId: string; roomType: RoomType; name: string; members: RoomMember[]; openedBy: string; openedAt: string };
};
export type MessageSent = {
  type: 'chat.MessageSent';
  data: {
    roomId: string;
    messageId: string;
    clientId: string;
    senderId: string;
    participantId: string;
    publicUserId: string;
    /** The other member of an individual room; null in group rooms. */
    receiverId: string | null;
    /** Every member but the sender: one receipt each, starting at 'sent'. */
    recipients: string[];
    message: string;
    sentAt: string;
  };
};
export type MessagesMarked = {
  type: 'chat.MessagesMarked';
  /** scope 'messages': the ids named by the client; 'room': everything the user had received in the room. */
  data: { roomId: string; userId: string; state: 'delivered' | 'viewed'; messageIds: string[]; scope: 'messages' | 'room'; markedAt: string };
};
/** On `chat-room-members-<roomId>`: contacts of a member join a group room. */
export type MembersAdded = {
  type: 'chat.MembersAdded';
  data: { roomId: string; members: RoomMember[]; addedBy: string; addedAt: string };
};
/** On `chat-room-members-<roomId>`: a member left a group room. */
export type MemberLeft = {
  type: 'chat.MemberLeft';
  data: { roomId: string; userId: string; leftAt: string };
};
export type RoomMembershipEvent = MembersAdded | MemberLeft;
export type ChatRoomEvent = RoomOpened | MessageSent | MessagesMarked | RoomMembershipEvent;

// --------------------------------------------------------------------------------------------- commands
export type OpenRoom = {
  type: 'chat.OpenRoom';
  data: { roomId: string; roomType: RoomType; name: string; members: RoomMember[]; openedBy: string };
};
export type SendMessage = {
  type: 'chat.SendMessage';
  data: { roomId: string; messageId: string; clientId: string; senderId: string; publicUserId: string; text: string };
};
export type MarkMessages = {
  type: 'chat.MarkMessages';
  /** messageIds undefined: every message of the room the user received. */
  data: { roomId: string; userId: string; state: 'delivered' | 'viewed'; messageIds?: string[] };
};
/** Members already in the room are skipped; whether each one is the adder's contact is checked by the caller. */
export type AddMembers = {
  type: 'chat.AddMembers';
  data: { roomId: string; members: RoomMember[]; addedBy: string };
};
export type LeaveRoom = {
  type: 'chat.LeaveRoom';
  data: { roomId: string; userId: string };
};
export type ChatRoomCommand = OpenRoom | SendMessage | MarkMessages | AddMembers | LeaveRoom;

// ------------------------------------------------------------------------------------------------ state
export interface MessageReceipts {
  senderId: string;
  /** Receipt state per recipient user id. */
  receipts: Record<string, ReceiptState>;
}
export type ChatRoomState =
  | { status: 'none' }
  | {
      status: 'open';
      roomId: string;
      roomType: RoomType;
      name: string;
      members: RoomMember[];
      /** Users who left (and were not added again): leaving twice is a no-op, not a 403. */
      formerMembers: string[];
      /** Known messages (all of them when folded; only the command's ones when loaded from the read model). */
      messages: Record<string, MessageReceipts>;
    };

export const initialState = (): ChatRoomState => ({ status: 'none' });

/** Trims and checks a message text (spec 5): 1..40000 characters, else the spec's single message. */
export function validateMessageText(text: unknown): string {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed.length < 1 || trimmed.length > CHAT_MESSAGE_MAX) {
    throw new DomainError('CHAT_MESSAGE_LENGTH', catalogue.chat.messageTooLong, 400);
  }
  return trimmed;
}

export function isMember(state: ChatRoomState, userId: string): boolean {
  return state.status === 'open' && state.members.some((m) => m.userId === userId);
}

function requireMember(state: ChatRoomState, userId: string | undefined) {
  if (state.status !== 'open') throw new NotFoundError('CHAT_ROOM_NOT_FOUND', catalogue.chat.roomNotFound);
  if (!userId || !isMember(state, userId)) throw new ForbiddenError('CHAT_NOT_MEMBER', catalogue.chat.notMember);
  return state;
}

export function decide(command: ChatRoomCommand, state: ChatRoomState, ctx: DecideContext): ChatRoomEvent[] {
  const now = ctx.now.toISOString();
  switch (command.type) {
    case 'chat.OpenRoom': {
      // Opening twice is a no-op: individual rooms have a deterministic id, so "get or create" races are safe.
      if (state.status === 'open') return [];
      const { roomId, roomType, name, members, openedBy } = command.data;
      const unique = new Set(members.map((m) => m.userId));
      if (unique.size !== members.length || !unique.has(openedBy)) {
        throw new DomainError('CHAT_BAD_MEMBERS', catalogue.validation.invalid, 400);
      }
      if (roomType === 'individual' && members.length !== 2) {
        throw new DomainError('CHAT_BAD_MEMBERS', catalogue.validation.invalid, 400);
      }
      if (roomType === 'group' && members.length < 2) {
        throw new DomainError('CHAT_BAD_MEMBERS', catalogue.validation.invalid, 400);
      }
      return [{ type: 'chat.RoomOpened', data: { roomId, roomType, name, members, openedBy, openedAt: now } }];
    }
    case 'chat.SendMessage': {
      const room = requireMember(state, command.data.senderId);
      if (ctx.userId && ctx.userId !== command.data.senderId) {
        throw new ForbiddenError('CHAT_NOT_MEMBER', catalogue.chat.notMember);
      }
      const message = validateMessageText(command.data.text);
      const sender = room.members.find((m) => m.userId === command.data.senderId)!;
      const recipients = room.members.filter((m) => m.userId !== sender.userId).map((m) => m.userId);
      return [
        {
          type: 'chat.MessageSent',
          data: {
            roomId: room.roomId,
            messageId: command.data.messageId,
            clientId: command.data.clientId,
            senderId: sender.userId,
            participantId: sender.participantId,
            publicUserId: command.data.publicUserId,
            receiverId: room.roomType === 'individual' ? recipients[0] : null,
            recipients,
            message,
            sentAt: now,
          },
        },
      ];
    }
    case 'chat.AddMembers': {
      const room = requireMember(state, command.data.addedBy);
      if (ctx.userId && ctx.userId !== command.data.addedBy) throw new ForbiddenError('CHAT_NOT_MEMBER', catalogue.chat.notMember);
      if (room.roomType !== 'group') throw new DomainError('CHAT_NOT_GROUP', catalogue.chat.addOnlyToGroups, 400);
      // Re-adding a member is a no-op (idempotent retries); the same user twice in the command counts once.
      const seen = new Set(room.members.map((m) => m.userId));
      const fresh: RoomMember[] = [];
      for (const m of command.data.members) {
        if (seen.has(m.userId)) continue;
        seen.add(m.userId);
        fresh.push(m);
      }
      if (fresh.length === 0) return [];
      return [{ type: 'chat.MembersAdded', data: { roomId: room.roomId, members: fresh, addedBy: command.data.addedBy, addedAt: now } }];
    }
    case 'chat.LeaveRoom': {
      const { userId } = command.data;
      if (ctx.userId && ctx.userId !== userId) throw new ForbiddenError('CHAT_NOT_MEMBER', catalogue.chat.notMember);
      // Leaving twice answers like the first time.
      if (state.status === 'open' && state.roomType === 'group' && !isMember(state, userId) && state.formerMembers.includes(userId)) return [];
      const room = requireMember(state, userId);
      if (room.roomType !== 'group') throw new DomainError('CHAT_NOT_GROUP', catalogue.chat.leaveOnlyGroups, 400);
      return [{ type: 'chat.MemberLeft', data: { roomId: room.roomId, userId, leftAt: now } }];
    }
    case 'chat.MarkMessages': {
      const room = requireMember(state, command.data.userId);
      const { userId, state: target } = command.data;
      const candidates = command.data.messageIds ?? Object.keys(room.messages);
      const moved: string[] = [];
      for (const id of candidates) {
        const msg = room.messages[id];
        if (command.data.messageIds && !msg) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND', catalogue.chat.messageNotFound);
        if (!msg) continue;
        const current = msg.receipts[userId];
        // The sender's own messages carry no receipt for them; states never move backwards.
        if (!current || messageStateRank[current] >= messageStateRank[target]) continue;
        moved.push(id);
      }
      if (moved.length === 0) return [];
      return [
        {
          type: 'chat.MessagesMarked',
          data: {
            roomId: room.roomId,
            userId,
            state: target,
            messageIds: moved,
            scope: command.data.messageIds ? 'messages' : 'room',
            markedAt: now,
          },
        },
      ];
    }
  }
}

export function evolve(state: ChatRoomState, event: ChatRoomEvent): ChatRoomState {
  switch (event.type) {
    case 'chat.RoomOpened':
      return {
        status: 'open',
        roomId: event.data.roomId,
        roomType: event.data.roomType,
        name: event.data.name,
        members: event.data.members,
        formerMembers: [],
        messages: {},
      };
    case 'chat.MembersAdded': {
      if (state.status !== 'open') return state;
      const known = new Set(state.members.map((m) => m.userId));
      const added = event.data.members.filter((m) => !known.has(m.userId));
      const ids = new Set(added.map((m) => m.userId));
      return { ...state, members: [...state.members, ...added], formerMembers: state.formerMembers.filter((u) => !ids.has(u)) };
    }
    case 'chat.MemberLeft': {
      if (state.status !== 'open') return state;
      const { userId } = event.data;
      return {
        ...state,
        members: state.members.filter((m) => m.userId !== userId),
        formerMembers: state.formerMembers.includes(userId) ? state.formerMembers : [...state.formerMembers, userId],
      };
    }
    case 'chat.MessageSent': {
      if (state.status !== 'open') return state;
      const receipts: Record<string, ReceiptState> = {};
      for (const r of event.data.recipients) receipts[r] = 'sent';
      return { ...state, messages: { ...state.messages, [event.data.messageId]: { senderId: event.data.senderId, receipts } } };
    }
    case 'chat.MessagesMarked': {
      if (state.status !== 'open') return state;
      const messages = { ...state.messages };
      for (const id of event.data.messageIds) {
        const msg = messages[id];
        if (!msg) continue;
        const current = msg.receipts[event.data.userId];
        if (current && messageStateRank[current] < messageStateRank[event.data.state]) {
          messages[id] = { ...msg, receipts: { ...msg.receipts, [event.data.userId]: event.data.state } };
        }
      }
      return { ...state, messages };
    }
  }
}

export const chatRoomDecider: Decider<ChatRoomCommand, ChatRoomEvent, ChatRoomState> = { decide, evolve, initialState };

/** The lowest receipt of a message = the state its sender sees. */
export function aggregateState(receipts: Record<string, ReceiptState>): ReceiptState {
  const values = Object.values(receipts);
  if (values.length === 0) return 'sent';
  return values.reduce((low, s) => (messageStateRank[s] < messageStateRank[low] ? s : low));
}

export const chatRoomStream = (roomId: string) => `chat-room-${roomId}`;
/** Membership changes of a group room (appended with the exact expected version). */
export const chatRoomMembersStream = (roomId: string) => `chat-room-members-${roomId}`;
