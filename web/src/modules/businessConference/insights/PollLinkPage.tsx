import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { usePollLinkQuery } from './api';
import { PollForm, when } from './PollForm';

/**
 * `/{eventCode}/businessConference/{BCCode}/{type}/poll/{poll}`: the link sent after a meeting ({poll} is the
 * meeting id or a signed token naming the meeting and the participant). The signed-in participant answers there.
 */
export function Component() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.insights.${key}`, o);
  const { eventCode = '', BCCode = '', poll = '' } = useParams();
  const q = usePollLinkQuery({ eventCode, bcCode: BCCode, poll }, { skip: !eventCode || !BCCode || !poll });
  if (q.isLoading) return <LinearProgress aria-label={t('common.loading')} />;
  if (q.error || !q.data) return <ErrorView {...describeError(q.error)} />;
  const d = q.data;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {k('linkTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {d.roundName} · {k('closesAt', { date: when(d.closesAt) })}
      </Typography>
      {!d.open && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="poll-closed">
          {k('closed')}
        </Alert>
      )}
      <Box>
        <PollForm key={d.item.meetingId} roundId={d.roundId} item={d.item} currency={d.currency} open={d.open} />
      </Box>
    </Container>
  );
}
