import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { CHART_COLORS, ChartCard, SimpleBars } from '../sales/admin/charts';
import { useContactsBase } from './common';
import { CONTACT_SOURCES } from './common';
import { useReportQuery } from './groupsApi';

const SOURCES = new Set<string>(CONTACT_SOURCES);
const count = (v: number) => v.toLocaleString('es-PE');
const percent = (v: number) => `${Math.round(v * 100)} %`;

/** `report`: contacts by source, new contacts per week or month, consent per channel and campaigns' engagement. */
export default function ReportPage() {
  const { t } = useTranslation();
  const { client } = useContactsBase();
  const [period, setPeriod] = useState<'week' | 'month'>('month');
  const report = useReportQuery({ client, period });
  if (report.error) return <ErrorView {...describeError(report.error)} />;
  const r = report.data;
  return (
    <>
      <PageHeader
        title={t('contacts.report.title')}
        subtitle={t('contacts.report.subtitle')}
        actions={
          <TextField select size="small" label={t('contacts.report.period')} value={period} onChange={(e) => setPeriod(e.target.value as 'week' | 'month')} sx={{ minWidth: 160 }}>
            <MenuItem value="week">{t('contacts.report.week')}</MenuItem>
            <MenuItem value="month">{t('contacts.report.month')}</MenuItem>
          </TextField>
        }
      />
      {!r ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ChartCard title={t('contacts.report.bySource')} empty={r.bySource.length === 0} emptyText={t('contacts.report.empty')} testId="report-by-source">
            <SimpleBars data={r.bySource.map((s) => ({ label: SOURCES.has(s.source) ? t(`contacts.source.${s.source}`) : s.source, value: s.contacts }))} name={t('contacts.report.contacts')} format={count} />
          </ChartCard>
          <ChartCard title={t(`contacts.report.growth_${period}`)} empty={r.growth.every((g) => g.contacts === 0)} emptyText={t('contacts.report.empty')} testId="report-growth">
            <SimpleBars data={r.growth.map((g) => ({ label: g.period.slice(period === 'month' ? 0 : 5, period === 'month' ? 7 : 10), value: g.contacts }))} name={t('contacts.report.newContacts')} format={count} color={CHART_COLORS[1]} />
          </ChartCard>
          <ChartCard title={t('contacts.report.consent')} empty={r.consent.every((c) => c.granted + c.withdrawn + c.none === 0)} emptyText={t('contacts.report.empty')} testId="report-consent">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={r.consent.map((c) => ({ label: t(`contacts.report.channel_${c.channel}`), granted: c.granted, withdrawn: c.withdrawn, none: c.none }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="granted" stackId="c" name={t('contacts.consent.granted')} fill={CHART_COLORS[2]} />
                <Bar dataKey="withdrawn" stackId="c" name={t('contacts.consent.withdrawn')} fill={CHART_COLORS[0]} />
                <Bar dataKey="none" stackId="c" name={t('contacts.consent.none')} fill={CHART_COLORS[5]} />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('contacts.report.consentRates')}
            </Typography>
            <Table size="small" aria-label={t('contacts.report.consentRates')}>
              <TableBody>
                {r.consent.map((c) => (
                  <TableRow key={c.channel}>
                    <TableCell component="th" scope="row">
                      {t(`contacts.report.channel_${c.channel}`)}
                    </TableCell>
                    <TableCell align="right" data-testid={`report-rate-${c.channel}`}>
                      {percent(c.rate)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0, gridColumn: { md: '1 / -1' } }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('contacts.report.campaigns')}
            </Typography>
            {r.campaigns.length === 0 ? (
              <Typography color="text.secondary">{t('contacts.report.noCampaigns')}</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('contacts.report.campaigns')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('contacts.report.campaign')}</TableCell>
                      <TableCell align="right">{t('contacts.report.sent')}</TableCell>
                      <TableCell align="right">{t('contacts.report.delivered')}</TableCell>
                      <TableCell align="right">{t('contacts.report.read')}</TableCell>
                      <TableCell align="right">{t('contacts.report.clicked')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {r.campaigns.map((c) => (
                      <TableRow key={c._id}>
                        <TableCell>{c.name}</TableCell>
                        <TableCell align="right">{count(c.sent)}</TableCell>
                        <TableCell align="right">{count(c.delivered)}</TableCell>
                        <TableCell align="right">{count(c.read)}</TableCell>
                        <TableCell align="right">{c.clicked === null ? '—' : count(c.clicked)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Paper>
        </Box>
      )}
    </>
  );
}
