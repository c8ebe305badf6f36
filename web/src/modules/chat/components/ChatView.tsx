import type { AuthUser } from '@contracts/accounts';
import type { ChatListEntry } from '@contracts/chat';
import CloseIcon from '@mui/icons-material/Close';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useChatUsersQuery } from '../chatApi';
import { selectChat, selectUser, setDraft } from '../chatSlice';
import { ChatConversation } from './ChatConversation';
import { ChatUserList } from './ChatUserList';
import { ConfirmDiscardDialog } from './ConfirmDiscardDialog';

/** Conversation header + the 400 px message area (spec 9) + the input box. */
const PANEL_BODY_HEIGHT = 57 + 400 + 57;

interface Props {
  me: AuthUser;
  variant: 'panel' | 'page';
  /** Panel only: closes the drawer (asks first when there is unsent text). */
  onClose?: () => void;
  /** Panel only: opens the full-screen /chat page. */
  onExpand?: () => void;
}

/** Returns a guard that runs `action` at once, or after confirmation when the open room has unsent text. */
export function useDiscardGuard() {
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const roomId = chat.openRoom?.roomId;
  const hasDraft = !!(roomId && chat.drafts[roomId]?.trim());
  const guard = (action: () => void) => (hasDraft ? setPending(() => action) : action());
  const dialog = (
    <ConfirmDiscardDialog
      open={pending !== null}
      onCancel={() => setPending(null)}
      onAccept={() => {
        if (roomId) dispatch(setDraft({ roomId, text: '' }));
        const action = pending;
        setPending(null);
        action?.();
      }}
    />
  );
  return { guard, dialog };
}

/**
 * The chat: contact list and conversation. In the 400 px panel one replaces the other; on the /chat page
 * they sit side by side.
 */
export function ChatView({ me, variant, onClose, onExpand }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const users = useChatUsersQuery();
  const { guard, dialog } = useDiscardGuard();
  const contact: ChatListEntry | undefined = users.data?.find((u) => u._id === chat.selectedUser);

  const pick = (entry: ChatListEntry) => {
    if (entry._id === chat.selectedUser) return;
    guard(() => dispatch(selectUser(entry._id)));
  };

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, bgcolor: 'secondary.main', color: 'common.white', minHeight: 56 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 18, fontWeight: 700, flex: 1 }}>
        {t('chat.title')}
      </Typography>
      {!chat.internet && (
        <Chip
          icon={<CloudOffIcon />}
          label={t('chat.offline')}
          size="small"
          data-testid="chat-offline"
          sx={{ bgcolor: 'warning.main', color: '#1d1d1d', fontWeight: 600, '& .MuiChip-icon': { color: '#1d1d1d' } }}
        />
      )}
      {onExpand && (
        <Tooltip title={t('chat.fullScreen')}>
          <IconButton onClick={onExpand} aria-label={t('chat.fullScreen')} sx={{ color: 'inherit' }} size="small">
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onClose && (
        <Tooltip title={t('chat.close')}>
          <IconButton onClick={() => guard(onClose)} aria-label={t('chat.close')} sx={{ color: 'inherit' }} size="small">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );

  const list = <ChatUserList me={me} height={variant === 'panel' ? PANEL_BODY_HEIGHT : undefined} users={users.data} loading={users.isLoading} selectedUserId={chat.selectedUser} onSelect={pick} />;

  if (variant === 'panel') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column' }} data-testid="chat-panel">
        {header}
        {contact ? (
          <ChatConversation key={contact._id} me={me} contact={contact} variant="panel" onBack={() => guard(() => dispatch(selectUser(null)))} />
        ) : (
          list
        )}
        {dialog}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-page">
      {header}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box sx={{ width: { xs: contact ? 0 : '100%', md: 340 }, display: { xs: contact ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', borderRight: 1, borderColor: 'divider', minHeight: 0 }}>
          {list}
        </Box>
        <Box sx={{ flex: 1, display: { xs: contact ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
          {contact ? (
            <ChatConversation key={contact._id} me={me} contact={contact} variant="page" onBack={() => guard(() => dispatch(selectUser(null)))} />
          ) : (
            <Box sx={{ m: 'auto', textAlign: 'center', color: 'text.secondary', px: 3 }}>
              <Typography variant="body1">{t('chat.pickContact')}</Typography>
            </Box>
          )}
        </Box>
      </Box>
      {dialog}
    </Box>
  );
}
