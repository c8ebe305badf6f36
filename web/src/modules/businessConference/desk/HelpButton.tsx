import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgentOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MeetingSide } from '@contracts/businessConference-desk';
import { apiErrorMessage } from '../../../app/api';
import { showSnackbar } from '../../../app/snackbar';
import { useAppDispatch } from '../../../app/store';
import { useTranslation } from '../../../i18n';
import { useMeetingHelpQuery, useScheduleHelpMutation } from './api';
import { openChatWith } from './openChat';

/** Spec 9: the help success snackbar shows 4 s, a failure's messagePublic 5 s. */
export const HELP_SUCCESS_TIMEOUT = 4000;
export const HELP_ERROR_TIMEOUT = 5000;

/**
 * "Pedir ayuda" on a participant's meeting (schedule pages): sends `businessConferenceScheduleHelp` and shows
 * the spec's "En breves momentos se conectará un administrador". While a request is open the button shows its
 * state live (waiting, then who is helping, with a button to their chat); asking again answers the same request.
 */
export default function HelpButton({ meetingId, type }: { meetingId: string; type: MeetingSide }) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`businessConference.desk.help.${key}`, o);
  const dispatch = useAppDispatch();
  const help = useMeetingHelpQuery({ meetingId, side: type });
  const [ask, asking] = useScheduleHelpMutation();
  const current = help.data?.find((r) => r.status !== 'resolved') ?? null;

  const onAsk = async () => {
    const r = await ask({ meetingId, type });
    if ('error' in r) {
      dispatch(showSnackbar({ text: apiErrorMessage(r.error, t('common.unexpectedError')), severity: 'error', timeout: HELP_ERROR_TIMEOUT }));
      return;
    }
    dispatch(showSnackbar({ text: r.data.message || k('asked'), severity: 'success', timeout: HELP_SUCCESS_TIMEOUT }));
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} data-testid={`help-${meetingId}`}>
      <Button size="small" variant="outlined" startIcon={<SupportAgentIcon />} onClick={onAsk} disabled={asking.isLoading} data-testid="help-ask">
        {k('ask')}
      </Button>
      {current?.status === 'open' && <Chip size="small" color="warning" label={k('waiting')} data-testid="help-state" />}
      {current?.status === 'taken' && (
        <>
          <Chip size="small" color="success" label={k('takenBy', { name: current.takenByName ?? '' })} data-testid="help-state" />
          {current.takenBy && (
            <Button size="small" startIcon={<ChatIcon />} onClick={() => openChatWith(dispatch, current.takenBy!)}>
              {k('openChat')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
