import PollIcon from '@mui/icons-material/PollOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { PollRow } from '@contracts/businessConference-insights';
import { useMemo } from 'react';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { money } from '../../events/format';
import { useCurrentRound } from '../rounds/useRound';
import { useRoundPollsQuery } from './api';
import { when } from './PollForm';

const avgText = (v: number | null) => (v === null ? '—' : v.toLocaleString('es-PE', { maximumFractionDigits: 2 }));

/**
 * The organizer's `poll` page (bcPoll): every answer of the current round's post-meeting polls in a data grid
 * (meeting, side, both companies, interest, expected business, satisfaction, comment) and the averages.
 */
export default function PollPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.insights.${key}`, o);
  const { round, loading } = useCurrentRound();
  const q = useRoundPollsQuery(round?._id ?? '', { skip: !round });
  const d = q.data;
  const fmt = (minor: number) => money(minor / 100, d?.currency);
  const columns = useMemo<GridColDef<PollRow>[]>(
    () => [
      { field: 'companyName', headerName: k('grid.company'), flex: 1, minWidth: 160 },
      { field: 'side', headerName: k('grid.side'), width: 100, valueFormatter: (v: string) => k(`sides.${v}`) },
      { field: 'counterpartCompanyName', headerName: k('grid.counterpart'), flex: 1, minWidth: 160 },
      { field: 'sector', headerName: k('grid.sector'), width: 130 },
      { field: 'interest', headerName: k('interest'), width: 110, valueFormatter: (v: string) => k(`interests.${v}`) },
      { field: 'expectedAmount', headerName: k('expectedAmount'), type: 'number', width: 150, valueFormatter: (v: number) => fmt(v) },
      { field: 'satisfaction', headerName: k('satisfaction'), type: 'number', width: 120 },
      { field: 'comment', headerName: k('comment'), flex: 1.4, minWidth: 200 },
      { field: 'updatedAt', headerName: k('grid.answeredAt'), width: 150, valueFormatter: (v: string) => when(v, round?.timeZone) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [d?.currency, round?.timeZone, t],
  );
  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={t('common.loading')} />;
  if (!round) return <EmptyState icon={<PollIcon />} title={k('noRound')} />;
  if (q.error || !d) return <ErrorView {...describeError(q.error)} />;
  const s = d.summary;
  return (
    <Box>
      <PageHeader title={k('pollTitle')} subtitle={round.name} />
      <StatGrid>
        <StatCard icon={<ForumIcon />} label={k('answers')} value={<span data-testid="polls-answers">{s.answers}</span>} hint={k('meetingsAnswered', { answered: s.meetingsAnswered, total: s.meetings })} />
        <StatCard icon={<StarIcon />} label={k('satisfactionAverage')} value={<span data-testid="polls-satisfaction">{avgText(s.satisfactionAverage)}</span>} />
        <StatCard icon={<PaymentsIcon />} label={k('expectedTotal')} value={<span data-testid="polls-expected">{fmt(s.expectedAmountTotal)}</span>} hint={s.expectedAmountAverage === null ? undefined : k('expectedAverage', { amount: fmt(s.expectedAmountAverage) })} />
        <StatCard icon={<PollIcon />} label={k('interestHigh')} value={s.interest.high} hint={k('interestHint', { medium: s.interest.medium, low: s.interest.low, none: s.interest.none })} />
      </StatGrid>
      {d.rows.length === 0 ? (
        <EmptyState icon={<PollIcon />} title={k('noAnswers')} text={k('noAnswersHint')} />
      ) : (
        <Paper variant="outlined" sx={{ minWidth: 0 }} data-testid="polls-grid">
          <DataGrid
            aria-label={k('pollTitle')}
            rows={d.rows}
            getRowId={(r) => `${r.meetingId}:${r.side}`}
            columns={columns}
            pageSizeOptions={[10, 25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            disableRowSelectionOnClick
            getRowHeight={() => 'auto'}
            localeText={esES.components.MuiDataGrid.defaultProps.localeText}
            autoHeight
            sx={{ border: 0, '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' } }}
          />
        </Paper>
      )}
    </Box>
  );
}
