import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useMyTicketsQuery } from '../checkout/api';
import { OrderStatusChip } from '../checkout/components';
import { dateTime, moneyMinor } from '../checkout/format';

/** /mytickets: the signed-in user's orders, upcoming events first; each leads to its tickets. */
export function Component() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useMyTicketsQuery();
  const now = Date.now();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader title={t('sales.mytickets.title')} subtitle={t('sales.mytickets.subtitle')} />
      {error ? (
        <ErrorView {...describeError(error)} />
      ) : isLoading || !data ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : data.length === 0 ? (
        <EmptyState
          icon={<ConfirmationNumberIcon />}
          title={t('sales.mytickets.empty')}
          text={t('sales.mytickets.emptyText')}
          action={
            <Button component={RouterLink} to="/" variant="contained">
              {t('sales.mytickets.findEvents')}
            </Button>
          }
        />
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 2, listStyle: 'none', p: 0, m: 0 }} aria-label={t('sales.mytickets.title')}>
          {/* The server sends upcoming events first (soonest first), then past ones (latest first). */}
          {data.map((o) => {
            const past = Date.parse(o.event.endDate) < now;
            const count = o.tickets.length || o.lines.reduce((s, l) => s + l.quantity, 0);
            return (
              <li key={o._id}>
                <Card variant="outlined" sx={{ opacity: past ? 0.75 : 1 }} data-testid="my-order">
                  <CardActionArea component={RouterLink} to={`/mytickets/${o._id}`} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'flex-start', flexWrap: 'wrap' }}>
                    <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                      <Typography component="h2" sx={{ fontWeight: 800, fontSize: 18, overflowWrap: 'anywhere' }}>
                        {o.event.eventName}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {dateTime(o.event.startDate, o.event.timeZone)}
                        {o.event.venue ? ` · ${o.event.venue}` : ''}
                      </Typography>
                      <Typography variant="body2" sx={{ mt: 0.5 }}>
                        {t('sales.mytickets.tickets', { count })} · {o.total === 0 ? t('sales.checkout.free') : moneyMinor(o.total, o.currency)}
                        {past ? ` · ${t('sales.mytickets.past')}` : ''}
                      </Typography>
                    </Box>
                    <OrderStatusChip status={o.status} />
                  </CardActionArea>
                </Card>
              </li>
            );
          })}
        </Box>
      )}
    </Container>
  );
}
