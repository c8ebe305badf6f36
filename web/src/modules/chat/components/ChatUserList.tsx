import type { AuthUser } from '@contracts/accounts';
import type { ChatListEntry } from '@contracts/chat';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { selectChat, setFilter, type ChatFilter } from '../chatSlice';
import { ChatAvatar } from './ChatAvatar';
import { ChatEntryMeta, ChatEntryPreview } from './ChatEntryMeta';

interface Props {
  me: AuthUser;
  /** Panel: a fixed height, the same as an open conversation, so the panel does not jump. */
  height?: number;
  users: ChatListEntry[] | undefined;
  loading: boolean;
  selectedUserId: string | null;
  onSelect: (entry: ChatListEntry) => void;
  /** The "Grupos" section, scrolled together with the contacts. */
  groupsSection?: ReactNode;
}

/** Contacts with presence, typing, unread count and last message; filtered connected or disconnected. */
export function ChatUserList({ me, height, users, loading, selectedUserId, onSelect, groupsSection }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { filter } = useAppSelector(selectChat);
  const wanted = filter === 'connected' ? 'online' : 'offline';
  const shown = (users ?? [])
    .filter((u) => u.state === wanted)
    .sort((a, b) => (b.chatMessage?.saveDate ?? '').localeCompare(a.chatMessage?.saveDate ?? '') || a.name.localeCompare(b.name, 'es'));
  const count = (f: ChatFilter) => (users ?? []).filter((u) => u.state === (f === 'connected' ? 'online' : 'offline')).length;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: height ? 'none' : 1, height }}>
      <Box sx={{ px: 2, py: 1.5 }}>
        <ToggleButtonGroup
          value={filter}
          exclusive
          fullWidth
          size="small"
          color="primary"
          aria-label={t('chat.filterLabel')}
          onChange={(_e, v: ChatFilter | null) => v && dispatch(setFilter(v))}
        >
          <ToggleButton value="connected">{t('chat.filter.connected', { count: count('connected') })}</ToggleButton>
          <ToggleButton value="disconnected">{t('chat.filter.disconnected', { count: count('disconnected') })}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {groupsSection}
        {loading && !users ? (
          <Box sx={{ px: 2 }}>
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="85%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {t(filter === 'connected' ? 'chat.emptyConnected' : 'chat.emptyDisconnected')}
          </Typography>
        ) : (
          <List disablePadding aria-label={t('chat.contacts')}>
            {shown.map((u) => {
              const last = u.chatMessage;
              const mine = last?.sender === me._id;
              return (
                <ListItemButton
                  key={u._id}
                  selected={u._id === selectedUserId}
                  onClick={() => onSelect(u)}
                  data-testid="chat-contact"
                  data-user={u._id}
                  sx={{ py: 1, gap: 0.5 }}
                >
                  <ListItemAvatar>
                    <ChatAvatar name={u.name} online={u.state === 'online'} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={u.name}
                    slotProps={{
                      primary: { noWrap: true, sx: { fontWeight: u.unreadMessages ? 700 : 500 } },
                      secondary: { noWrap: true, component: 'div' },
                    }}
                    secondary={
                      <ChatEntryPreview writing={u.writing ? t('chat.writing') : null} last={last} mine={mine} />
                    }
                  />
                  <ChatEntryMeta lastSaveDate={last?.saveDate} unread={u.unreadMessages} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}
