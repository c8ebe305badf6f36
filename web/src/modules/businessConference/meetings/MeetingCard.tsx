import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MeetingStatus, MyMeetingDto } from '@contracts/businessConference-meetings';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useRespondMeetingMutation } from './api';
import { formatSlot } from './format';

const K = 'businessConference.meetings';

const STATUS_COLOR: Record<MeetingStatus, ChipProps['color']> = {
  requested: 'warning',
  accepted: 'success',
  declined: 'default',
  expired: 'default',
  cancelled: 'error',
};

export function MeetingStatusChip({ status }: { status: MeetingStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`${K}.status_${status}`)} />;
}

/** Where and when: the slot on the round's clock and the table or the virtual room (or "not scheduled yet"). */
export function MeetingPlace({ meeting }: { meeting: MyMeetingDto }) {
  const { t } = useTranslation();
  if (meeting.status !== 'accepted') return null;
  if (!meeting.place) return <Typography variant="body2" color="text.secondary">{t(`${K}.notScheduled`)}</Typography>;
  const p = meeting.place;
  return (
    <Typography variant="body2" data-testid={`meeting-place-${meeting._id}`}>
      <strong>{formatSlot(p.start, p.end, meeting.timeZone)}</strong>
      {' · '}
      {meeting.venue === 'virtual' ? t(`${K}.virtualRoom`) : p.table !== null ? t(`${K}.table`, { table: p.table }) : ''}
      {p.phase === 'preliminary' ? ` · ${t(`${K}.preliminary`)}` : ''}
    </Typography>
  );
}

/**
 * One meeting as its participant sees it: the other company, the status, the place, the message, and what the
 * viewer may do now (accept or decline a received request, cancel a sent one or an accepted meeting, open the
 * virtual room). `extra` adds page-specific actions (the help button on the schedules pages); `detailHref` links
 * the meeting's detail page.
 */
export function MeetingCard({ meeting, showRound, extra, detailHref }: { meeting: MyMeetingDto; showRound?: boolean; extra?: ReactNode; detailHref?: string }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [respond] = useRespondMeetingMutation();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const c = meeting.counterpart;

  const act = async (action: 'accept' | 'decline' | 'cancel') => {
    setBusy(true);
    try {
      await respond({ id: meeting._id, action }).unwrap();
      notify(t(`${K}.done_${action}`), 'success');
    } catch (err) {
      notifyError(err, t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };
  const received = meeting.direction === 'received';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`meeting-${meeting._id}`} aria-labelledby={`meeting-title-${meeting._id}`} component="article">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Avatar src={c.logoUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
          {c.companyName.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={`meeting-title-${meeting._id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {c.companyName}
            </Typography>
            <MeetingStatusChip status={meeting.status} />
            <Chip size="small" variant="outlined" label={t(received ? `${K}.received` : `${K}.sent`)} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[c.sector, c.contactName, showRound ? meeting.roundName : null].filter(Boolean).join(' · ')}
          </Typography>
          <MeetingPlace meeting={meeting} />
          {meeting.message && (
            <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
              “{meeting.message}”
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {meeting.status === 'requested' && received && (
            <>
              <Button variant="contained" size="small" disabled={busy} onClick={() => act('accept')} data-testid={`accept-${meeting._id}`}>
                {t(`${K}.accept`)}
              </Button>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => act('decline')} data-testid={`decline-${meeting._id}`}>
                {t(`${K}.decline`)}
              </Button>
            </>
          )}
          {(meeting.status === 'accepted' || (meeting.status === 'requested' && !received)) && (
            <Button variant="text" color="error" size="small" disabled={busy} onClick={() => setConfirming(true)} data-testid={`cancel-${meeting._id}`}>
              {t(`${K}.cancel`)}
            </Button>
          )}
          {meeting.status === 'accepted' && meeting.venue === 'virtual' && meeting.place && (
            <Button component={RouterLink} to={`/mymeetings/room/${meeting._id}`} variant="contained" size="small">
              {t(`${K}.openRoom`)}
            </Button>
          )}
          {detailHref && (
            <Button component={RouterLink} to={detailHref} variant="outlined" size="small" aria-label={`${t(`${K}.viewDetail`)}: ${c.companyName}`} data-testid={`meeting-detail-${meeting._id}`}>
              {t(`${K}.viewDetail`)}
            </Button>
          )}
          {extra}
        </Stack>
      </Stack>
      <Dialog open={confirming} onClose={busy ? undefined : () => setConfirming(false)} aria-labelledby={`cancel-title-${meeting._id}`}>
        <DialogTitle id={`cancel-title-${meeting._id}`}>{t(`${K}.cancelTitle`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(`${K}.cancelText`, { company: c.companyName })}</DialogContentText>
        </DialogContent>
        <FormDialogActions
          onCancel={() => setConfirming(false)}
          cancelLabel={t(`${K}.keep`)}
          submitLabel={t(`${K}.cancel`)}
          danger
          busy={busy}
          submitTestId={`confirm-cancel-${meeting._id}`}
          onSubmit={async () => {
            await act('cancel');
            setConfirming(false);
          }}
        />
      </Dialog>
    </Paper>
  );
}
