import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import type { ChatMessage } from '@contracts/chat';
import { shortTime } from '../format';
import { MessageStateIcon } from './MessageStateIcon';

/**
 * Second line of a chat list entry (contact or group): who is typing, else the last message (with its state
 * when it is mine, and its author in groups), else the empty text.
 */
export function ChatEntryPreview({ writing, last, mine, author }: { writing?: string | null; last?: ChatMessage | null; mine: boolean; author?: string }) {
  const { t } = useTranslation();
  if (writing) {
    return (
      <Typography
        component="span"
        variant="body2"
        color="primary.dark"
        sx={{ display: 'block', fontStyle: 'italic', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        data-testid="chat-writing"
      >
        {writing}
      </Typography>
    );
  }
  if (!last) return <>{t('chat.noMessagesShort')}</>;
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      {mine && (
        <Box component="span" sx={{ display: 'inline-flex', fontSize: 16 }}>
          <MessageStateIcon state={last.state} />
        </Box>
      )}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="chat-last-message">
        {author ? `${author}: ` : ''}
        {last.message}
      </Box>
    </Box>
  );
}

/** Right-hand column of a chat list entry (contact or group): time of the last message and unread badge. */
export function ChatEntryMeta({ lastSaveDate, unread }: { lastSaveDate?: string; unread: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.75, ml: 1, flexShrink: 0 }}>
      {lastSaveDate && (
        <Typography variant="caption" color={unread ? 'primary.dark' : 'text.secondary'}>
          {shortTime(lastSaveDate)}
        </Typography>
      )}
      <Badge
        badgeContent={unread}
        color="primary"
        max={99}
        data-testid="chat-unread"
        // A static badge drops MUI's scale(0) for a zero count: hide it (keeping its place) instead.
        sx={{ mr: 1.25, '& .MuiBadge-badge': { position: 'static', transform: 'none' }, '& .MuiBadge-invisible': { visibility: 'hidden' } }}
      />
    </Box>
  );
}
