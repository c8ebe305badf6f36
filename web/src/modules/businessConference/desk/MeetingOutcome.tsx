import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { MeetingSide } from '@contracts/businessConference-desk';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useMeetingOutcomeQuery, useReportOutcomeMutation } from './api';

/**
 * After a meeting has started, asks this side whether it happened ("Sí, se realizó" / "No, no asistieron"); a
 * "no" records the other side as a no-show. Shows nothing before the meeting's slot (or while it is not placed).
 */
export default function MeetingOutcome({ meetingId, side }: { meetingId: string; side: MeetingSide }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`businessConference.desk.outcome.${key}`);
  const q = useMeetingOutcomeQuery({ meetingId, side });
  const [report, saving] = useReportOutcomeMutation();
  const [error, setError] = useState<string | null>(null);
  if (!q.data?.canAnswer) return null;
  const mine = side === 'offer' ? q.data.data?.offerSays : q.data.data?.demandSays;
  const value = mine === true ? 'yes' : mine === false ? 'no' : null;

  const onChange = async (_: unknown, next: 'yes' | 'no' | null) => {
    if (!next || next === value) return;
    setError(null);
    const r = await report({ meetingId, side, happened: next === 'yes', clientId: newClientId() });
    if ('error' in r) setError(apiErrorMessage(r.error, t('common.unexpectedError')));
  };

  return (
    <Stack spacing={0.75} data-testid={`outcome-${meetingId}`}>
      <Typography variant="body2" id={`outcome-q-${meetingId}`}>
        {k('question')}
      </Typography>
      <ToggleButtonGroup size="small" exclusive value={value} onChange={onChange} disabled={saving.isLoading} aria-labelledby={`outcome-q-${meetingId}`}>
        <ToggleButton value="yes" color="success">
          {k('yes')}
        </ToggleButton>
        <ToggleButton value="no" color="error">
          {k('no')}
        </ToggleButton>
      </ToggleButtonGroup>
      {value && (
        <Typography variant="caption" color="text.secondary" role="status">
          {value === 'yes' ? k('savedYes') : k('savedNo')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
