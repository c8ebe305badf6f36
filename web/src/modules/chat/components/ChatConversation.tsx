import type { AuthUser } from '@contracts/accounts';
import type { ChatGroupEntry, ChatListEntry, ChatMessage } from '@contracts/chat';
import { CHAT_SOCKET_EVENTS } from '@contracts/chat';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GroupIcon from '@mui/icons-material/Group';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { emitSocket, useSocket } from '../../../app/socket';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { markRoomViewed, sendText } from '../chatActions';
import { useChatMessagesQuery, useChatRoomQuery } from '../chatApi';
import { hideChatError, selectChat, selectChatVisible, setDraft, setOpenRoom } from '../chatSlice';
import { bubbleTime, dayLabel, groupWritingText, shortTime } from '../format';
import { useOutbox } from '../outbox';
import { ChatAvatar } from './ChatAvatar';
import { GroupMembersDialog } from './GroupMembersDialog';
import { MessageStateIcon } from './MessageStateIcon';
import { MessageText } from './MessageText';

/** Spec 5: the error stays 3 s. */
const ERROR_TIMEOUT_MS = 3000;
/** Typing is announced at most once a second and stopped after 2.5 s without keystrokes. */
const WRITING_EMIT_MS = 1000;
const WRITING_STOP_MS = 2500;

/** Spec 5: on mobile Enter does not send (coarse pointer or a narrow screen). */
function isMobile(): boolean {
  return window.matchMedia('(pointer: coarse)').matches || window.innerWidth < 960;
}

interface Props {
  me: AuthUser;
  /** The contact of an individual room, or */
  contact?: ChatListEntry;
  /** a group room (same conversation; sender names are shown above others' messages). */
  group?: ChatGroupEntry;
  /** Panel: the message area is 400 px high (spec 9); page: it fills the column. */
  variant: 'panel' | 'page';
  onBack?: () => void;
}

/** One conversation: header, message history (older pages load on scrolling up) and the input box. */
export function ChatConversation({ me, contact, group, variant, onBack }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const socket = useSocket();
  const chat = useAppSelector(selectChat);
  const visible = useAppSelector(selectChatVisible);
  const room = useChatRoomQuery(contact?._id ?? '', { skip: !contact });
  const roomId = group ? group._id : (room.data?.chatRoom._id ?? null);
  const participant = group ? group._participant : room.data?.sender._participant;
  const contactId = contact?._id ?? '';
  const name = contact?.name ?? group?.name ?? '';
  const unreadMessages = (contact ?? group)?.unreadMessages ?? 0;
  const memberNames = useMemo(() => new Map((group?.members ?? []).map((m) => [m._id, m.name])), [group?.members]);
  const [skip, setSkip] = useState(0);
  const history = useChatMessagesQuery({ _room: roomId ?? '', skip }, { skip: !roomId });
  const outbox = useOutbox();
  const draft = (roomId && chat.drafts[roomId]) || '';
  const [membersOpen, setMembersOpen] = useState(false);

  // Tell the controller which room is open (incoming messages there are marked viewed) and join its channel.
  useEffect(() => {
    if (!roomId) return;
    dispatch(setOpenRoom({ roomId, userId: contactId }));
    if (socket?.connected) socket.emit(CHAT_SOCKET_EVENTS.joinRoom, { _room: roomId }, () => undefined);
    return () => {
      dispatch(setOpenRoom(null));
    };
  }, [roomId, contactId, dispatch, socket]);

  useEffect(() => setSkip(0), [roomId]);

  // Server history plus this room's pending outbox entries (clock icon) not yet confirmed.
  const messages = useMemo<ChatMessage[]>(() => {
    const server = history.data?.data ?? [];
    const known = new Set(server.map((m) => m.id));
    const pending = outbox
      .filter((e) => e._room === roomId && !known.has(e.id))
      .map<ChatMessage>((e) => ({
        _id: e.id,
        id: e.id,
        message: e.message,
        saveDate: e.saveDate,
        state: 'pending',
        _room: e._room,
        chatRoom: e._room,
        _participant: e._participant,
        publicUserId: e.publicUserId,
        sender: e.sender,
        receiver: contact ? contact._id : null,
        seq: Number.MAX_SAFE_INTEGER,
      }));
    return [...server, ...pending];
  }, [history.data, outbox, roomId, contact]);

  // Spec 4: opening a chat (or coming back to it) with unread messages marks them viewed.
  const unseen = messages.some((m) => m.sender !== me._id && m.state !== 'viewed');
  const isOpen = chat.openRoom?.roomId === roomId;
  useEffect(() => {
    if (roomId && isOpen && visible && history.isSuccess && (unseen || unreadMessages > 0)) dispatch(markRoomViewed(roomId, me));
  }, [roomId, isOpen, visible, history.isSuccess, unseen, unreadMessages, dispatch, me]);

  // Error for 3 s.
  useEffect(() => {
    if (!chat.error) return;
    const id = chat.error.id;
    const timer = setTimeout(() => dispatch(hideChatError(id)), ERROR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [chat.error, dispatch]);

  // --- Scrolling: stick to the bottom for new messages, keep the position when older pages arrive on top.
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const prev = useRef<{ first?: string; last?: string; height: number; ready: boolean }>({ height: 0, ready: false });
  useEffect(() => {
    prev.current = { height: 0, ready: false };
  }, [roomId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const p = prev.current;
    if (!p.ready) {
      if (messages.length || history.isSuccess) {
        el.scrollTop = el.scrollHeight;
        p.ready = true;
      }
    } else if (first !== p.first && last === p.last) {
      el.scrollTop += el.scrollHeight - p.height;
    } else if (last !== p.last && (nearBottom.current || messages.at(-1)?.sender === me._id)) {
      el.scrollTop = el.scrollHeight;
    }
    p.first = first;
    p.last = last;
    p.height = el.scrollHeight;
  }, [messages, history.isSuccess, me._id]);

  const loaded = history.data?.data.length ?? 0;
  const hasOlder = loaded < (history.data?.docs ?? 0);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 80 && hasOlder && !history.isFetching) setSkip(loaded);
  };

  // --- Input.
  const writingAt = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const announceWriting = () => {
    if (!roomId) return;
    const now = Date.now();
    if (now - writingAt.current > WRITING_EMIT_MS) {
      writingAt.current = now;
      emitSocket(CHAT_SOCKET_EVENTS.writing, { _room: roomId, writing: true });
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(() => {
      writingAt.current = 0;
      emitSocket(CHAT_SOCKET_EVENTS.writing, { _room: roomId, writing: false });
    }, WRITING_STOP_MS);
  };
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  const send = () => {
    if (!roomId || !participant) return;
    clearTimeout(stopTimer.current);
    writingAt.current = 0;
    const queued = dispatch(sendText({ roomId, participant }, draft, me));
    if (queued) {
      dispatch(setDraft({ roomId, text: '' }));
      nearBottom.current = true;
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !isMobile()) {
      e.preventDefault();
      send();
    }
  };

  // Group: who is typing ("Ana y Beto escribiendo..."), else the members.
  const typists = group ? chat.groupWriting[group._id] : undefined;
  const status = group
    ? typists
      ? groupWritingText(Object.values(typists))
      : t('chat.groups.members', { count: group.members.length, names: group.members.map((m) => (m._id === me._id ? t('chat.groups.you') : m.name)).join(', ') })
    : contact?.writing
      ? t('chat.writing')
      : contact?.state === 'online'
        ? t('chat.online')
        : contact?.lastDisconnection
          ? t('chat.lastSeen', { time: shortTime(contact.lastDisconnection) })
          : t('chat.offlineUser');
  const writing = !!contact?.writing || !!typists;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: variant === 'page' ? 1 : 'none' }} data-testid="chat-conversation">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 1, minHeight: 56, borderBottom: 1, borderColor: 'divider' }}>
        {onBack && (
          <Tooltip title={t('chat.back')}>
            <IconButton onClick={onBack} aria-label={t('chat.back')} size="small" sx={variant === 'page' ? { display: { md: 'none' } } : undefined}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
        )}
        <ChatAvatar name={name} online={contact ? contact.state === 'online' : undefined} size={36} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle2" noWrap component="h3">
            {name}
          </Typography>
          <Typography
            variant="caption"
            noWrap
            component="p"
            color={writing ? 'primary.dark' : 'text.secondary'}
            sx={{ fontStyle: writing ? 'italic' : 'normal' }}
            data-testid="chat-status"
          >
            {status}
          </Typography>
        </Box>
        {group && (
          <Tooltip title={t('chat.groups.membersAction')}>
            <IconButton onClick={() => setMembersOpen(true)} aria-label={t('chat.groups.membersAction')} size="small" data-testid="chat-group-members-open">
              <GroupIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {group && <GroupMembersDialog me={me} group={group} open={membersOpen} onClose={() => setMembersOpen(false)} />}

      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('chat.messagesLabel', { name })}
        data-testid="chat-messages"
        sx={{
          height: variant === 'panel' ? 400 : undefined,
          flex: variant === 'page' ? 1 : 'none',
          minHeight: 0,
          overflowY: 'auto',
          px: 1.5,
          py: 1,
          bgcolor: '#f4f1ee',
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
        }}
      >
        {(history.isFetching && skip > 0) || room.isLoading || (history.isLoading && !history.data) ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <CircularProgress size={20} aria-label={t('chat.loading')} />
          </Box>
        ) : null}
        {room.isError && (
          <Alert severity="error" sx={{ my: 1 }}>
            {t('chat.roomError')}
          </Alert>
        )}
        {history.isSuccess && messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ m: 'auto', textAlign: 'center', px: 3 }}>
            {group ? t('chat.groups.noMessages', { name }) : t('chat.noMessages', { name })}
          </Typography>
        )}
        {messages.map((m, i) => {
          const mine = m.sender === me._id;
          const newDay = i === 0 || dayLabel(messages[i - 1].saveDate) !== dayLabel(m.saveDate);
          return (
            <Fragment key={m.id}>
              {newDay && (
                <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center', bgcolor: 'background.paper', px: 1.25, py: 0.25, borderRadius: 4, my: 0.75, boxShadow: 1 }}>
                  {dayLabel(m.saveDate)}
                </Typography>
              )}
              <Box
                data-testid="chat-message"
                data-mine={mine ? 'true' : 'false'}
                data-id={m.id}
                data-state={m.state}
                sx={{
                  alignSelf: mine ? 'flex-end' : 'flex-start',
                  maxWidth: '82%',
                  bgcolor: mine ? '#fde4d7' : 'background.paper',
                  color: 'text.primary',
                  px: 1.25,
                  pt: 0.75,
                  pb: 0.5,
                  borderRadius: 2,
                  borderTopRightRadius: mine ? 4 : undefined,
                  borderTopLeftRadius: mine ? undefined : 4,
                  boxShadow: '0 1px 1px rgba(0,0,0,0.08)',
                }}
              >
                {group && !mine && (
                  <Typography variant="caption" component="p" color="secondary.main" sx={{ fontWeight: 700 }} data-testid="chat-message-sender">
                    {memberNames.get(m.sender) ?? t('chat.groups.formerMember')}
                  </Typography>
                )}
                {/* Text nodes and http(s) links only: message text is never interpreted as HTML. */}
                <Typography
                  variant="body2"
                  component="p"
                  data-testid="chat-message-text"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflowY: 'auto' }}
                >
                  <MessageText message={m.message} />
                </Typography>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
                    {bubbleTime(m.saveDate)}
                  </Typography>
                  {mine && (
                    <Box component="span" sx={{ display: 'inline-flex', fontSize: 15 }}>
                      <MessageStateIcon state={m.state} />
                    </Box>
                  )}
                </Box>
              </Box>
            </Fragment>
          );
        })}
      </Box>

      {chat.error && (
        <Alert severity="error" role="alert" data-testid="chat-error" sx={{ borderRadius: 0, py: 0 }}>
          {chat.error.text}
        </Alert>
      )}
      <Box component="form" onSubmit={(e) => (e.preventDefault(), send())} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <InputBase
          multiline
          maxRows={5}
          fullWidth
          value={draft}
          disabled={!roomId}
          placeholder={t('chat.placeholder')}
          inputProps={{ 'aria-label': t('chat.placeholder'), 'data-testid': 'chat-input' }}
          onChange={(e) => {
            if (!roomId) return;
            dispatch(setDraft({ roomId, text: e.target.value }));
            announceWriting();
          }}
          onKeyDown={onKeyDown}
          sx={{ px: 1.5, py: 1, bgcolor: 'grey.100', borderRadius: 3, fontSize: 14 }}
        />
        <Tooltip title={t('chat.send')}>
          <span>
            <IconButton type="submit" color="primary" aria-label={t('chat.send')} disabled={!roomId || !draft.trim()} data-testid="chat-send">
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
