import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useRef, useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useRoundQuery } from '../rounds/api';
import { useRequestMeetingMutation } from './api';
import { formatSlot } from './format';

/**
 * "Solicitar reunión": a button that opens a dialog with an optional message and preferred slot, and sends the
 * request to the counterpart (a participant of the other side of the round). The server decides everything else
 * (sides, deadline, quota, an open request of the pair) and its Spanish refusal is shown in the dialog. The
 * client id is kept while the dialog is open, so a retry after a lost answer is the same request.
 */
export default function RequestMeetingButton({ roundId, counterpartId, ...button }: { roundId: string; counterpartId: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [slotId, setSlotId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  const clientId = useRef<string>(newClientId());
  const { data: round } = useRoundQuery(roundId, { skip: !open });
  const [request, { isLoading }] = useRequestMeetingMutation();
  const formId = `request-meeting-${counterpartId}`;

  const start = () => {
    clientId.current = newClientId();
    setMessage('');
    setSlotId('');
    setError(null);
    setFieldError({});
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError({});
    try {
      const r = await request({ roundId, counterpartId, preferredSlotId: slotId || null, message: message.trim() || null, clientId: clientId.current }).unwrap();
      setOpen(false);
      notify(r.data.status === 'accepted' ? t('businessConference.meetings.requestAccepted') : t('businessConference.meetings.requestSent'), 'success');
    } catch (err) {
      const body = apiErrorBody(err);
      setFieldError(Object.fromEntries((body?.errors ?? []).map((x) => [x.path.split('.').pop() ?? x.path, x.message])));
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };

  const slots = round?.slots ?? [];
  return (
    <>
      <Button variant="contained" size="small" startIcon={<EventAvailableIcon />} onClick={start} data-testid={`request-meeting-${counterpartId}`} {...button}>
        {t('businessConference.meetings.request')}
      </Button>
      <Dialog open={open} onClose={isLoading ? undefined : () => setOpen(false)} aria-labelledby={`${formId}-title`} fullWidth maxWidth="sm">
        <DialogTitle id={`${formId}-title`}>{t('businessConference.meetings.requestTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('businessConference.meetings.requestText')}</DialogContentText>
          <form id={formId} onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
            <TextField
              select
              id={`${formId}-slot`}
              label={t('businessConference.meetings.preferredSlot')}
              value={slotId}
              onChange={(e) => setSlotId(e.target.value)}
              error={!!fieldError.preferredSlotId}
              helperText={fieldError.preferredSlotId ?? t('businessConference.meetings.preferredSlotHelp')}
              fullWidth
            >
              <MenuItem value="">{t('businessConference.meetings.anySlot')}</MenuItem>
              {slots.map((s) => (
                <MenuItem key={s.slotId} value={s.slotId}>
                  {formatSlot(s.start, s.end, round?.timeZone)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              id={`${formId}-message`}
              label={t('businessConference.meetings.message')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              error={!!fieldError.message}
              helperText={fieldError.message ?? t('businessConference.meetings.messageHelp')}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              fullWidth
            />
            {error && <Alert severity="error">{error}</Alert>}
          </form>
        </DialogContent>
        <FormDialogActions onCancel={() => setOpen(false)} submitLabel={t('businessConference.meetings.send')} form={formId} busy={isLoading} submitTestId="request-meeting-submit" />
      </Dialog>
    </>
  );
}
