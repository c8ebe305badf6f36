import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation, withStrings } from '../../../i18n';
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { usePublicEventQuery } from '../api';
import { longDate, money, shortDate } from '../format';
import { timeZoneWords } from '../timeZone';

/** The store's ticket picker (sales module), loaded only when an event has tickets on sale: the page stays light. */
const TicketPicker = lazy(withStrings(['sales'], () => import('../../sales/checkout/TicketPicker')));

/** The browser tab names the event, as the server's HTML does (src/http/web-page.ts); the shell's title after. */
function useEventTitle(name: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!name) return;
    document.title = `${name} · ${t('common.appName')}`;
    return () => {
      document.title = `${t('common.appName')} · ${t('common.tagline')}`;
    };
  }, [name, t]);
}

/** /e/{eventCode}: the public page of a published event — information, cover, dates, venue, ticket types. */
export function Component() {
  const { t } = useTranslation();
  const code = useParams().eventCode!;
  const { data, error, isLoading } = usePublicEventQuery(code);
  useEventTitle(data?.data.eventName);
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const ev = data.data;
  const sameDay = shortDate(ev.startDate, ev.timeZone).slice(0, 11) === shortDate(ev.endDate, ev.timeZone).slice(0, 11);
  // What the page shows of the ticket types while the picker loads, and on a preview or a cancelled event.
  const ticketList = (
    <Paper variant="outlined">
      {data.ticketTypes.map((tt, i) => (
        <Box key={tt._id}>
          {i > 0 && <Divider />}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, flexWrap: 'wrap' }} data-testid="public-ticket">
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>{tt.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {tt.saleStatus === 'upcoming' && tt.saleStart
                  ? t('events.public.saleFrom', { date: shortDate(tt.saleStart, ev.timeZone) })
                  : tt.saleEnd
                    ? t('events.public.saleUntil', { date: shortDate(tt.saleEnd, ev.timeZone) })
                    : t('events.public.perOrder', { min: tt.minPerOrder, max: tt.maxPerOrder })}
              </Typography>
            </Box>
            <Chip
              size="small"
              label={t(`events.public.status_${tt.saleStatus}`)}
              color={tt.saleStatus === 'onSale' ? 'success' : 'default'}
              variant={tt.saleStatus === 'onSale' ? 'filled' : 'outlined'}
            />
            <Typography sx={{ fontWeight: 800, fontSize: 18, minWidth: 96, textAlign: 'right' }}>{tt.price === 0 ? t('events.common.free') : money(tt.price, ev.currency)}</Typography>
          </Box>
        </Box>
      ))}
    </Paper>
  );

  return (
    <Box>
      {ev.cancelledAt && (
        <Alert severity="error" variant="filled" sx={{ borderRadius: 0 }} data-testid="public-cancelled">
          {t('events.lifecycle.publicCancelled')}
        </Alert>
      )}
      {/* The cover is shown whole (any shape fits: contain on a dark band), above the title rather than behind it. */}
      <Box sx={{ color: '#fff', background: 'linear-gradient(135deg, #1f2a44 0%, #2f3d63 55%, #8a3a14 100%)' }}>
        {ev.coverUrl && (
          <Box sx={{ bgcolor: 'rgba(10,12,20,.55)', display: 'flex', justifyContent: 'center' }}>
            <Box
              component="img"
              src={ev.coverUrl}
              alt=""
              data-testid="public-cover"
              sx={{ display: 'block', width: '100%', maxWidth: 1200, height: 'auto', maxHeight: { xs: 240, sm: 360, md: 460 }, objectFit: 'contain' }}
            />
          </Box>
        )}
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 }, minHeight: ev.coverUrl ? undefined : { xs: 200, md: 280 }, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
          {data.preview && <Chip label={t('events.public.previewChip')} color="warning" sx={{ mb: 1.5, alignSelf: 'flex-start' }} />}
          <Typography component="h1" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 48 }, lineHeight: 1.1, overflowWrap: 'anywhere' }}>
            {ev.eventName}
          </Typography>
          <Typography sx={{ mt: 1.5, fontSize: { xs: 16, md: 19 }, opacity: 0.95 }}>{longDate(ev.startDate, ev.timeZone)}</Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {data.preview && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            {t('events.public.previewText')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 380px' }, alignItems: 'start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 800, mb: 1.5 }}>
              {t('events.public.about')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', color: ev.description ? 'text.primary' : 'text.secondary' }}>{ev.description ?? t('events.public.noDescription')}</Typography>

            <Typography component="h2" variant="h5" sx={{ fontWeight: 800, mt: 4, mb: 1.5 }}>
              {t('events.public.tickets')}
            </Typography>
            {data.ticketTypes.length === 0 ? (
              <Typography color="text.secondary">{ev.cancelledAt ? t('events.lifecycle.publicNoTickets') : t('events.public.noTickets')}</Typography>
            ) : data.preview || ev.cancelledAt ? (
              ticketList
            ) : (
              <Suspense fallback={ticketList}>
                <TicketPicker eventCode={ev.eventCode} timeZone={ev.timeZone} />
              </Suspense>
            )}
          </Box>

          <Paper variant="outlined" sx={{ p: 2.5, display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <CalendarMonthIcon color="primary" aria-hidden />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{t('events.public.when')}</Typography>
                <Typography variant="body2">
                  {longDate(ev.startDate, ev.timeZone)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('events.public.until', { date: sameDay ? shortDate(ev.endDate, ev.timeZone).slice(-5) : longDate(ev.endDate, ev.timeZone) })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {timeZoneWords(ev.timeZone, t)}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              {ev.venue ? <PlaceIcon color="primary" aria-hidden /> : <LinkIcon color="primary" aria-hidden />}
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{t('events.public.where')}</Typography>
                {ev.venue && <Typography variant="body2">{ev.venue}</Typography>}
                {ev.onlineUrl && (
                  <Link href={ev.onlineUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t('events.public.onlineLink')}
                  </Link>
                )}
              </Box>
            </Box>
            {data.organizer && (
              <Box sx={{ display: 'flex', gap: 1.5 }} data-testid="public-organizer">
                <PersonIcon color="primary" aria-hidden />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{t('events.public.organizer')}</Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {data.organizer.name}
                  </Typography>
                  <Link
                    href={`mailto:${data.organizer.email}`}
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {data.organizer.email}
                  </Link>
                </Box>
              </Box>
            )}
            {data.paymentOptions.length > 0 && (
              <Box>
                <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('events.public.paymentOptions')}</Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {data.paymentOptions.map((k) => (
                    <Chip key={k} size="small" variant="outlined" label={t(`events.payments.kind_${k}`)} />
                  ))}
                </Box>
              </Box>
            )}
            <Typography variant="caption" color="text.secondary">
              {t('events.public.currency', { currency: t(`events.currency.${ev.currency}`) })}
            </Typography>
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
