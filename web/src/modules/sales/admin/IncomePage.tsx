import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import dayjs from '../../../app/dayjs';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { money } from '../../events/format';
import { useIncomeQuery } from './api';
import { ChartCard, CHART_COLORS, SimpleBars } from './charts';
import { methodLabel } from './labels';

/** manageAttendees/incomeControl: income of paid orders by payment method, ticket type and day. */
export default function IncomePage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading } = useIncomeQuery(eventId!, { skip: !eventId });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const fmt = (minor: number) => money(minor / 100, data.currency);
  const byMethod = data.byMethod.map((m) => ({ label: methodLabel(m.method), value: m.amount, orders: m.orders }));
  const byType = data.byTicketType.map((x) => ({ label: x.name, value: x.amount, tickets: x.tickets }));
  const byDay = data.byDay.map((d) => ({ label: dayjs(d.day).format('DD/MM'), value: d.amount, day: d.day, orders: d.orders }));
  const empty = t('sales.admin.income.empty');
  return (
    <>
      <PageHeader title={t('sales.admin.income.title')} subtitle={t('sales.admin.income.subtitle')} />
      <StatGrid>
        <StatCard icon={<PaymentsIcon />} label={t('sales.admin.income.total')} value={<span data-testid="income-total">{fmt(data.total)}</span>} />
        <StatCard icon={<ReceiptIcon />} label={t('sales.admin.income.orders')} value={data.orders} />
      </StatGrid>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 2 }}>
        <ChartCard title={t('sales.admin.income.byMethod')} empty={!byMethod.length} emptyText={empty}>
          <SimpleBars data={byMethod} name={t('sales.admin.income.amount')} format={fmt} />
        </ChartCard>
        <ChartCard title={t('sales.admin.income.byTicketType')} empty={!byType.length} emptyText={empty}>
          <SimpleBars data={byType} name={t('sales.admin.income.amount')} format={fmt} color={CHART_COLORS[1]} />
        </ChartCard>
      </Box>
      <ChartCard title={t('sales.admin.income.byDay')} empty={!byDay.length} emptyText={empty}>
        <SimpleBars data={byDay} name={t('sales.admin.income.amount')} format={fmt} color={CHART_COLORS[2]} />
      </ChartCard>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 2 }}>
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('sales.admin.income.byMethod')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sales.admin.grid.method')}</TableCell>
                <TableCell align="right">{t('sales.admin.income.orders')}</TableCell>
                <TableCell align="right">{t('sales.admin.income.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {byMethod.map((m) => (
                <TableRow key={m.label}>
                  <TableCell>{m.label}</TableCell>
                  <TableCell align="right">{m.orders}</TableCell>
                  <TableCell align="right">{fmt(m.value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('sales.admin.income.byTicketType')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sales.admin.grid.ticketType')}</TableCell>
                <TableCell align="right">{t('sales.admin.grid.tickets')}</TableCell>
                <TableCell align="right">{t('sales.admin.income.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {byType.map((x) => (
                <TableRow key={x.label}>
                  <TableCell>{x.label}</TableCell>
                  <TableCell align="right">{x.tickets}</TableCell>
                  <TableCell align="right">{fmt(x.value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      </Box>
      {data.orders === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {empty}
        </Typography>
      )}
    </>
  );
}
