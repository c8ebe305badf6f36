import Badge from '@mui/material/Badge';
import { Avatar } from '../../../components/Avatar';

/** Contact avatar: up to 2 initials (spec 5, chat panel) and a presence dot. */
export function ChatAvatar({ name, online, size = 40 }: { name: string; online?: boolean; size?: number }) {
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      invisible={online === undefined}
      sx={{
        '& .MuiBadge-badge': {
          bgcolor: online ? 'success.main' : 'grey.400',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          width: 11,
          height: 11,
          borderRadius: '50%',
        },
      }}
    >
      <Avatar name={name} size={size} maxInitials={2} />
    </Badge>
  );
}
