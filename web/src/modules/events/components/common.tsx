import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';

/** Page title row: title, optional subtitle and actions on the right (wrapping on phones). */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** Small figure card of the dashboards. */
export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.75, sm: 2.5 }, minWidth: 0, display: 'flex', gap: { xs: 1.25, sm: 2 }, alignItems: 'center' }}>
      {icon && (
        <Box aria-hidden sx={{ width: 44, height: 44, borderRadius: 2, bgcolor: 'rgba(238,105,50,0.12)', color: 'primary.dark', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {icon}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: 24, fontWeight: 800, lineHeight: 1.2 }}>{value}</Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** Empty state of lists: an icon, a sentence and an optional action. */
/** Grid of StatCards: as many columns as fit (two on phones). */
export function StatGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, mb: 3, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' } }}>{children}</Box>;
}

export function EmptyState({ icon, title, text, action }: { icon?: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderStyle: 'dashed' }}>
      {icon && (
        <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 48 }, mb: 1 }}>
          {icon}
        </Box>
      )}
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Paper>
  );
}

/** The event's state as a chip: cancelled, published or draft (one look on every page that lists events). */
export function EventStatusChip({ published, cancelled }: { published: boolean; cancelled: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={cancelled ? t('events.status.cancelled') : published ? t('events.status.published') : t('events.status.draft')}
      color={cancelled ? 'error' : published ? 'success' : 'default'}
      variant={published || cancelled ? 'filled' : 'outlined'}
    />
  );
}
