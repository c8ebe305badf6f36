import { z } from 'zod';

/**
 * Chat contracts shared by the API and the web app (spec sections 3, 4, 5, 7). Every HTTP call is under
 * /api/v2/; bodies below are the JSON bodies (what axios calls `response.data`).
 */

/** Spec 9: a chat message has at most 40000 characters (after trimming). */
export const CHAT_MESSAGE_MAX = 40000;
/** Spec 5: the one text shown for a too long (or empty) message, 3 s. */
export const CHAT_MESSAGE_TOO_LONG = 'El mensaje debe de tener como máximo 40 000 caracteres.';
/** Page size of the message history and of missed messages. */
export const CHAT_PAGE_SIZE = 20;
/** Typing relays per user and room are throttled to one per this many ms (a stop is always relayed). */
export const CHAT_WRITING_THROTTLE_MS = 1000;
/** Per-user send limit: a bucket of 20 messages refilled at 20 per second. */
export const CHAT_RATE_BURST = 20;
export const CHAT_RATE_PER_SECOND = 20;

export const messageStates = ['pending', 'sent', 'delivered', 'viewed'] as const;
export type MessageState = (typeof messageStates)[number];
export const messageStateSchema = z.enum(messageStates);
/** Order of the states: a message never moves to a lower rank. */
export const messageStateRank: Record<MessageState, number> = { pending: 0, sent: 1, delivered: 2, viewed: 3 };

/** Trimmed text 1..40000 characters; anything else answers the spec's single message. */
export const chatMessageText = z
  .string({ message: CHAT_MESSAGE_TOO_LONG })
  .trim()
  .min(1, { message: CHAT_MESSAGE_TOO_LONG })
  .max(CHAT_MESSAGE_MAX, { message: CHAT_MESSAGE_TOO_LONG });

const id = z.string().min(1).max(100);
const clientMessageId = z.uuid({ message: 'Identificador no válido.' });

/** A chat message (spec 3). Text is plain text: render it as text, never as HTML. */
export const chatMessageSchema = z.object({
  /** Server id of the message. */
  _id: z.string(),
  /** Client-made id (the `id` query of POST chatMessage); the web outbox keys pending messages by it. */
  id: z.string(),
  message: z.string(),
  /** ISO 8601 time the server saved it. */
  saveDate: z.string(),
  state: messageStateSchema,
  /** Room id (same value as chatRoom). */
  _room: z.string(),
  chatRoom: z.string(),
  /** The sender's participant id in the room. */
  _participant: z.string(),
  /** The sender's publicUserId. */
  publicUserId: z.string(),
  /** Sender user id. */
  sender: z.string(),
  /** Receiver user id in individual rooms; null in group rooms. */
  receiver: z.string().nullable(),
  /** Per-room order (ascending = older first). */
  seq: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomTypeSchema = z.enum(['individual', 'group']);
/** A chat room (spec 3). */
export const chatRoomSchema = z.object({
  _id: z.string(),
  type: chatRoomTypeSchema,
  name: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatParticipantSchema = z.object({ _id: z.string(), _participant: z.string() });
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/** A chat list entry (spec 3): one contact with presence, typing, unread count and last message. */
export const chatListEntrySchema = z.object({
  /** The contact's user id. */
  _id: z.string(),
  /** The contact's participant id in the shared individual room (null until a room exists). */
  _participant: z.string().nullable(),
  publicUserId: z.string(),
  name: z.string(),
  /** 'online' while the contact has at least one connected socket. */
  state: z.enum(['online', 'offline']),
  lastConnection: z.string().nullable(),
  lastDisconnection: z.string().nullable(),
  /** Always false in the list answer; the `chat-room:writing` event flips it live. */
  writing: z.boolean(),
  unreadMessages: z.number().int(),
  /** Last message of the shared room, or null. */
  chatMessage: chatMessageSchema.nullable(),
  /** Id of the shared individual room, or null. */
  chatRoom: z.string().nullable(),
});
export type ChatListEntry = z.infer<typeof chatListEntrySchema>;

/** A group room as listed for its members. */
export const chatGroupEntrySchema = chatRoomSchema.extend({
  _participant: z.string(),
  members: z.array(z.object({ _id: z.string(), _participant: z.string(), name: z.string(), publicUserId: z.string() })),
  unreadMessages: z.number().int(),
  chatMessage: chatMessageSchema.nullable(),
});
export type ChatGroupEntry = z.infer<typeof chatGroupEntrySchema>;

// ---------------------------------------------------------------------------------------------------------
// HTTP calls
// ---------------------------------------------------------------------------------------------------------

/** GET chatMessage?_room=&skip=&limit=&newMessages= : history, newest page first (skip counts from newest). */
export const listChatMessagesQuery = z.object({
  _room: id,
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  /** Messages received since the room was opened: they shift the paging, so skip counts them too. */
  newMessages: z.coerce.number().int().min(0).default(0),
});
/** `data` is one page in ascending order (oldest first, ready to prepend); `docs` is the room's total count. */
export const listChatMessagesResponse = z.object({ data: z.array(chatMessageSchema), docs: z.number().int() });
export type ListChatMessagesResponse = z.infer<typeof listChatMessagesResponse>;

/** POST chatMessage?_room=&_participant=&publicUserId=&id= ; the server takes the sender from the session. */
export const sendChatMessageQuery = z.object({
  _room: id,
  _participant: z.string().max(100).optional(),
  publicUserId: z.string().max(100).optional(),
  /** Client-made message id (UUID): a retry with the same id never makes a second message. */
  id: clientMessageId,
});
export const sendChatMessageBody = z.object({ message: chatMessageText });
export const sendChatMessageResponse = z.object({ data: chatMessageSchema, position: z.string().nullable() });
export type SendChatMessageResponse = z.infer<typeof sendChatMessageResponse>;

/** PUT chatMessage/:id (server message id) : the receiver moves one message forward. */
export const updateChatMessageBody = z.object({ state: z.enum(['delivered', 'viewed']) });
export const updateChatMessageResponse = z.object({ data: chatMessageSchema, position: z.string().nullable() });

/** PUT chatMessages { state: 'delivered' } : every message the caller received in state sent becomes delivered. */
export const updateChatMessagesBody = z.object({ state: z.literal('delivered') });
export const updateChatMessagesResponse = z.object({ updated: z.number().int(), position: z.string().nullable() });

/** PUT chatMessagesByChatRoom/:id?publicUserId= { state: 'viewed' } : the caller viewed the room's messages. */
export const updateChatMessagesByRoomQuery = z.object({ publicUserId: z.string().max(100).optional() });
export const updateChatMessagesByRoomBody = z.object({ state: z.literal('viewed') });
export const updateChatMessagesByRoomResponse = updateChatMessagesResponse;

/** GET chatRoom?_user= : gets or creates the caller's individual room with that user (a contact). */
export const getChatRoomQuery = z.object({ _user: id });
export const getChatRoomResponse = z.object({
  chatRoom: chatRoomSchema,
  sender: chatParticipantSchema,
  receiver: chatParticipantSchema,
});
export type GetChatRoomResponse = z.infer<typeof getChatRoomResponse>;

/** POST chatRoom { id, name, members } : a group room (members: user ids of the caller's contacts). */
export const createGroupRoomBody = z.object({
  /** Client-made id: a retry returns the same room. */
  id: clientMessageId,
  name: z.string().trim().min(1, { message: 'Este campo es obligatorio.' }).max(100, { message: 'Máximo 100 caracteres.' }),
  members: z.array(id).min(1).max(100),
});
export const createGroupRoomResponse = z.object({ data: chatGroupEntrySchema, position: z.string().nullable() });

/**
 * POST chatRoom/:id/members { members } : a member of a group room adds some of their contacts (user ids).
 * People already in the group are skipped (a retry is a no-op answering 200). Individual rooms: 400.
 */
export const addGroupMembersBody = z.object({ members: z.array(id).min(1).max(100) });
export const addGroupMembersResponse = z.object({ data: chatGroupEntrySchema, position: z.string().nullable() });

/** DELETE chatRoom/:id/members/me : the caller leaves a group room (leaving again is a no-op answering 200). */
export const leaveGroupResponse = z.object({ _room: z.string(), position: z.string().nullable() });

/** GET chatRooms : the caller's group rooms. */
export const listGroupRoomsResponse = z.object({ data: z.array(chatGroupEntrySchema) });

/** GET users?state=connected|disconnected : the chat list (no state: everybody). */
export const listChatUsersQuery = z.object({ state: z.enum(['connected', 'disconnected']).optional() });
export const listChatUsersResponse = z.object({ data: z.array(chatListEntrySchema) });
export type ListChatUsersResponse = z.infer<typeof listChatUsersResponse>;

/**
 * GET newChatMessage?_room=&lastDateFront=&lastDateBack=&skip= : messages missed while offline, oldest first,
 * CHAT_PAGE_SIZE per page. lastDateFront: saveDate of the newest message the client has; lastDateBack: the
 * server's lastDateBack from the first page (pins the end so pages do not drift). Without _room: all rooms.
 * The answer overlaps 2 s before lastDateFront (sends racing in a room can commit out of clock order), so it
 * may repeat messages the client has: de-duplicate by _id. Only messages of others are listed.
 */
export const newChatMessagesQuery = z.object({
  _room: id.optional(),
  lastDateFront: z.iso.datetime({ offset: true }).optional(),
  lastDateBack: z.iso.datetime({ offset: true }).optional(),
  skip: z.coerce.number().int().min(0).default(0),
});
export const newChatMessagesResponse = z.object({
  data: z.array(chatMessageSchema),
  /** Total number of missed messages between lastDateFront and lastDateBack. */
  docs: z.number().int(),
  lastDateBack: z.string(),
});
export type NewChatMessagesResponse = z.infer<typeof newChatMessagesResponse>;

// ---------------------------------------------------------------------------------------------------------
// Socket.IO events (same connection as notifications; handshake `auth: { token }` or the cookie)
// ---------------------------------------------------------------------------------------------------------

/** Acknowledgement of every client-to-server chat event that takes a callback. */
export const socketAckSchema = z.union([
  z.object({ ok: z.literal(true) }).passthrough(),
  z.object({ ok: z.literal(false), status: z.number().int(), messagePublic: z.string() }),
]);
export type SocketAck = z.infer<typeof socketAckSchema>;

/** Client -> server `createRoom` { _room }, ack SocketAck: joins `chat-room:<id>` (members only, else 403). */
export const joinRoomPayload = z.object({ _room: id });
/** Client -> server `disconnetRoom` { _room }, optional ack: leaves the room. */
export const leaveRoomPayload = joinRoomPayload;

/** Client -> server `chat-room:writing` { _room, writing } (throttled on the server). */
export const writingPayload = z.object({ _room: id, writing: z.boolean() });
/** Server -> room `chat-room:writing`: who is typing where (not sent back to the typist's own sockets). */
export const writingEventSchema = z.object({
  _room: z.string(),
  _id: z.string(),
  publicUserId: z.string(),
  name: z.string(),
  writing: z.boolean(),
});
export type WritingEvent = z.infer<typeof writingEventSchema>;

/**
 * Client -> server `chat-room:message` { _room, id, message }, ack { ok: true, data: ChatMessage } or the error
 * ack: the same command as POST chatMessage (use either; retries with the same id are safe).
 * Server -> client `chat-room:message`: a ChatMessage, sent after commit to every member's sockets (once).
 */
export const socketSendPayload = z.object({ _room: id, id: clientMessageId, message: chatMessageText });
export const chatMessageEventSchema = chatMessageSchema;

/** Server -> members `chat-room:message-update`: a message marked by id (PUT chatMessage/:id) moved forward. */
export const messageUpdateEventSchema = z.object({
  _id: z.string(),
  id: z.string(),
  _room: z.string(),
  state: messageStateSchema,
});
export type MessageUpdateEvent = z.infer<typeof messageUpdateEventSchema>;

/**
 * Server -> members `chat-room:messages-update`: room-wide marks (PUT chatMessages, PUT chatMessagesByChatRoom)
 * moved these messages forward. `messages` may be empty (sent to the marker's own tabs only) when a group
 * message still waits for other recipients: refresh unread counts then.
 */
export const messagesUpdateEventSchema = z.object({
  _room: z.string(),
  state: messageStateSchema,
  /** Server ids and client ids of the moved messages (same order). */
  messages: z.array(z.object({ _id: z.string(), id: z.string() })),
  /** Who marked them (the receiver). */
  by: z.string(),
});
export type MessagesUpdateEvent = z.infer<typeof messagesUpdateEventSchema>;

/** Server -> contacts `user:connected` / `user:disconnected`: presence changes (first socket in, last out). */
export const presenceEventSchema = z.object({
  _id: z.string(),
  publicUserId: z.string(),
  state: z.enum(['online', 'offline']),
  lastConnection: z.string().nullable(),
  lastDisconnection: z.string().nullable(),
});
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** Server -> room `user-chat-room:connected`: a member opened the room (joined it with createRoom). */
export const userInRoomEventSchema = z.object({ _room: z.string(), _id: z.string(), publicUserId: z.string() });
export type UserInRoomEvent = z.infer<typeof userInRoomEventSchema>;

/** Server -> each member's `user:<id>` `chat-room:created`: a group room was opened, as that member's GET chatRooms entry. */
export const roomCreatedEventSchema = chatGroupEntrySchema;
export type RoomCreatedEvent = z.infer<typeof roomCreatedEventSchema>;

/**
 * Server -> `user:<id>` `chat-room:members`: a group's membership changed. Sent to the members who stay (and to
 * the members already there when others are added: new members get `chat-room:created` instead) with the
 * current member list, and to the one who left (`left` is then their id: the group leaves their list).
 */
export const membersChangedEventSchema = z.object({
  _room: z.string(),
  members: chatGroupEntrySchema.shape.members,
  /** User ids added by this change. */
  added: z.array(z.string()),
  /** The user who left, or null. */
  left: z.string().nullable(),
});
export type MembersChangedEvent = z.infer<typeof membersChangedEventSchema>;

export const CHAT_SOCKET_EVENTS = {
  userConnected: 'user:connected',
  userDisconnected: 'user:disconnected',
  userInRoom: 'user-chat-room:connected',
  writing: 'chat-room:writing',
  message: 'chat-room:message',
  messageUpdate: 'chat-room:message-update',
  messagesUpdate: 'chat-room:messages-update',
  roomCreated: 'chat-room:created',
  membersChanged: 'chat-room:members',
  joinRoom: 'createRoom',
  leaveRoom: 'disconnetRoom',
} as const;

/** Server -> client chat events and their payloads (assembled with the other modules' in ./realtime.ts). */
export type ChatServerToClientEvents = {
  [CHAT_SOCKET_EVENTS.userConnected]: (payload: PresenceEvent) => void;
  [CHAT_SOCKET_EVENTS.userDisconnected]: (payload: PresenceEvent) => void;
  [CHAT_SOCKET_EVENTS.userInRoom]: (payload: UserInRoomEvent) => void;
  [CHAT_SOCKET_EVENTS.writing]: (payload: WritingEvent) => void;
  [CHAT_SOCKET_EVENTS.message]: (payload: ChatMessage) => void;
  [CHAT_SOCKET_EVENTS.messageUpdate]: (payload: MessageUpdateEvent) => void;
  [CHAT_SOCKET_EVENTS.messagesUpdate]: (payload: MessagesUpdateEvent) => void;
  [CHAT_SOCKET_EVENTS.roomCreated]: (payload: RoomCreatedEvent) => void;
  [CHAT_SOCKET_EVENTS.membersChanged]: (payload: MembersChangedEvent) => void;
};

/** Client -> server chat events: the payload, then the optional acknowledgement callback. */
export type ChatClientToServerEvents = {
  [CHAT_SOCKET_EVENTS.joinRoom]: (payload: z.input<typeof joinRoomPayload>, ack?: (answer: SocketAck) => void) => void;
  [CHAT_SOCKET_EVENTS.leaveRoom]: (payload: z.input<typeof leaveRoomPayload>, ack?: (answer: SocketAck) => void) => void;
  [CHAT_SOCKET_EVENTS.writing]: (payload: z.input<typeof writingPayload>, ack?: (answer: SocketAck) => void) => void;
  [CHAT_SOCKET_EVENTS.message]: (payload: z.input<typeof socketSendPayload>, ack?: (answer: SocketAck) => void) => void;
};

/** Socket.IO room of a chat room. */
export const chatRoomChannel = (roomId: string) => `chat-room:${roomId}`;
