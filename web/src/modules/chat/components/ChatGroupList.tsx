import type { AuthUser } from '@contracts/accounts';
import type { ChatGroupEntry } from '@contracts/chat';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { groupWritingText } from '../format';
import { ChatAvatar } from './ChatAvatar';
import { ChatEntryMeta, ChatEntryPreview } from './ChatEntryMeta';

interface Props {
  me: AuthUser;
  groups: ChatGroupEntry[] | undefined;
  selectedGroupId: string | null;
  /** Who is typing, per group room (user id -> name). */
  typists: Record<string, Record<string, string>>;
  onSelect: (group: ChatGroupEntry) => void;
  onNew: () => void;
}

/**
 * "Grupos": the user's group rooms (name, member count, last message or who is typing, unread) and the
 * "Nuevo grupo" button.
 */
export function ChatGroupList({ me, groups, selectedGroupId, typists, onSelect, onNew }: Props) {
  const { t } = useTranslation();
  const shown = [...(groups ?? [])].sort(
    (a, b) => (b.chatMessage?.saveDate ?? '').localeCompare(a.chatMessage?.saveDate ?? '') || a.name.localeCompare(b.name, 'es'),
  );
  return (
    <Box component="section" aria-labelledby="chat-groups-title" data-testid="chat-groups" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 0.5, pb: 0.5 }}>
        <Typography id="chat-groups-title" variant="overline" component="h3" color="text.secondary" sx={{ flex: 1, fontWeight: 700 }}>
          {t('chat.groups.title')}
        </Typography>
        <Button size="small" startIcon={<GroupAddIcon />} onClick={onNew} data-testid="chat-new-group">
          {t('chat.groups.new')}
        </Button>
      </Box>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('chat.groups.empty')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('chat.groups.listLabel')}>
          {shown.map((g) => {
            const last = g.chatMessage;
            const mine = last?.sender === me._id;
            const author = last && !mine ? g.members.find((m) => m._id === last.sender)?.name : undefined;
            const writing = typists[g._id];
            return (
              <ListItemButton key={g._id} selected={g._id === selectedGroupId} onClick={() => onSelect(g)} data-testid="chat-group" data-room={g._id} sx={{ py: 1, gap: 0.5 }}>
                <ListItemAvatar>
                  <ChatAvatar name={g.name} />
                </ListItemAvatar>
                <ListItemText
                  primary={g.name}
                  slotProps={{
                    primary: { noWrap: true, sx: { fontWeight: g.unreadMessages ? 700 : 500 } },
                    secondary: { noWrap: true, component: 'div' },
                  }}
                  secondary={
                    <>
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="chat-group-members">
                        {t('chat.groups.memberCount', { count: g.members.length })}
                      </Typography>
                      <ChatEntryPreview writing={writing ? groupWritingText(Object.values(writing)) : null} last={last} mine={mine} author={author} />
                    </>
                  }
                />
                <ChatEntryMeta lastSaveDate={last?.saveDate} unread={g.unreadMessages} />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Box>
  );
}
