import type { Notification } from '@contracts/notifications';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from '../../i18n';
import { notificationDate } from './format';
import { linkProps } from './links';

/**
 * One notification as the menu and the history page list it: a link to what it is about, an unread dot and the
 * message in bold while unread. A link may not be a list's direct child, so each sits in its own list item.
 */
export function NotificationRow({ n, onClick, testId, dense, divider }: { n: Notification; onClick: () => void; testId: string; dense?: boolean; divider?: boolean }) {
  const { t } = useTranslation();
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton
        {...linkProps(n.url)}
        onClick={onClick}
        data-testid={testId}
        data-id={n._id}
        data-unread={n.unread ? 'true' : 'false'}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: dense ? 1.25 : 1.5, bgcolor: n.unread ? 'rgba(238,105,50,0.08)' : undefined }}
      >
        <Box
          aria-label={n.unread ? t('notifications.unread') : undefined}
          role={n.unread ? 'img' : undefined}
          sx={{ width: 8, height: 8, borderRadius: '50%', mt: 0.9, flexShrink: 0, bgcolor: n.unread ? 'primary.main' : 'transparent' }}
        />
        <ListItemText
          primary={n.detail.message}
          secondary={notificationDate(n.saveDate)}
          slotProps={{ primary: { ...(dense ? { variant: 'body2' as const } : {}), sx: { fontWeight: n.unread ? 600 : 400 } }, secondary: { variant: 'caption' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
