import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCardOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HistoryIcon from '@mui/icons-material/History';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import EventSeatIcon from '@mui/icons-material/EventSeatOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import dayjs from '../../../app/dayjs';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { modulePath, useModuleArea } from '../../events/area/context';
import { EventLifecycleActions } from '../../events/components/EventLifecycleActions';
import { PublishFlow } from '../../events/components/PublishFlow';
import { PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { longDate, money } from '../../events/format';
import { useStoreDashboardQuery } from './api';
import { ChartCard, SimpleBars } from './charts';
import { StatusChip } from './labels';

const lowerFirst = (s: string) => s.charAt(0).toLocaleLowerCase('es') + s.slice(1);

/**
 * The store's Tablero: what the events module's page showed (the event, its life cycle and the set-up checklist)
 * and the sales: tickets sold and left per type, revenue, orders by status and check-ins over time. Live: the
 * figures refetch when an order of the event changes (`order:updated`).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { eventId, administrator, eventCode, publishInPage, roleData } = useModuleArea();
  const info = useEventInformationQuery(eventId!, { skip: !eventId });
  const stats = useStoreDashboardQuery(eventId!, { skip: !eventId });
  const error = info.error ?? stats.error;
  if (error) return <ErrorView {...describeError(error)} />;
  if (!info.data || !stats.data) return <LinearProgress aria-label={t('common.loading')} />;
  const ev = info.data.data;
  const c = info.data.checklist;
  const s = stats.data;
  const link = (page: string) => modulePath(administrator, eventCode!, 'store', page);
  const editPath = `/module/${encodeURIComponent(administrator)}/editEvent/${encodeURIComponent(ev.eventCode)}`;
  const cancelled = !!ev.cancelledAt;
  const actions = roleData?.actions ?? [];
  const steps = [
    { done: c.hasTickets, label: t('events.dashboard.stepTickets'), to: link('/tickets'), action: t('events.dashboard.goTickets') },
    ...(c.paymentMethodRequired || c.hasPaymentMethod
      ? [{ done: c.hasPaymentMethod, label: t('events.dashboard.stepPayment'), to: link('/manage/paymentMethods'), action: t('events.dashboard.goPayment') }]
      : []),
    { done: c.hasDescription, label: t('events.dashboard.stepDescription'), to: editPath, action: t('events.dashboard.goEdit') },
    { done: c.hasCover, label: t('events.dashboard.stepCover'), to: editPath, action: t('events.dashboard.goEdit') },
    { done: c.published, label: t('events.dashboard.stepPublish'), to: undefined, action: undefined },
  ];
  const doneCount = steps.filter((x) => x.done).length;
  const fmt = (minor: number) => money(minor / 100, s.currency);
  const checkins = s.checkinsByHour.map((h) => ({ label: dayjs(h.hour).format('DD/MM HH:mm'), value: h.count }));
  const statuses = Object.entries(s.ordersByStatus).sort((a, b) => b[1] - a[1]);

  return (
    <Box>
      <PageHeader
        title={ev.eventName}
        subtitle={`${longDate(ev.startDate, ev.timeZone)}${ev.venue ? ` · ${ev.venue}` : ev.onlineUrl ? ` · ${t('events.common.online')}` : ''}`}
        actions={
          <>
            {!cancelled && (
              <Button component={RouterLink} to={editPath} startIcon={<EditIcon />} variant="outlined">
                {t('events.dashboard.edit')}
              </Button>
            )}
            <Button component={RouterLink} to={`/e/${encodeURIComponent(ev.eventCode)}`} startIcon={<OpenInNewIcon />} variant="outlined">
              {ev.published || cancelled ? t('events.dashboard.viewPublic') : t('events.dashboard.preview')}
            </Button>
            <Button component={RouterLink} to={link('/history')} startIcon={<HistoryIcon />}>
              {t('events.dashboard.history')}
            </Button>
            <EventLifecycleActions event={ev} canEdit={actions.includes('event.edit')} canPublish={actions.includes('event.publish')} />
          </>
        }
      />
      {cancelled && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="event-cancelled">
          {t('events.lifecycle.cancelledBanner', { date: lowerFirst(longDate(ev.cancelledAt!, ev.timeZone)) })}
        </Alert>
      )}
      <StatGrid>
        <StatCard icon={<ConfirmationNumberIcon />} label={t('sales.admin.dashboard.sold')} value={<span data-testid="dashboard-sold">{s.sold}</span>} hint={s.held ? t('sales.admin.dashboard.heldHint', { count: s.held }) : undefined} />
        <StatCard icon={<EventSeatIcon />} label={t('sales.admin.dashboard.remaining')} value={s.remaining} />
        <StatCard
          icon={<GroupsIcon />}
          label={t('events.dashboard.capacity')}
          value={c.capacity ? `${c.ticketsTotal} / ${c.capacity}` : c.ticketsTotal}
          hint={
            c.capacity
              ? `${t('events.dashboard.capacityShared', { capacity: c.capacity })} · ${t('events.dashboard.sellsAtMost', { max: c.sellableTotal })}`
              : t('events.dashboard.noCapacity')
          }
        />
        <StatCard icon={<PaymentsIcon />} label={t('sales.admin.dashboard.revenue')} value={<span data-testid="dashboard-revenue">{fmt(s.revenue)}</span>} />
        <StatCard icon={<CreditCardIcon />} label={t('events.dashboard.paymentMethods')} value={info.data.methods} />
        <StatCard icon={<HowToRegIcon />} label={t('sales.admin.dashboard.checkedIn')} value={s.checkedIn} hint={s.sold ? t('sales.admin.dashboard.checkedInHint', { percent: Math.round((100 * s.checkedIn) / s.sold) }) : undefined} />
      </StatGrid>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '380px 1fr' }, alignItems: 'start', mb: 3 }}>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('events.dashboard.checklist')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('events.dashboard.checklistProgress', { done: doneCount, total: steps.length })}
          </Typography>
          <LinearProgress aria-label={t('events.dashboard.checklist')} variant="determinate" value={(doneCount / steps.length) * 100} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
          <List dense disablePadding>
            {steps.map((x) => (
              <ListItem
                key={x.label}
                disableGutters
                secondaryAction={
                  !x.done && x.to ? (
                    <Button component={RouterLink} to={x.to} size="small">
                      {x.action}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemIcon sx={{ minWidth: 34 }}>
                  {x.done ? <CheckCircleIcon color="success" fontSize="small" /> : <RadioButtonUncheckedIcon color="disabled" fontSize="small" />}
                </ListItemIcon>
                <ListItemText primary={x.label} slotProps={{ primary: { sx: { color: x.done ? 'text.secondary' : 'text.primary', pr: 9 } } }} />
              </ListItem>
            ))}
          </List>
          {!c.published &&
            !cancelled &&
            (publishInPage && eventId ? (
              <PublishFlow eventId={eventId} size="small" ticketsPath={link('/tickets')} paymentPath={link('/manage/paymentMethods')} />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {t('events.dashboard.publishHint')}
              </Typography>
            ))}
          {statuses.length > 0 && (
            <>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
                {t('sales.admin.dashboard.ordersByStatus')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {statuses.map(([status, n]) => (
                  <Box key={status} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                    <StatusChip status={status} />
                    <Typography variant="body2">{n}</Typography>
                  </Box>
                ))}
              </Box>
            </>
          )}
        </Paper>

        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', p: 2, pb: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
              {t('sales.admin.dashboard.byType')}
            </Typography>
            <Button component={RouterLink} to={link('/manageAttendees/orders')} size="small">
              {t('sales.admin.dashboard.viewOrders')}
            </Button>
          </Box>
          {s.ticketTypes.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
              {t('events.dashboard.noTickets')}
            </Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('sales.admin.dashboard.byType')} data-testid="dashboard-types">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('events.tickets.name')}</TableCell>
                    <TableCell align="right">{t('events.tickets.price')}</TableCell>
                    <TableCell align="right">{t('sales.admin.dashboard.sold')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('sales.admin.dashboard.held')}
                    </TableCell>
                    <TableCell align="right">{t('sales.admin.dashboard.remaining')}</TableCell>
                    <TableCell sx={{ width: 140, display: { xs: 'none', md: 'table-cell' } }} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {s.ticketTypes.map((tt) => (
                    <TableRow key={tt.ticketTypeId}>
                      <TableCell>
                        {tt.name}
                        {tt.remaining === 0 && <Chip size="small" color="warning" label={t('sales.admin.dashboard.soldOut')} sx={{ ml: 0.5 }} />}
                      </TableCell>
                      <TableCell align="right">{tt.price === 0 ? t('events.common.free') : money(tt.price, s.currency)}</TableCell>
                      <TableCell align="right">{tt.sold}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {tt.held}
                      </TableCell>
                      <TableCell align="right">{tt.remaining}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        <LinearProgress
                          variant="determinate"
                          value={tt.quantity ? Math.min(100, (100 * tt.sold) / tt.quantity) : 0}
                          aria-label={t('sales.admin.dashboard.soldOf', { name: tt.name, sold: tt.sold, quantity: tt.quantity })}
                          sx={{ height: 6, borderRadius: 3 }}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Box>
      <ChartCard title={t('sales.admin.dashboard.checkinsOverTime')} empty={!checkins.length} emptyText={t('sales.admin.dashboard.noCheckins')}>
        <SimpleBars data={checkins} name={t('sales.admin.dashboard.checkedIn')} format={(v) => String(v)} />
      </ChartCard>
    </Box>
  );
}
