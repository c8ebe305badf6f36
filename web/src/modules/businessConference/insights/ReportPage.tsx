import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportFigures } from '@contracts/businessConference-insights';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { EmptyState, PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { money } from '../../events/format';
import { CHART_COLORS, ChartCard, SimpleBars } from '../../sales/admin/charts';
import { useCurrentRound } from '../rounds/useRound';
import { reportExportUrl, useReportQuery } from './api';

const ALL = 'all';
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toLocaleString('es-PE', { maximumFractionDigits: 1 })} %`);
const num = (v: number | null) => (v === null ? '—' : v.toLocaleString('es-PE', { maximumFractionDigits: 2 }));

/** Two or three bars per label (grouped), e.g. offerers' and demanders' expected business per sector. */
function GroupedBars({ data, bars, format }: { data: Record<string, string | number>[]; bars: { key: string; name: string }[]; format: (v: number) => string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => format(v)} width={90} />
        <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} formatter={(v) => format(Number(v))} />
        <Legend />
        {bars.map((b, i) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} fill={CHART_COLORS[i % CHART_COLORS.length]} radius={[6, 6, 0, 0]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * The business conference's report (administrator and production): requests, acceptance, meetings held,
 * no-shows, expected business by sector and by round, satisfaction and the help desk, for one round or all of the
 * event; charts with their tables, and the XLSX export. Every figure comes from the server.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.insights.${key}`, o);
  const { eventId } = useModuleArea();
  const { round, loading } = useCurrentRound();
  const [choice, setChoice] = useState<string | null>(null);
  const roundId = choice === ALL ? null : (choice ?? round?._id ?? null);
  const q = useReportQuery({ eventId: eventId ?? '', roundId }, { skip: !eventId || loading });
  if (loading || q.isLoading) return <LinearProgress aria-label={t('common.loading')} />;
  if (q.error || !q.data) return <ErrorView {...describeError(q.error)} />;
  const d = q.data;
  if (d.rounds.length === 0) return <EmptyState icon={<AssessmentIcon />} title={k('noRound')} />;
  const f = d.totals;
  const fmt = (minor: number) => money(minor / 100, d.currency);
  const sectors = d.bySector.map((s) => ({ label: s.sector, offer: s.expectedByOffer, demand: s.expectedByDemand }));
  const rounds = d.byRound.map((r) => ({ label: r.name, requests: r.requests, accepted: r.accepted, held: r.meetingsHeld }));
  const roundMoney = d.byRound.map((r) => ({ label: r.name, offer: r.expectedByOffer, demand: r.expectedByDemand }));
  const scores = d.satisfaction.map((s) => ({ label: '★'.repeat(s.score), value: s.count }));
  const count = (v: number) => v.toLocaleString('es-PE');
  const row = (r: ReportFigures) => [count(r.requests), count(r.accepted), pct(r.acceptanceRate), count(r.meetingsHeld), count(r.noShows), fmt(r.expectedByOffer + r.expectedByDemand), num(r.satisfactionAverage), count(r.helpRequests)];

  return (
    <Box>
      <PageHeader
        title={k('reportTitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={k('roundFilter')}
              value={roundId ?? ALL}
              onChange={(e) => setChoice(e.target.value)}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'report-round' } } }}
            >
              <MenuItem value={ALL}>{k('allRounds')}</MenuItem>
              {d.rounds.map((r) => (
                <MenuItem key={r._id} value={r._id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" startIcon={<DownloadIcon />} href={reportExportUrl(d.eventId, roundId)} download data-testid="report-export">
              {k('exportXlsx')}
            </Button>
          </Box>
        }
      />
      <StatGrid>
        <StatCard icon={<SendIcon />} label={k('requests')} value={<span data-testid="report-requests">{count(f.requests)}</span>} hint={k('requestsHint', { pending: f.pending, declined: f.declined, expired: f.expired, cancelled: f.cancelled })} />
        <StatCard icon={<HandshakeIcon />} label={k('acceptanceRate')} value={<span data-testid="report-acceptance">{pct(f.acceptanceRate)}</span>} hint={k('acceptedHint', { count: f.accepted })} />
        <StatCard icon={<EventAvailableIcon />} label={k('meetingsHeld')} value={<span data-testid="report-held">{count(f.meetingsHeld)}</span>} />
        <StatCard icon={<EventBusyIcon />} label={k('noShows')} value={<span data-testid="report-noshows">{count(f.noShows)}</span>} />
        <StatCard
          icon={<PaymentsIcon />}
          label={k('expectedBusiness')}
          value={<span data-testid="report-expected">{fmt(f.expectedByOffer + f.expectedByDemand)}</span>}
          hint={k('expectedHint', { offer: fmt(f.expectedByOffer), demand: fmt(f.expectedByDemand) })}
        />
        <StatCard icon={<StarIcon />} label={k('satisfactionAverage')} value={<span data-testid="report-satisfaction">{num(f.satisfactionAverage)}</span>} hint={k('answersHint', { count: f.pollAnswers })} />
        <StatCard
          icon={<SupportAgentIcon />}
          label={k('helpRequests')}
          value={<span data-testid="report-help">{count(f.helpRequests)}</span>}
          hint={f.helpAverageWaitSeconds === null ? undefined : k('helpWaitHint', { seconds: f.helpAverageWaitSeconds })}
        />
      </StatGrid>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mb: 3 }}>
        <ChartCard title={k('chartSector')} empty={sectors.length === 0} emptyText={k('noAnswers')} testId="report-chart-sector">
          <GroupedBars data={sectors} format={fmt} bars={[{ key: 'offer', name: k('sides.offer') }, { key: 'demand', name: k('sides.demand') }]} />
        </ChartCard>
        <ChartCard title={k('chartSatisfaction')} empty={f.pollAnswers === 0} emptyText={k('noAnswers')}>
          <SimpleBars data={scores} name={k('answers')} format={(v) => count(v)} />
        </ChartCard>
        <ChartCard title={k('chartRounds')} empty={rounds.length === 0} emptyText={k('noRound')}>
          <GroupedBars
            data={rounds}
            format={(v) => count(v)}
            bars={[
              { key: 'requests', name: k('requests') },
              { key: 'accepted', name: k('accepted') },
              { key: 'held', name: k('meetingsHeld') },
            ]}
          />
        </ChartCard>
        <ChartCard title={k('chartRoundMoney')} empty={roundMoney.length === 0} emptyText={k('noRound')}>
          <GroupedBars data={roundMoney} format={fmt} bars={[{ key: 'offer', name: k('sides.offer') }, { key: 'demand', name: k('sides.demand') }]} />
        </ChartCard>
      </Box>

      <Paper variant="outlined" sx={{ mb: 3, minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, p: 2, pb: 1 }}>
          {k('byRound')}
        </Typography>
        {/* Wide: it scrolls sideways on small screens, so it takes the keyboard focus (axe: scrollable region). */}
        <TableContainer tabIndex={0} role="region" aria-label={k('byRound')}>
          <Table size="small" aria-label={k('byRound')} data-testid="report-rounds">
            <TableHead>
              <TableRow>
                {[k('round'), k('requests'), k('accepted'), k('acceptanceRate'), k('meetingsHeld'), k('noShows'), k('expectedBusiness'), k('satisfactionAverage'), k('helpRequests')].map((h, i) => (
                  <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.byRound.map((r) => (
                <TableRow key={r.roundId}>
                  <TableCell>{r.name}</TableCell>
                  {row(r).map((v, i) => (
                    <TableCell key={i} align="right">
                      {v}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <Paper variant="outlined" sx={{ mb: 3, minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, p: 2, pb: 1 }}>
          {k('bySector')}
        </Typography>
        {d.bySector.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {k('noAnswers')}
          </Typography>
        ) : (
          <TableContainer tabIndex={0} role="region" aria-label={k('bySector')}>
            <Table size="small" aria-label={k('bySector')} data-testid="report-sectors">
              <TableHead>
                <TableRow>
                  <TableCell>{k('grid.sector')}</TableCell>
                  <TableCell align="right">{k('expectedByOffer')}</TableCell>
                  <TableCell align="right">{k('expectedByDemand')}</TableCell>
                  <TableCell align="right">{k('answers')}</TableCell>
                  <TableCell align="right">{k('satisfactionAverage')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.bySector.map((s) => (
                  <TableRow key={s.sector}>
                    <TableCell>{s.sector}</TableCell>
                    <TableCell align="right">{fmt(s.expectedByOffer)}</TableCell>
                    <TableCell align="right">{fmt(s.expectedByDemand)}</TableCell>
                    <TableCell align="right">{count(s.answers)}</TableCell>
                    <TableCell align="right">{num(s.satisfactionAverage)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </Box>
  );
}
