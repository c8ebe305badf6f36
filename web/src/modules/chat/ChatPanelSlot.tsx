import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useCurrentUser } from '../accounts/api';
import { selectChat, setPanelOpen } from './chatSlice';
import { ChatView } from './components/ChatView';
import { useChatController } from './useChatController';

/** Spec 9: the chat panel is 400 px wide. */
export const CHAT_PANEL_WIDTH = 400;

/**
 * The chat's top-bar button and side panel. The realtime controller lives here because the top bar is
 * mounted on every page while signed in.
 *
 * Chat permission (spec 2: the user-management button shows only when the chat permission is true): a
 * signed-in user who has at least one contact, i.e. somebody they share an event team with or a room with.
 */
export function ChatPanelSlot() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useCurrentUser();
  const { users, groups } = useChatController(me);
  const { panelOpen, internet } = useAppSelector(selectChat);
  const open = panelOpen && location.pathname !== '/chat';
  // The panel's content is unmounted once it has slid out, so a hidden conversation never holds the room open.
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  if (!me) return null;

  const canChat = (users.data?.length ?? 0) > 0;
  const unread = [...(users.data ?? []), ...(groups.data ?? [])].reduce((n, u) => n + u.unreadMessages, 0);
  const onChatPage = location.pathname === '/chat';

  return (
    <>
      {canChat && !onChatPage && (
        <Tooltip title={internet ? t('chat.open') : `${t('chat.open')} (${t('chat.offline')})`}>
          <IconButton color="inherit" aria-label={unread ? t('chat.openUnread', { count: unread }) : t('chat.open')} onClick={() => dispatch(setPanelOpen(true))} data-testid="chat-button">
            {/* Small offline mark (spec: socket disconnect sets internet false) beside the unread count. */}
            <Badge
              variant="dot"
              invisible={internet}
              overlap="circular"
              anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
              sx={{ '& .MuiBadge-badge': { bgcolor: 'warning.main' } }}
              data-testid="chat-button-offline"
            >
              {/* The count is in the button's label; the visible badge is hidden from assistive tech so name and content match. */}
              <Badge badgeContent={unread || null} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
                <ChatIcon />
              </Badge>
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      {/* A docked, non-modal panel (the page stays usable while chatting), portalled out of the top bar. */}
      <Portal>
        <Drawer
          anchor="right"
          variant="persistent"
          open={open}
          slotProps={{
            transition: { onExited: () => setMounted(false) },
            paper: {
              elevation: 8,
              'aria-label': t('chat.title'),
              role: 'complementary',
              sx: {
                width: { xs: '100vw', sm: CHAT_PANEL_WIDTH },
                top: 'auto',
                bottom: 0,
                right: { xs: 0, sm: 16 },
                height: 'auto',
                maxHeight: { xs: '100vh', sm: 'calc(100vh - 72px)' },
                borderTopLeftRadius: { sm: 12 },
                borderTopRightRadius: { sm: 12 },
                overflow: 'hidden',
                zIndex: (th: Theme) => th.zIndex.appBar + 2,
                border: 'none',
              },
            } as object,
          }}
        >
          {mounted && (
            <ChatView
              me={me}
              variant="panel"
              onClose={() => dispatch(setPanelOpen(false))}
              onExpand={() => {
                dispatch(setPanelOpen(false));
                navigate('/chat');
              }}
            />
          )}
        </Drawer>
      </Portal>
    </>
  );
}
