import type { AuthUser } from '@contracts/accounts';
import type { ChatGroupEntry, ChatListEntry, ChatMessage, MembersChangedEvent, MessageState } from '@contracts/chat';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG, CHAT_SOCKET_EVENTS, messageStateRank } from '@contracts/chat';
import { newClientId } from '../../app/clientId';
import { emitSocket, requestSocket } from '../../app/socket';
import type { AppDispatch, RootState } from '../../app/store';
import { chatApi, laterState, upsertMessage } from './chatApi';
import { selectChat, selectChatVisible, selectGroup, setDraft, showChatError } from './chatSlice';
import { addToOutbox, outboxEntries, removeFromOutbox, type OutboxEntry } from './outbox';

type Thunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => R;

/**
 * State updates that arrive before the message itself (a `message-update` racing the POST answer) are kept
 * here and applied when the message lands, so no update is lost.
 */
const stateHints = new Map<string, MessageState>();
function hint(id: string, state: MessageState) {
  stateHints.set(id, laterState(state, stateHints.get(id)));
  if (stateHints.size > 2000) stateHints.delete(stateHints.keys().next().value as string);
}

/** Incoming message ids already counted, so a repeated event never raises the unread count twice. */
const countedIncoming = new Set<string>();

/** Patches one contact of the chat list (matched by user id, or by room). */
function patchEntry(match: (e: ChatListEntry) => boolean, patch: (e: ChatListEntry) => void): Thunk {
  return (dispatch) => {
    dispatch(
      chatApi.util.updateQueryData('chatUsers', undefined, (list) => {
        const e = list.find(match);
        if (e) patch(e);
      }),
    );
  };
}

/** Patches one group room of the list (by room id); returns whether the group is known to the cache. */
function patchGroup(room: string, patch: (g: ChatGroupEntry) => void): Thunk<boolean> {
  return (dispatch) => {
    let known = false;
    dispatch(
      chatApi.util.updateQueryData('chatGroups', undefined, (list) => {
        const g = list.find((x) => x._id === room);
        if (g) patch(g);
        known = !!g;
      }),
    );
    return known;
  };
}

/** Adds a group room to the list unless it is there already (created here, or `chat-room:created`). */
export function addGroup(group: ChatGroupEntry): Thunk {
  return (dispatch) => {
    dispatch(
      chatApi.util.updateQueryData('chatGroups', undefined, (list) => {
        if (!list.some((g) => g._id === group._id)) list.unshift(group);
      }),
    );
  };
}

/** The user is no longer in a group: it leaves the list (and the screen, if it was open). */
export function removeGroup(room: string): Thunk {
  return (dispatch, getState) => {
    dispatch(
      chatApi.util.updateQueryData('chatGroups', undefined, (list) => {
        const i = list.findIndex((g) => g._id === room);
        if (i >= 0) list.splice(i, 1);
      }),
    );
    if (selectChat(getState()).selectedGroup === room) dispatch(selectGroup(null));
  };
}

/** `chat-room:members`: a group's member list changed; if we are the one who left, the group goes away. */
export function applyMembersChanged(ev: MembersChangedEvent, meId: string): Thunk {
  return (dispatch) => {
    if (ev.left === meId) {
      dispatch(removeGroup(ev._room));
      return;
    }
    const known = dispatch(patchGroup(ev._room, (g) => void (g.members = ev.members)));
    if (!known) dispatch(chatApi.util.invalidateTags(['ChatRoom']));
  };
}

/** Whether a room is one of the user's group rooms (as far as the loaded list knows). */
export function isGroupRoom(state: RootState, room: string): boolean {
  return !!chatApi.endpoints.chatGroups.select()(state).data?.some((g) => g._id === room);
}

/**
 * The chat-list entry a message belongs to: by room, or (individual room not yet known to the list) by the
 * other person, whose entry then learns its room.
 */
function entryOf(msg: ChatMessage, meId: string) {
  const other = msg.sender === meId ? msg.receiver : msg.sender;
  return (e: ChatListEntry) => e.chatRoom === msg._room || (!e.chatRoom && msg.receiver !== null && e._id === other);
}

/** Puts a message (new or updated) into its room's cache and the contact's "last message". */
export function applyMessage(msg: ChatMessage, meId: string): Thunk {
  return (dispatch) => {
    const m = { ...msg, state: laterState(msg.state, stateHints.get(msg.id) ?? stateHints.get(msg._id)) };
    dispatch(
      chatApi.util.updateQueryData('chatMessages', { _room: m._room, skip: 0 }, (cache) => {
        if (upsertMessage(cache.data, m)) cache.docs += 1;
      }),
    );
    dispatch(
      patchEntry(entryOf(m, meId), (e) => {
        e.chatRoom = m._room;
        if (!e.chatMessage || e.chatMessage.id === m.id || e.chatMessage.seq <= m.seq) {
          e.chatMessage = { ...m, state: e.chatMessage?.id === m.id ? laterState(m.state, e.chatMessage.state) : m.state };
        }
      }),
    );
    if (m.receiver !== null) return;
    const known = dispatch(
      patchGroup(m._room, (g) => {
        if (!g.chatMessage || g.chatMessage.id === m.id || g.chatMessage.seq <= m.seq) {
          g.chatMessage = { ...m, state: g.chatMessage?.id === m.id ? laterState(m.state, g.chatMessage.state) : m.state };
        }
      }),
    );
    // A group we were just added to: the list learns it (with its unread count) from the server.
    if (!known) dispatch(chatApi.util.invalidateTags(['ChatRoom']));
  };
}

/** Moves the state of messages (by client or server id) forward in the cache; never backwards. */
export function applyStates(room: string, ids: { _id: string; id: string }[], state: MessageState): Thunk {
  return (dispatch) => {
    for (const x of ids) {
      hint(x.id, state);
      hint(x._id, state);
    }
    const match = (m: ChatMessage) => ids.some((x) => x.id === m.id || x._id === m._id);
    dispatch(
      chatApi.util.updateQueryData('chatMessages', { _room: room, skip: 0 }, (cache) => {
        for (const m of cache.data) if (match(m)) m.state = laterState(m.state, state);
      }),
    );
    dispatch(
      patchEntry(
        (e) => e.chatRoom === room,
        (e) => {
          if (e.chatMessage && match(e.chatMessage)) e.chatMessage.state = laterState(e.chatMessage.state, state);
        },
      ),
    );
    dispatch(
      patchGroup(room, (g) => {
        if (g.chatMessage && match(g.chatMessage)) g.chatMessage.state = laterState(g.chatMessage.state, state);
      }),
    );
  };
}

/**
 * An incoming `chat-room:message`. Spec 4: in the open room while the chat is visible it is marked viewed;
 * otherwise delivered, and the contact's unread count rises.
 */
export function receiveMessage(msg: ChatMessage, me: AuthUser): Thunk {
  return (dispatch, getState) => {
    dispatch(applyMessage(msg, me._id));
    if (msg.sender === me._id) return;
    const chat = selectChat(getState());
    const viewing = selectChatVisible(getState()) && chat.openRoom?.roomId === msg._room;
    const target: MessageState = viewing ? 'viewed' : 'delivered';
    if (messageStateRank[msg.state] >= messageStateRank[target]) return;
    dispatch(applyStates(msg._room, [msg], target));
    void dispatch(chatApi.endpoints.updateChatMessage.initiate({ _id: msg._id, state: target }, { track: false }));
    if (!viewing && !countedIncoming.has(msg.id)) {
      countedIncoming.add(msg.id);
      if (msg.receiver === null) dispatch(patchGroup(msg._room, (g) => void (g.unreadMessages += 1)));
      else dispatch(patchEntry(entryOf(msg, me._id), (e) => void (e.unreadMessages += 1)));
    }
  };
}

/** Marks the open room's messages viewed (spec 4: opening a chat with unread messages; tells the sender). */
export function markRoomViewed(room: string, me: AuthUser): Thunk {
  return (dispatch, getState) => {
    const cached = chatApi.endpoints.chatMessages.select({ _room: room, skip: 0 })(getState()).data;
    const unseen = (cached?.data ?? []).filter((m) => m.sender !== me._id && m.state !== 'viewed');
    dispatch(applyStates(room, unseen, 'viewed'));
    dispatch(patchEntry((e) => e.chatRoom === room, (e) => void (e.unreadMessages = 0)));
    dispatch(patchGroup(room, (g) => void (g.unreadMessages = 0)));
    void dispatch(chatApi.endpoints.markRoomViewed.initiate({ _room: room, publicUserId: me.publicUserId }, { track: false }));
  };
}

const inflight = new Set<string>();

/** What became of one delivery attempt. */
type Outcome = 'sent' | 'refused' | 'retry' | 'offline' | 'busy';

/**
 * Answers that say "not now" rather than "never": the message stays pending (clock) and is sent again later.
 * 429 is the per-user send limit; 408 and 5xx are a server or proxy that is busy or restarting.
 */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * One shared retry for the whole outbox. While it waits, new messages queue behind the ones waiting (no direct
 * send), and the retry resends everything oldest first: a refused-for-now message is never overtaken by a
 * later one. Delays follow the reconnect's (1 s, 2 s, 4 s, then 5 s), with no limit on attempts.
 */
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempt = 0;

function scheduleRetry(dispatch: AppDispatch) {
  if (retryTimer) return;
  const delay = Math.min(5000, 1000 * 2 ** retryAttempt);
  retryAttempt++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void dispatch(flushOutbox());
  }, delay);
}

/** How long a socket send waits for its acknowledgement before the HTTP fallback takes over. */
const SOCKET_ACK_TIMEOUT_MS = 4000;

type Attempt = { message: ChatMessage } | { status: number | null; reason: string | null };

/**
 * One send of an entry: over the socket with an acknowledgement (the path the chat benchmark measures: no HTTP
 * request, the ack carries the saved message), else POST chatMessage when the socket is not connected or the
 * ack does not come in time. Both carry the entry's client id, so whichever path a resend takes, the server
 * keeps one message.
 */
async function attempt(dispatch: AppDispatch, entry: OutboxEntry): Promise<Attempt> {
  const ack = await requestSocket(CHAT_SOCKET_EVENTS.message, { _room: entry._room, id: entry.id, message: entry.message }, SOCKET_ACK_TIMEOUT_MS);
  if (ack?.ok && 'data' in ack && ack.data) return { message: ack.data as ChatMessage };
  if (ack && !ack.ok) return { status: ack.status, reason: ack.messagePublic };
  const res = await dispatch(chatApi.endpoints.sendChatMessage.initiate(entry, { track: false }));
  if ('data' in res && res.data) return { message: res.data };
  const error = 'error' in res ? (res.error as { status?: unknown; data?: { messagePublic?: unknown } }) : undefined;
  return {
    status: typeof error?.status === 'number' ? error.status : null,
    reason: typeof error?.data?.messagePublic === 'string' ? error.data.messagePublic : null,
  };
}

/**
 * Sends one outbox entry (socket with ack, HTTP as fallback; see `attempt`).
 * - Saved: leaves the outbox.
 * - Refused for good (400, 403 after leaving a group, ...): leaves the outbox, the reason shows for 3 s and the
 *   text goes back into the room's box (after what is already typed there), so no text is ever lost.
 * - Refused for now (429, 5xx) or no answer while the socket is up: stays pending for the shared retry; the
 *   send limit's message shows for 3 s.
 * - No network: stays pending for the next reconnect.
 */
function deliver(entry: OutboxEntry): Thunk<Promise<Outcome>> {
  return async (dispatch, getState) => {
    if (inflight.has(entry.id)) return 'busy';
    inflight.add(entry.id);
    try {
      const res = await attempt(dispatch, entry);
      if ('message' in res) {
        removeFromOutbox(entry.id);
        dispatch(applyMessage(res.message, entry.sender));
        return 'sent';
      }
      const { status, reason } = res;
      if (status !== null && !isTransient(status)) {
        removeFromOutbox(entry.id);
        // A refused text answers the spec's one message; other refusals say why.
        dispatch(showChatError(status !== 400 && reason ? reason : CHAT_MESSAGE_TOO_LONG));
        const draft = selectChat(getState()).drafts[entry._room];
        dispatch(setDraft({ roomId: entry._room, text: draft ? `${draft}\n${entry.message}` : entry.message }));
        return 'refused';
      }
      if (status === 429 && reason && !retryTimer) dispatch(showChatError(reason));
      if (status === null && !selectChat(getState()).internet) return 'offline';
      scheduleRetry(dispatch);
      return 'retry';
    } finally {
      inflight.delete(entry.id);
    }
  };
}

/** Resends every pending message, oldest first, stopping at the first that must wait, so each room keeps its order. */
export function flushOutbox(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (retryTimer) {
      // A reconnect does not wait for the retry's delay; the retry itself is this flush.
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    for (const entry of outboxEntries()) {
      if (!selectChat(getState()).internet) return;
      const outcome = await dispatch(deliver(entry));
      if (outcome === 'retry' || outcome === 'offline') return;
      if (outcome === 'sent') retryAttempt = 0;
    }
  };
}

export interface SendTarget {
  roomId: string;
  /** The sender's (own) participant id in the room. */
  participant: string;
}

/**
 * Validates and queues a message (spec 5): trimmed text 1..40000 characters; empty text is ignored, too long
 * text shows the error for 3 s. Returns true when the message was queued (the box can be cleared).
 */
export function sendText(target: SendTarget, text: string, me: AuthUser): Thunk<boolean> {
  return (dispatch, getState) => {
    const message = text.trim();
    if (!message) return false;
    if (message.length > CHAT_MESSAGE_MAX) {
      dispatch(showChatError(CHAT_MESSAGE_TOO_LONG));
      return false;
    }
    const entry: OutboxEntry = {
      id: newClientId(),
      _room: target.roomId,
      _participant: target.participant,
      publicUserId: me.publicUserId,
      message,
      saveDate: new Date().toISOString(),
      sender: me._id,
    };
    addToOutbox(entry);
    emitSocket(CHAT_SOCKET_EVENTS.writing, { _room: target.roomId, writing: false });
    // While a retry waits, the message queues behind the pending ones (see scheduleRetry).
    if (selectChat(getState()).internet && !retryTimer) void dispatch(deliver(entry));
    return true;
  };
}

/** Where each loaded room's history ends (newest saveDate), taken before anything is resent after a reconnect. */
export function historyMarks(state: RootState): Map<string, string | undefined> {
  const marks = new Map<string, string | undefined>();
  for (const q of Object.values(state.api.queries)) {
    if (q?.endpointName !== 'chatMessages' || q.status !== 'fulfilled') continue;
    const room = (q.originalArgs as unknown as { _room: string })._room;
    const cached = chatApi.endpoints.chatMessages.select({ _room: room, skip: 0 })(state).data;
    marks.set(room, cached?.data.at(-1)?.saveDate);
  }
  return marks;
}

/**
 * After a reconnect: messages of the loaded rooms that arrived while offline are fetched page by page
 * (GET newChatMessage from each room's mark) and put in place; those of the open, visible room are marked
 * viewed (the others were marked delivered by PUT chatMessages and counted in the refreshed list).
 */
export function fetchMissed(me: AuthUser, marks: Map<string, string | undefined>): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    for (const [room, lastDateFront] of marks) {
      let skip = 0;
      let lastDateBack: string | undefined;
      for (;;) {
        const r = await dispatch(
          chatApi.endpoints.newChatMessages.initiate({ _room: room, lastDateFront, lastDateBack, skip }, { subscribe: false, forceRefetch: true }),
        );
        if (!r.data) break;
        for (const m of r.data.data) dispatch(applyMessage(m, me._id));
        lastDateBack = r.data.lastDateBack;
        skip += r.data.data.length;
        if (!r.data.data.length || skip >= r.data.docs) break;
      }
      const chat = selectChat(getState());
      if (chat.openRoom?.roomId === room && selectChatVisible(getState())) dispatch(markRoomViewed(room, me));
    }
  };
}
