import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import PollIcon from '@mui/icons-material/PollOutlined';
import type { PollSide } from '@contracts/businessConference-insights';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { EmptyState, PageHeader } from '../../events/components/common';
import { useCurrentRound } from '../rounds/useRound';
import { useMyPollsQuery } from './api';
import { PollForm, when } from './PollForm';

/**
 * The participant's post-meeting polls of the current round (offer_demand groups: /offer/poll lists the meetings
 * where they are the offerer, /demand/poll where they are the demander): one form per accepted meeting.
 */
export default function MyPollsPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.insights.${key}`, o);
  const { page } = useModuleArea();
  const side: PollSide = page.startsWith('/demand') ? 'demand' : 'offer';
  const { round, loading } = useCurrentRound();
  const q = useMyPollsQuery({ roundId: round?._id ?? '', side }, { skip: !round });
  if (loading || (round && q.isLoading)) return <LinearProgress aria-label={t('common.loading')} />;
  if (!round) return <EmptyState icon={<PollIcon />} title={k('noRound')} />;
  if (q.error) return <ErrorView {...describeError(q.error)} />;
  const d = q.data!;
  return (
    <Box>
      <PageHeader title={k(side === 'offer' ? 'myPollsOffer' : 'myPollsDemand')} subtitle={`${d.roundName} · ${k('closesAt', { date: when(d.closesAt, round.timeZone) })}`} />
      {!d.open && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="poll-closed">
          {k('closed')}
        </Alert>
      )}
      {d.items.length === 0 ? (
        <EmptyState icon={<PollIcon />} title={k('noMeetings')} text={k('noMeetingsHint')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {d.items.map((item) => (
            <PollForm key={item.meetingId} roundId={d.roundId} item={item} currency={d.currency} open={d.open} timeZone={round.timeZone} />
          ))}
        </Box>
      )}
    </Box>
  );
}
