import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { shortTime } from '../format';

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
