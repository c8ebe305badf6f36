import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { foldText } from '@contracts/businessConference-participants';
import type { AttendanceParticipantRow, MeetingOutcomeDto } from '@contracts/businessConference-desk';
import { useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { showSnackbar } from '../../../app/snackbar';
import { useAppDispatch } from '../../../app/store';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { EmptyState, PageHeader, StatCard, StatGrid } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useAttendanceQuery, useRoundOutcomesQuery, useSetAttendanceMutation } from './api';
import { HELP_ERROR_TIMEOUT } from './HelpButton';
import { dayLabel } from './format';

/** Meetings held, disputed and the no-shows by participant, from what both sides said. */
function outcomeSummary(outcomes: MeetingOutcomeDto[]) {
  const noShows = new Map<string, number>();
  let held = 0;
  let notHeld = 0;
  let disputed = 0;
  for (const o of outcomes) {
    if (o.happened === true) held++;
    if (o.happened === false) notHeld++;
    if (o.disputed) disputed++;
    if (o.offerNoShow) noShows.set(o.offerParticipantId, (noShows.get(o.offerParticipantId) ?? 0) + 1);
    if (o.demandNoShow) noShows.set(o.demandParticipantId, (noShows.get(o.demandParticipantId) ?? 0) + 1);
  }
  return { held, notHeld, disputed, noShows };
}

/**
 * `registerAttendance` (administrator): the current round's approved participants, searchable by company or
 * name, with a check-in per day of the round (idempotent: ticking twice checks in once) and the counts per day;
 * below, what the meetings' two sides said (held, not held) and who did not come.
 */
export default function RegisterAttendancePage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.desk.attendance.${key}`, o);
  const dispatch = useAppDispatch();
  const { round, loading } = useCurrentRound();
  const q = useAttendanceQuery(round?._id ?? '', { skip: !round });
  const outcomes = useRoundOutcomesQuery(round?._id ?? '', { skip: !round });
  const [setAttendance] = useSetAttendanceMutation();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const words = foldText(search).split(' ').filter(Boolean);
    const all = q.data?.rows ?? [];
    if (!words.length) return all;
    return all.filter((r) => {
      const hay = foldText(`${r.companyName} ${r.contactName}`);
      return words.every((w) => hay.includes(w));
    });
  }, [q.data, search]);
  const summary = useMemo(() => outcomeSummary(outcomes.data ?? []), [outcomes.data]);

  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={t('common.loading')} />;
  if (!round) return <EmptyState icon={<HowToRegIcon />} title={k('noRound')} />;
  if (q.error || !q.data) return <ErrorView {...describeError(q.error)} />;
  const { days, counts } = q.data;
  const total = q.data.rows.length;
  const names = new Map(q.data.rows.map((r) => [r.participantId, r.companyName]));

  const toggle = async (row: AttendanceParticipantRow, day: string, present: boolean) => {
    const r = await setAttendance({ roundId: round._id, participantId: row.participantId, day, present, clientId: newClientId() });
    if ('error' in r) dispatch(showSnackbar({ text: apiErrorMessage(r.error, t('common.unexpectedError')), severity: 'error', timeout: HELP_ERROR_TIMEOUT }));
  };

  return (
    <Box>
      <PageHeader title={k('title')} subtitle={round.name} />
      <StatGrid>
        {days.map((d) => (
          <StatCard key={d} icon={<EventAvailableIcon />} label={dayLabel(d)} value={<span data-testid={`attendance-count-${d}`}>{counts[d] ?? 0}</span>} hint={k('ofTotal', { total })} />
        ))}
      </StatGrid>
      <TextField
        label={k('search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        fullWidth
        sx={{ my: 2, maxWidth: 480 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      {total === 0 ? (
        <EmptyState icon={<HowToRegIcon />} title={k('empty')} text={k('emptyHint')} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{k('noMatch')}</Typography>
      ) : (
        <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={k('title')} data-testid="attendance-list">
          {rows.map((row, i) => (
            <Box
              component="li"
              key={row.participantId}
              data-testid="attendance-row"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {row.companyName}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {row.contactName} · {k(`types.${row.type}`)}
                </Typography>
              </Box>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
                {days.map((d) => (
                  <FormControlLabel
                    key={d}
                    label={dayLabel(d)}
                    control={
                      <Checkbox
                        checked={row.days.includes(d)}
                        onChange={(e) => toggle(row, d, e.target.checked)}
                        slotProps={{ input: { 'aria-label': k('checkIn', { company: row.companyName, day: dayLabel(d) }) } }}
                      />
                    }
                  />
                ))}
              </Stack>
            </Box>
          ))}
        </Paper>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {k('outcomesTitle')}
      </Typography>
      {outcomes.error ? (
        <ErrorView {...describeError(outcomes.error)} />
      ) : (
        <>
          <StatGrid>
            <StatCard icon={<HowToRegIcon />} label={k('held')} value={<span data-testid="outcomes-held">{summary.held}</span>} hint={k('answered', { count: outcomes.data?.length ?? 0 })} />
            <StatCard icon={<PersonOffIcon />} label={k('notHeld')} value={summary.notHeld} hint={summary.disputed ? k('disputed', { count: summary.disputed }) : undefined} />
          </StatGrid>
          {summary.noShows.size === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {k('noNoShows')}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label={k('noShows')} data-testid="no-shows">
              {[...summary.noShows].map(([id, n]) => (
                <Chip key={id} color="error" variant="outlined" icon={<PersonOffIcon />} label={k('noShowChip', { company: names.get(id) ?? id, count: n })} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
