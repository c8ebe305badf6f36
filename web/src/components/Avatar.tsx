import MuiAvatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';

export const AVATAR_DEFAULT_SIZE = 40;
export const AVATAR_DEFAULT_COLOR = '#ee6932';
export const AVATAR_MAX_INITIALS = 3;

/** Spec section 5: first letter of each word, upper-cased, at most `max` (3; the chat panel uses 2). */
export function initials(name: string | null | undefined, max = AVATAR_MAX_INITIALS): string {
  const limit = Math.max(1, Math.min(AVATAR_MAX_INITIALS, Math.floor(max)));
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, limit)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('es'))
    .join('');
}

/** Border radius in percent, limited to 0-50 (0 square, 50 circle). */
export function clampRadius(radius: number | undefined): number {
  if (radius === undefined || Number.isNaN(radius)) return 50;
  return Math.min(50, Math.max(0, radius));
}

export interface AvatarProps {
  name: string | null | undefined;
  /** Pixels; default 40. */
  size?: number;
  /** Background colour; default #ee6932 (theme primary). */
  color?: string;
  /** Percent 0-50; default 50 (circle). */
  radius?: number;
  /** Maximum initials (1-3); the chat panel passes 2. */
  maxInitials?: number;
  src?: string;
  sx?: SxProps<Theme>;
}

export function Avatar({ name, size = AVATAR_DEFAULT_SIZE, color = AVATAR_DEFAULT_COLOR, radius, maxInitials = AVATAR_MAX_INITIALS, src, sx }: AvatarProps) {
  const text = initials(name, maxInitials);
  return (
    <MuiAvatar
      src={src}
      alt={name ?? undefined}
      data-testid="avatar"
      sx={[
        {
          width: size,
          height: size,
          bgcolor: color,
          // Dark text keeps the initials readable on the light primary colour (WCAG AA).
          color: '#1d1d1d',
          fontWeight: 700,
          fontSize: Math.max(10, Math.round(size * (text.length > 2 ? 0.34 : 0.42))),
          borderRadius: `${clampRadius(radius)}%`,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {text}
    </MuiAvatar>
  );
}
