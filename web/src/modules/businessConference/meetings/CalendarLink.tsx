import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useMeetingFeedMutation } from './api';

const K = 'businessConference.meetings';

/**
 * The participant's calendar subscription for one round: the secret iCal URL once issued (copy, or open as
 * webcal:// in the device's calendar), else a button that issues it.
 */
export function CalendarLink({ roundId, url, label }: { roundId: string; url: string | null; label?: string }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [issue, { isLoading }] = useMeetingFeedMutation();
  if (!url) {
    return (
      <Button
        variant="outlined"
        startIcon={<EventIcon />}
        disabled={isLoading}
        onClick={() => issue({ roundId }).unwrap().catch((err: unknown) => notifyError(err, t('common.unexpectedError')))}
        data-testid={`calendar-issue-${roundId}`}
      >
        {label ?? t(`${K}.calendarGet`)}
      </Button>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify(t(`${K}.calendarCopied`), 'success');
    } catch {
      notify(t(`${K}.calendarCopyFailed`), 'warning');
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          id={`calendar-url-${roundId}`}
          label={label ?? t(`${K}.calendarUrl`)}
          value={url}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': `calendar-url-${roundId}` } }}
        />
        <Tooltip title={t(`${K}.calendarCopy`)}>
          <IconButton onClick={copy} aria-label={t(`${K}.calendarCopy`)}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Alert severity="info" variant="outlined" action={<Button size="small" href={url.replace(/^https?:/, 'webcal:')}>{t(`${K}.calendarSubscribe`)}</Button>}>
        {t(`${K}.calendarHelp`)}
      </Alert>
    </Box>
  );
}
