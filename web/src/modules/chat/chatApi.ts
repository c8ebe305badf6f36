import type {
  ChatGroupEntry,
  ChatListEntry,
  ChatMessage,
  GetChatRoomResponse,
  ListChatMessagesResponse,
  ListChatUsersResponse,
  MessageState,
  NewChatMessagesResponse,
  SendChatMessageResponse,
} from '@contracts/chat';
import { CHAT_PAGE_SIZE, messageStateRank } from '@contracts/chat';
import { api } from '../../app/api';

/** Messages of one room as cached: every loaded page merged, ascending by the server's per-room order. */
export interface RoomMessages {
  data: ChatMessage[];
  /** Total number of messages of the room on the server. */
  docs: number;
}

export interface RoomMessagesArg {
  _room: string;
  /** How many of the newest messages the client already holds (older pages load with a larger skip). */
  skip: number;
}

export interface SendArgs {
  id: string;
  _room: string;
  _participant: string;
  publicUserId: string;
  message: string;
}

/**
 * Highest state wins: states only move forward (pending -> sent -> delivered -> viewed), so a late or
 * repeated event can never turn a viewed message back into delivered.
 */
export function laterState(a: MessageState, b: MessageState | undefined): MessageState {
  return b && messageStateRank[b] > messageStateRank[a] ? b : a;
}

/** Inserts or updates one message (matched by its client id), keeping the list ordered and unique. */
export function upsertMessage(list: ChatMessage[], msg: ChatMessage): boolean {
  const i = list.findIndex((m) => m.id === msg.id || m._id === msg._id);
  if (i >= 0) {
    const state = laterState(msg.state, list[i].state);
    list[i] = { ...list[i], ...msg, state };
    return false;
  }
  let at = list.length;
  while (at > 0 && list[at - 1].seq > msg.seq) at--;
  list.splice(at, 0, msg);
  return true;
}

export const chatApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The chat list (every contact; the connected/disconnected filter is applied on the client so that
     * presence events can move a contact between the two views without a reload). */
    chatUsers: b.query<ChatListEntry[], void>({
      query: () => ({ url: 'users' }),
      transformResponse: (res: ListChatUsersResponse) => res.data,
      providesTags: ['ChatRoom'],
    }),
    /** The caller's group rooms (refreshed with the chat list: same tag). */
    chatGroups: b.query<ChatGroupEntry[], void>({
      query: () => ({ url: 'chatRooms' }),
      transformResponse: (res: { data: ChatGroupEntry[] }) => res.data,
      providesTags: ['ChatRoom'],
    }),
    /** Creates a group room; `id` is client-made, so a retry returns the same room. */
    createGroup: b.mutation<ChatGroupEntry, { id: string; name: string; members: string[] }>({
      query: (body) => ({ url: 'chatRoom', method: 'POST', body }),
      transformResponse: (res: { data: ChatGroupEntry }) => res.data,
    }),
    /** Adds some of the caller's contacts to a group (those already in are skipped by the server). */
    addGroupMembers: b.mutation<ChatGroupEntry, { _room: string; members: string[] }>({
      query: ({ _room, members }) => ({ url: `chatRoom/${encodeURIComponent(_room)}/members`, method: 'POST', body: { members } }),
      transformResponse: (res: { data: ChatGroupEntry }) => res.data,
    }),
    /** The caller leaves a group (leaving twice is harmless). */
    leaveGroup: b.mutation<void, string>({
      query: (room) => ({ url: `chatRoom/${encodeURIComponent(room)}/members/me`, method: 'DELETE' }),
    }),
    /** Gets or creates the individual room with a contact. */
    chatRoom: b.query<GetChatRoomResponse, string>({
      query: (userId) => ({ url: 'chatRoom', params: { _user: userId } }),
    }),
    /** Message history of a room; pages are merged into one cache entry per room (infinite scroll upward). */
    chatMessages: b.query<RoomMessages, RoomMessagesArg>({
      query: ({ _room, skip }) => ({ url: 'chatMessage', params: { _room, skip, limit: CHAT_PAGE_SIZE } }),
      transformResponse: (res: ListChatMessagesResponse) => ({ data: res.data, docs: res.docs }),
      serializeQueryArgs: ({ queryArgs }) => queryArgs._room,
      merge: (cache, page) => {
        for (const m of page.data) upsertMessage(cache.data, m);
        cache.docs = Math.max(page.docs, cache.docs);
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.skip !== previousArg?.skip,
      keepUnusedDataFor: 300,
    }),
    sendChatMessage: b.mutation<ChatMessage, SendArgs>({
      query: ({ id, _room, _participant, publicUserId, message }) => ({
        url: 'chatMessage',
        method: 'POST',
        params: { _room, _participant, publicUserId, id },
        body: { message },
      }),
      transformResponse: (res: SendChatMessageResponse) => res.data,
    }),
    updateChatMessage: b.mutation<void, { _id: string; state: 'delivered' | 'viewed' }>({
      query: ({ _id, state }) => ({ url: `chatMessage/${encodeURIComponent(_id)}`, method: 'PUT', body: { state } }),
    }),
    /** Everything received in state sent becomes delivered (after connecting). */
    markAllDelivered: b.mutation<void, void>({
      query: () => ({ url: 'chatMessages', method: 'PUT', body: { state: 'delivered' } }),
    }),
    /** Opening a room: its messages become viewed and the sender is told. */
    markRoomViewed: b.mutation<void, { _room: string; publicUserId?: string }>({
      query: ({ _room, publicUserId }) => ({
        url: `chatMessagesByChatRoom/${encodeURIComponent(_room)}`,
        method: 'PUT',
        params: publicUserId ? { publicUserId } : undefined,
        body: { state: 'viewed' },
      }),
    }),
    /** One page of messages missed while offline (fetched imperatively after a reconnect). */
    newChatMessages: b.query<NewChatMessagesResponse, { _room?: string; lastDateFront?: string; lastDateBack?: string; skip: number }>({
      query: (params) => ({ url: 'newChatMessage', params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useChatUsersQuery,
  useChatRoomQuery,
  useLazyChatRoomQuery,
  useChatMessagesQuery,
  useChatGroupsQuery,
  useCreateGroupMutation,
  useAddGroupMembersMutation,
  useLeaveGroupMutation,
} = chatApi;
