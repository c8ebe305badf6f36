import AddIcon from '@mui/icons-material/Add';
import MailIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ReminderDto, ReminderWhen } from '@contracts/sales-admin';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog, FormDialogActions } from '../../../components/FormDialogActions';
import { useConfirmedAction, useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { EmptyState, PageHeader } from '../../events/components/common';
import { fromLocalInput, shortDate, toLocalInput } from '../../events/format';
import { useCancelReminderMutation, useCreateReminderMutation, useRemindersQuery, useUpdateReminderMutation } from './api';
import { newClientId } from '../../../app/clientId';

type Draft = { subject: string; body: string; kind: 'before' | 'at'; amount: string; unit: 'hours' | 'days'; at: string };

// Readable on the chip (WCAG AA): filled green once sent, outlined grey otherwise.
const STATUS_COLOR = { scheduled: 'default', sent: 'success', cancelled: 'default' } as const;

function ReminderDialog({ eventId, timeZone, editing, onClose }: { eventId: string; timeZone: string; editing: ReminderDto | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [create, c] = useCreateReminderMutation();
  const [update, u] = useUpdateReminderMutation();
  const busy = c.isLoading || u.isLoading;
  const [clientId] = useState(newClientId);
  const [error, setError] = useState<string | null>(null);
  const from = editing === 'new' ? null : editing;
  const [d, setD] = useState<Draft>({
    subject: from?.subject ?? '',
    body: from?.body ?? '',
    kind: from?.when.kind ?? 'before',
    amount: from?.when.kind === 'before' ? String(from.when.amount) : '1',
    unit: from?.when.kind === 'before' ? from.when.unit : 'days',
    at: from?.when.kind === 'at' ? toLocalInput(from.when.at, timeZone) : '',
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const when: ReminderWhen = d.kind === 'before' ? { kind: 'before', amount: Number(d.amount), unit: d.unit } : { kind: 'at', at: fromLocalInput(d.at, timeZone) };
    const body = { subject: d.subject.trim(), body: d.body.trim(), when, clientId };
    try {
      const r = from ? await update({ eventId, reminderId: from.id, body }).unwrap() : await create({ eventId, body }).unwrap();
      notify(r.message ?? '', 'success');
      onClose();
    } catch (err) {
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby="reminder-title">
      <DialogTitle id="reminder-title">{t(from ? 'sales.admin.reminders.editTitle' : 'sales.admin.reminders.newTitle')}</DialogTitle>
      <DialogContent>
        <Box component="form" id="reminder-form" onSubmit={submit} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField label={t('sales.admin.reminders.subject')} value={d.subject} onChange={(e) => setD({ ...d, subject: e.target.value })} required slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField
            label={t('sales.admin.reminders.body')}
            value={d.body}
            onChange={(e) => setD({ ...d, body: e.target.value })}
            required
            multiline
            minRows={4}
            helperText={t('sales.admin.reminders.bodyHelp')}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <RadioGroup row value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as Draft['kind'] })} aria-label={t('sales.admin.reminders.when')}>
            <FormControlLabel value="before" control={<Radio />} label={t('sales.admin.reminders.before')} />
            <FormControlLabel value="at" control={<Radio />} label={t('sales.admin.reminders.at')} />
          </RadioGroup>
          {d.kind === 'before' ? (
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <TextField type="number" label={t('sales.admin.reminders.amount')} value={d.amount} onChange={(e) => setD({ ...d, amount: e.target.value })} required slotProps={{ htmlInput: { min: 1, max: 365 } }} sx={{ width: 140 }} />
              <TextField select label={t('sales.admin.reminders.unit')} value={d.unit} onChange={(e) => setD({ ...d, unit: e.target.value as Draft['unit'] })} sx={{ width: 200 }}>
                <MenuItem value="hours">{t('sales.admin.reminders.hoursBefore')}</MenuItem>
                <MenuItem value="days">{t('sales.admin.reminders.daysBefore')}</MenuItem>
              </TextField>
            </Box>
          ) : (
            <TextField type="datetime-local" label={t('sales.admin.reminders.date')} value={d.at} onChange={(e) => setD({ ...d, at: e.target.value })} required slotProps={{ inputLabel: { shrink: true } }} helperText={t('sales.admin.reminders.timeZone', { zone: timeZone })} />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="reminder-form" busy={busy} submitLabel={t('sales.admin.reminders.save')} submitTestId="reminder-save" />
    </Dialog>
  );
}

/** manageAttendees/reminders: e-mails to the event's attendees before it starts, scheduled, edited or cancelled. */
export default function RemindersPage() {
  const { t } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const canManage = (roleData?.actions ?? []).includes('order.manage');
  const info = useEventInformationQuery(eventId!, { skip: !eventId });
  const { data, error, isLoading } = useRemindersQuery(eventId!, { skip: !eventId });
  const [editing, setEditing] = useState<ReminderDto | 'new' | null>(null);
  const [cancelReminder, cancelState] = useCancelReminderMutation();
  const [pending, setPending, confirm] = useConfirmedAction<ReminderDto>();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data || !eventId) return <LinearProgress aria-label={t('common.loading')} />;
  const tz = info.data?.data.timeZone ?? 'America/Lima';
  const whenText = (r: ReminderDto) =>
    r.when.kind === 'before' ? t(`sales.admin.reminders.${r.when.unit}BeforeCount`, { count: r.when.amount }) : t('sales.admin.reminders.fixedDate');
  return (
    <>
      <PageHeader
        title={t('sales.admin.reminders.title')}
        subtitle={t('sales.admin.reminders.subtitle')}
        actions={
          canManage &&
          !info.data?.data.cancelledAt && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('sales.admin.reminders.new')}
            </Button>
          )
        }
      />
      {data.length === 0 ? (
        <EmptyState icon={<MailIcon />} title={t('sales.admin.reminders.emptyTitle')} text={t('sales.admin.reminders.emptyText')} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('sales.admin.reminders.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sales.admin.reminders.subject')}</TableCell>
                <TableCell>{t('sales.admin.reminders.when')}</TableCell>
                <TableCell>{t('sales.admin.reminders.dueAt')}</TableCell>
                <TableCell>{t('sales.admin.grid.status')}</TableCell>
                <TableCell align="right">{t('sales.admin.reminders.sentCount')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.subject}</TableCell>
                  <TableCell>{whenText(r)}</TableCell>
                  <TableCell>{shortDate(r.dueAt, tz)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLOR[r.status]} variant={r.status === 'sent' ? 'filled' : 'outlined'} label={t(`sales.admin.reminders.status_${r.status}`)} />
                  </TableCell>
                  <TableCell align="right">{r.status === 'sent' ? r.sentCount : '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canManage && r.status === 'scheduled' && (
                      <>
                        <Button size="small" onClick={() => setEditing(r)}>
                          {t('sales.admin.reminders.edit')}
                        </Button>
                        <Button size="small" color="error" onClick={() => setPending(r)}>
                          {t('sales.admin.reminders.cancel')}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <ReminderDialog key={editing === 'new' ? 'new' : editing.id} eventId={eventId} timeZone={tz} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!pending}
        titleId="reminder-cancel-title"
        title={t('sales.admin.reminders.cancelTitle')}
        text={t('sales.admin.reminders.cancelText', { subject: pending?.subject ?? '' })}
        onCancel={() => setPending(null)}
        onConfirm={() => confirm((r) => cancelReminder({ eventId, reminderId: r.id }).unwrap(), t('sales.admin.reminders.cancelled'))}
        busy={cancelState.isLoading}
        danger
        submitLabel={t('sales.admin.reminders.cancelConfirm')}
      />
    </>
  );
}
