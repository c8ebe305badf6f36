import type { AuthUser } from '@contracts/accounts';
import type { ChatGroupEntry, ChatListEntry } from '@contracts/chat';
import CloseIcon from '@mui/icons-material/Close';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { useChatGroupsQuery, useChatUsersQuery } from '../chatApi';
import { selectChat, selectGroup, selectUser, setDraft } from '../chatSlice';
import { ChatConversation } from './ChatConversation';
import { ChatGroupList } from './ChatGroupList';
import { ChatUserList } from './ChatUserList';
import { ConfirmDiscardDialog } from './ConfirmDiscardDialog';
import { NewGroupDialog } from './NewGroupDialog';

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
  const groups = useChatGroupsQuery();
  const [newGroupOpen, setNewGroupOpen] = useState(false);
  const contact: ChatListEntry | undefined = users.data?.find((u) => u._id === chat.selectedUser);
  const group: ChatGroupEntry | undefined = contact ? undefined : groups.data?.find((g) => g._id === chat.selectedGroup);
  const back = () => guard(() => dispatch(chat.selectedGroup ? selectGroup(null) : selectUser(null)));
  const conversation = (v: 'panel' | 'page') =>
    contact ? (
      <ChatConversation key={contact._id} me={me} contact={contact} variant={v} onBack={back} />
    ) : group ? (
      <ChatConversation key={group._id} me={me} group={group} variant={v} onBack={back} />
    ) : null;
  const pickGroup = (g: ChatGroupEntry) => {
    if (g._id === chat.selectedGroup) return;
    guard(() => dispatch(selectGroup(g._id)));
  };
  const newGroupDialog = (
    <NewGroupDialog
      open={newGroupOpen}
      contacts={users.data ?? []}
      onClose={() => setNewGroupOpen(false)}
      onCreated={(g) => {
        setNewGroupOpen(false);
        guard(() => dispatch(selectGroup(g._id)));
      }}
    />
  );

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

  const groupsSection = (
    <ChatGroupList
      me={me}
      groups={groups.data}
      selectedGroupId={chat.selectedGroup}
      typists={chat.groupWriting}
      onSelect={pickGroup}
      onNew={() => setNewGroupOpen(true)}
    />
  );
  const list = (
    <ChatUserList
      me={me}
      height={variant === 'panel' ? PANEL_BODY_HEIGHT : undefined}
      users={users.data}
      loading={users.isLoading}
      selectedUserId={chat.selectedUser}
      onSelect={pick}
      groupsSection={groupsSection}
    />
  );
  const open = !!(contact || group);

  if (variant === 'panel') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column' }} data-testid="chat-panel">
        {header}
        {open ? conversation('panel') : list}
        {dialog}
        {newGroupDialog}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-page">
      {header}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box sx={{ width: { xs: open ? 0 : '100%', md: 340 }, display: { xs: open ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', borderRight: 1, borderColor: 'divider', minHeight: 0 }}>
          {list}
        </Box>
        <Box sx={{ flex: 1, display: { xs: open ? 'flex' : 'none', md: 'flex' }, flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
          {open ? (
            conversation('page')
          ) : (
            <Box sx={{ m: 'auto', textAlign: 'center', color: 'text.secondary', px: 3 }}>
              <Typography variant="body1">{t('chat.pickContact')}</Typography>
            </Box>
          )}
        </Box>
      </Box>
      {dialog}
      {newGroupDialog}
    </Box>
  );
}
