import type { AuthUser } from '@contracts/accounts';
import type {
  ChatMessage,
  MembersChangedEvent,
  MessagesUpdateEvent,
  MessageUpdateEvent,
  PresenceEvent,
  RoomCreatedEvent,
  WritingEvent,
} from '@contracts/chat';
import { CHAT_SOCKET_EVENTS } from '@contracts/chat';
import { NOTIFICATION_SOCKET_EVENT, type Notification } from '@contracts/notifications';
import { useEffect, useRef } from 'react';
import { connectSocket, useSocket, type AppSocket } from '../../app/socket';
import { useAppDispatch } from '../../app/store';
import { addGroup, applyMembersChanged, applyStates, fetchMissed, flushOutbox, historyMarks, isGroupRoom, receiveMessage } from './chatActions';
import { chatApi, useChatGroupsQuery, useChatUsersQuery } from './chatApi';
import { resetChat, setGroupWriting, setInternet, setTabVisible } from './chatSlice';
import { openOutbox } from './outbox';

/** A typing flag without a follow-up event clears itself after this long (the typist may have left). */
const WRITING_TTL_MS = 4000;

/**
 * The chat's one realtime controller (mounted once, by the top-bar slot, while signed in): opens the socket,
 * keeps the connection flag and tab visibility, joins the rooms of the chat list, and turns socket events
 * into RTK Query cache patches (de-duplicated by message id). On every (re)connect it resends the outbox,
 * marks what arrived while away as delivered and fetches missed messages.
 */
export function useChatController(me: AuthUser | null | undefined) {
  const dispatch = useAppDispatch();
  const socket = useSocket();
  const meId = me?._id ?? null;
  const meRef = useRef(me);
  meRef.current = me;
  const users = useChatUsersQuery(undefined, { skip: !meId });
  const groups = useChatGroupsQuery(undefined, { skip: !meId });
  const joined = useRef(new Set<string>());
  const writingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // A failed list load (server busy, network blip) is retried rather than leaving the chat hidden.
  const { isError, refetch } = users;
  useEffect(() => {
    if (!isError || !meId) return;
    const timer = setTimeout(() => void refetch(), 3000);
    return () => clearTimeout(timer);
  }, [isError, meId, refetch]);

  useEffect(() => {
    openOutbox(meId);
    if (meId) void connectSocket();
    return () => {
      dispatch(resetChat());
    };
  }, [meId, dispatch]);

  // Spec 4: chat visibility follows the browser tab.
  useEffect(() => {
    const onVisibility = () => dispatch(setTabVisible(document.visibilityState === 'visible'));
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  useEffect(() => {
    if (!socket || !meId) return;
    const me = () => meRef.current!;
    const onConnect = () => {
      dispatch(setInternet(true));
      // Taken before the outbox is resent: our own resends must not hide what others wrote meanwhile.
      const marks = dispatch((_d, getState) => historyMarks(getState()));
      void (async () => {
        await dispatch(flushOutbox());
        await dispatch(chatApi.endpoints.markAllDelivered.initiate(undefined, { track: false }));
        await dispatch(fetchMissed(me(), marks));
        dispatch(chatApi.util.invalidateTags(['ChatRoom']));
      })();
    };
    const onDisconnect = () => dispatch(setInternet(false));
    const onConnectError = () => dispatch(setInternet(false));
    // Browsers keep an open WebSocket through a network loss (and DevTools' offline mode); closing the
    // transport on `offline` starts the reconnection loop (1 s to 5 s, unlimited) at once.
    const onOffline = () => {
      dispatch(setInternet(false));
      socket.io.engine?.close();
    };
    const onMessage = (msg: ChatMessage) => dispatch(receiveMessage(msg, me()));
    const onMessageUpdate = (ev: MessageUpdateEvent) => dispatch(applyStates(ev._room, [ev], ev.state));
    const onMessagesUpdate = (ev: MessagesUpdateEvent) => dispatch(applyStates(ev._room, ev.messages, ev.state));
    const onPresence = (ev: PresenceEvent) => {
      let known = false;
      dispatch(
        chatApi.util.updateQueryData('chatUsers', undefined, (list) => {
          const e = list.find((x) => x._id === ev._id);
          if (e) Object.assign(e, { state: ev.state, lastConnection: ev.lastConnection, lastDisconnection: ev.lastDisconnection });
          known = !!e;
        }),
      );
      // Somebody new (just joined a shared event team): reload the list.
      if (!known) dispatch(chatApi.util.invalidateTags(['ChatRoom']));
    };
    // An invitation to an event team brings new contacts (and may grant the chat permission).
    // The team read model is another projection than the notifier and may land a moment later: look twice.
    const onNotification = (n: Notification) => {
      if (n.typeNotification !== 'collaboratorInvitation') return;
      dispatch(chatApi.util.invalidateTags(['ChatRoom']));
      setTimeout(() => dispatch(chatApi.util.invalidateTags(['ChatRoom'])), 2000);
    };
    const setWriting = (userId: string, room: string, writing: boolean) =>
      dispatch(
        chatApi.util.updateQueryData('chatUsers', undefined, (list) => {
          const e = list.find((x) => x._id === userId && (x.chatRoom === room || !x.chatRoom));
          if (e) e.writing = writing;
        }),
      );
    const onWriting = (ev: WritingEvent) => {
      if (ev._id === me()._id) return;
      // Typing in a group shows on the group (with the typist's name), never on the typist's contact entry.
      const group = dispatch((_d, getState) => isGroupRoom(getState(), ev._room));
      const set = (writing: boolean) =>
        group ? dispatch(setGroupWriting({ room: ev._room, userId: ev._id, name: ev.name, writing })) : setWriting(ev._id, ev._room, writing);
      const key = `${ev._id}:${ev._room}`;
      clearTimeout(writingTimers.current.get(key));
      set(ev.writing);
      if (ev.writing) writingTimers.current.set(key, setTimeout(() => set(false), WRITING_TTL_MS));
    };
    // Another member made a group with us: it joins the list at once (and its room is joined below).
    const onRoomCreated = (group: RoomCreatedEvent) => {
      dispatch(addGroup(group));
      // List not loaded yet, or a load in flight that may predate the group: let the server's answer bring it.
      const listed = dispatch((_d, getState) => {
        const q = chatApi.endpoints.chatGroups.select()(getState());
        return q.status === 'fulfilled' && isGroupRoom(getState(), group._id);
      });
      if (!listed) dispatch(chatApi.util.invalidateTags(['ChatRoom']));
    };
    // Members added or one left (maybe us: then the group leaves the list).
    const onMembersChanged = (ev: MembersChangedEvent) => dispatch(applyMembersChanged(ev, me()._id));

    // One table of handlers, attached here and detached in the cleanup.
    const handlers: Array<[Parameters<AppSocket['on']>[0], (...args: any[]) => void]> = [
      ['connect', onConnect],
      ['disconnect', onDisconnect],
      ['connect_error', onConnectError],
      [CHAT_SOCKET_EVENTS.message, onMessage],
      [CHAT_SOCKET_EVENTS.messageUpdate, onMessageUpdate],
      [CHAT_SOCKET_EVENTS.messagesUpdate, onMessagesUpdate],
      [CHAT_SOCKET_EVENTS.userConnected, onPresence],
      [CHAT_SOCKET_EVENTS.userDisconnected, onPresence],
      [CHAT_SOCKET_EVENTS.writing, onWriting],
      [CHAT_SOCKET_EVENTS.roomCreated, onRoomCreated],
      [CHAT_SOCKET_EVENTS.membersChanged, onMembersChanged],
      [NOTIFICATION_SOCKET_EVENT, onNotification],
    ];
    for (const [event, handler] of handlers) socket.on(event, handler);
    window.addEventListener('offline', onOffline);
    if (socket.connected) onConnect();
    else if (!navigator.onLine) dispatch(setInternet(false));
    return () => {
      for (const [event, handler] of handlers) socket.off(event, handler);
      window.removeEventListener('offline', onOffline);
    };
  }, [socket, meId, dispatch]);

  // Join the socket room of every conversation in the list, so typing shows in the list too.
  const rooms = [...(users.data ?? []).map((e) => e.chatRoom), ...(groups.data ?? []).map((g) => g._id)].filter((r): r is string => !!r);
  const roomsKey = rooms.join(',');
  useEffect(() => {
    if (!socket) return;
    const join = () => {
      const current = new Set(roomsKey ? roomsKey.split(',') : []);
      // Rooms gone from the lists (a group we left): leave their channel (the server drops us from it anyway).
      for (const room of [...joined.current]) {
        if (current.has(room)) continue;
        joined.current.delete(room);
        socket.emit(CHAT_SOCKET_EVENTS.leaveRoom, { _room: room }, () => undefined);
      }
      for (const room of current) {
        if (joined.current.has(room)) continue;
        joined.current.add(room);
        socket.emit(CHAT_SOCKET_EVENTS.joinRoom, { _room: room }, () => undefined);
      }
    };
    // A new connection has joined nothing yet.
    const rejoin = () => {
      joined.current.clear();
      join();
    };
    if (socket.connected) join();
    socket.on('connect', rejoin);
    return () => {
      socket.off('connect', rejoin);
    };
  }, [socket, roomsKey]);

  return { users, groups };
}
