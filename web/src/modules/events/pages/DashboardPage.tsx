import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HistoryIcon from '@mui/icons-material/History';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import SellIcon from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
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
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useEventInformationQuery } from '../api';
import { modulePath, useModuleArea } from '../area/context';
import { EventLifecycleActions } from '../components/EventLifecycleActions';
import { PublishFlow } from '../components/PublishFlow';
import { PageHeader, StatCard, StatGrid } from '../components/common';
import { longDate, money, shortDate } from '../format';

/** "Martes, 24 de ..." inside a sentence: "martes, 24 de ...". */
const lowerFirst = (s: string) => s.charAt(0).toLocaleLowerCase('es') + s.slice(1);

/** Store Tablero: ticket types, capacity, payment methods and the configuration checklist with links. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { eventId, administrator, eventCode, publishInPage, roleData } = useModuleArea();
  const { data, error, isLoading } = useEventInformationQuery(eventId!, { skip: !eventId });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const ev = data.data;
  const c = data.checklist;
  const link = (page: string) => modulePath(administrator, eventCode!, 'store', page);
  const editPath = `/module/${encodeURIComponent(administrator)}/editEvent/${encodeURIComponent(ev.eventCode)}`;

  const steps = [
    { done: c.hasTickets, label: t('events.dashboard.stepTickets'), to: link('/tickets'), action: t('events.dashboard.goTickets') },
    ...(c.paymentMethodRequired || c.hasPaymentMethod
      ? [{ done: c.hasPaymentMethod, label: t('events.dashboard.stepPayment'), to: link('/manage/settings'), action: t('events.dashboard.goPayment') }]
      : []),
    { done: c.hasDescription, label: t('events.dashboard.stepDescription'), to: editPath, action: t('events.dashboard.goEdit') },
    { done: c.hasCover, label: t('events.dashboard.stepCover'), to: editPath, action: t('events.dashboard.goEdit') },
    { done: c.published, label: t('events.dashboard.stepPublish'), to: undefined, action: undefined },
  ];
  const doneCount = steps.filter((s) => s.done).length;
  const cancelled = !!ev.cancelledAt;
  const actions = roleData?.actions ?? [];

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
        <StatCard icon={<ConfirmationNumberIcon />} label={t('events.dashboard.ticketTypes')} value={data.ticket.quantity} />
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
        <StatCard icon={<SellIcon />} label={t('events.dashboard.maximumPrice')} value={data.ticket.maximumPrice === 0 ? t('events.common.free') : money(data.ticket.maximumPrice, ev.currency)} />
        <StatCard icon={<PaymentsIcon />} label={t('events.dashboard.paymentMethods')} value={data.methods} />
      </StatGrid>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '380px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('events.dashboard.checklist')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('events.dashboard.checklistProgress', { done: doneCount, total: steps.length })}
          </Typography>
          <LinearProgress aria-label={t('events.dashboard.checklist')} variant="determinate" value={(doneCount / steps.length) * 100} sx={{ height: 8, borderRadius: 4, mb: 1 }} />
          <List dense disablePadding>
            {steps.map((s) => (
              <ListItem
                key={s.label}
                disableGutters
                secondaryAction={
                  !s.done && s.to ? (
                    <Button component={RouterLink} to={s.to} size="small">
                      {s.action}
                    </Button>
                  ) : undefined
                }
              >
                <ListItemIcon sx={{ minWidth: 34 }}>
                  {s.done ? <CheckCircleIcon color="success" fontSize="small" /> : <RadioButtonUncheckedIcon color="disabled" fontSize="small" />}
                </ListItemIcon>
                <ListItemText primary={s.label} slotProps={{ primary: { sx: { textDecoration: s.done ? 'none' : undefined, color: s.done ? 'text.secondary' : 'text.primary', pr: 9 } } }} />
              </ListItem>
            ))}
          </List>
          {!c.published && !cancelled &&
            (publishInPage && eventId ? (
              <PublishFlow
                eventId={eventId}
                size="small"
                ticketsPath={modulePath(administrator, eventCode!, 'store', '/tickets')}
                paymentPath={modulePath(administrator, eventCode!, 'store', '/manage/settings')}
              />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {t('events.dashboard.publishHint')}
              </Typography>
            ))}
        </Paper>

        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', p: 2, pb: 1 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>
              {t('events.dashboard.ticketTypes')}
            </Typography>
            <Button component={RouterLink} to={link('/tickets')} size="small">
              {t('events.dashboard.manageTickets')}
            </Button>
          </Box>
          {data.ticketTypes.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
              {t('events.dashboard.noTickets')}
            </Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('events.dashboard.ticketTypes')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('events.tickets.name')}</TableCell>
                    <TableCell align="right">{t('events.tickets.price')}</TableCell>
                    <TableCell align="right">{t('events.tickets.quantity')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('events.tickets.sales')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.ticketTypes.map((tt) => (
                    <TableRow key={tt._id}>
                      <TableCell>
                        {tt.name}{' '}
                        {tt.visibility !== 'public' && <Chip size="small" label={t(`events.tickets.visibility_${tt.visibility}`)} sx={{ ml: 0.5 }} />}
                      </TableCell>
                      <TableCell align="right">{tt.price === 0 ? t('events.common.free') : money(tt.price, ev.currency)}</TableCell>
                      <TableCell align="right">{tt.quantity}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary', fontSize: 13 }}>
                        {tt.saleStart || tt.saleEnd ? `${tt.saleStart ? shortDate(tt.saleStart, ev.timeZone) : '—'} → ${tt.saleEnd ? shortDate(tt.saleEnd, ev.timeZone) : '—'}` : t('events.tickets.alwaysOnSale')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
