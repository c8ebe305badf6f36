import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { EventSummary } from '@contracts/events';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { cardPrice, dayBadge, longDate } from '../dates';

/** Cover with a date badge; a gradient with the initials when the event has no cover. */
function Cover({ ev }: { ev: EventSummary }) {
  const badge = dayBadge(ev.startDate, ev.timeZone);
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.200', overflow: 'hidden' }}>
      {ev.coverUrl ? (
        <Box component="img" src={ev.coverUrl} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Box sx={{ width: '100%', height: '100%', background: 'linear-gradient(135deg, #1f2a44 0%, #8a3a14 100%)', display: 'grid', placeItems: 'center' }}>
          <Typography aria-hidden sx={{ color: 'rgba(255,255,255,0.9)', fontSize: 40, fontWeight: 800, letterSpacing: 2 }}>
            {ev.eventName.split(/\s+/).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('')}
          </Typography>
        </Box>
      )}
      <Box sx={{ position: 'absolute', top: 12, left: 12, bgcolor: 'background.paper', borderRadius: 2, px: 1.25, py: 0.5, textAlign: 'center', boxShadow: 2, minWidth: 48 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 20, lineHeight: 1.1 }}>{badge.day}</Typography>
        <Typography sx={{ fontWeight: 700, fontSize: 11, color: 'primary.dark' }}>{badge.month}</Typography>
      </Box>
    </Box>
  );
}

/** A published event as a card: cover, name, date in Spanish, place and "price from". */
export function EventCard({ ev, footer }: { ev: EventSummary; footer?: ReactNode }) {
  const { t } = useTranslation();
  const price = cardPrice(ev, t);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', transition: 'box-shadow .2s', '&:hover': { boxShadow: 4 } }} data-testid="event-card">
      <CardActionArea component={RouterLink} to={`/e/${encodeURIComponent(ev.eventCode)}`} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <Cover ev={ev} />
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Typography variant="caption" sx={{ color: 'primary.dark', fontWeight: 700}}>
            {longDate(ev.startDate, ev.timeZone)}
          </Typography>
          <Typography component="h3" sx={{ fontWeight: 800, fontSize: 18, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
            {ev.eventName}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
            {ev.venue ? <PlaceIcon fontSize="small" aria-hidden /> : <VideocamIcon fontSize="small" aria-hidden />}
            <Typography variant="body2" noWrap>
              {ev.venue ?? t('events.common.online')}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          {price && <Typography sx={{ fontWeight: 700, mt: 1 }}>{price}</Typography>}
          {footer}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function EventGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>{children}</Box>;
}

export function EventGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <EventGrid>
      {Array.from({ length: count }, (_, i) => (
        <Box key={i}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2 }} />
          <Skeleton width="60%" sx={{ mt: 1 }} />
          <Skeleton width="90%" />
        </Box>
      ))}
    </EventGrid>
  );
}
