import AddIcon from '@mui/icons-material/Add';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { TICKET_VISIBILITIES, ticketTypeFieldsSchema, type TicketTypeDto } from '@contracts/events';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog, FormDialogActions } from '../../../components/FormDialogActions';
import { useConfirmedAction, useNotify } from '../../../components/notify';
import { useCreateTicketMutation, useDeleteTicketMutation, useEventInformationQuery, useUpdateTicketMutation } from '../api';
import { useModuleArea } from '../area/context';
import { EmptyState, PageHeader } from '../components/common';
import { num, zodFieldErrors, type FieldErrors, useFormErrors } from '../components/zodErrors';
import { CURRENCY_PREFIX, fromLocalInput, money, shortDate, toLocalInput } from '../format';

interface Form {
  name: string;
  price: string;
  quantity: string;
  saleStart: string;
  saleEnd: string;
  minPerOrder: string;
  maxPerOrder: string;
  visibility: string;
}
const EMPTY: Form = { name: '', price: '0', quantity: '100', saleStart: '', saleEnd: '', minPerOrder: '1', maxPerOrder: '10', visibility: 'public' };

function TicketDialog({
  open,
  onClose,
  ticket,
  eventId,
  eventEnd,
  currency,
  timeZone,
}: {
  open: boolean;
  onClose: () => void;
  ticket: TicketTypeDto | null;
  eventId: string;
  /** The event's end (ISO): sales must start and end before it. */
  eventEnd: string;
  currency: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [create, createState] = useCreateTicketMutation();
  const [update, updateState] = useUpdateTicketMutation();
  const [form, setForm] = useState<Form>(() =>
    ticket
      ? {
          name: ticket.name,
          price: String(ticket.price),
          quantity: String(ticket.quantity),
          saleStart: toLocalInput(ticket.saleStart, timeZone),
          saleEnd: toLocalInput(ticket.saleEnd, timeZone),
          minPerOrder: String(ticket.minPerOrder),
          maxPerOrder: String(ticket.maxPerOrder),
          visibility: ticket.visibility,
        }
      : EMPTY,
  );
  const { errors, setErrors, formRef, reject, saveFailed } = useFormErrors();
  // One client id per dialog: a retried create never makes a second ticket type.
  const [clientId] = useState(() => crypto.randomUUID());
  const busy = createState.isLoading || updateState.isLoading;
  const fullScreen = useMediaQuery('(max-width:599.95px)');

  const bind = (name: keyof Form) => ({
    id: `ticket-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
    error: !!errors[name],
    helperText: errors[name],
  });

  const submit = async () => {
    const candidate = {
      name: form.name,
      price: num(form.price),
      quantity: num(form.quantity),
      saleStart: form.saleStart ? fromLocalInput(form.saleStart, timeZone) : null,
      saleEnd: form.saleEnd ? fromLocalInput(form.saleEnd, timeZone) : null,
      minPerOrder: num(form.minPerOrder),
      maxPerOrder: num(form.maxPerOrder),
      visibility: form.visibility,
    };
    const parsed = ticketTypeFieldsSchema.safeParse(candidate);
    const errs: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (candidate.saleStart && candidate.saleEnd && candidate.saleEnd <= candidate.saleStart) errs.saleEnd ??= t('events.tickets.saleEndAfterStart');
    const end = Date.parse(eventEnd);
    if (candidate.saleEnd && Date.parse(candidate.saleEnd) > end) errs.saleEnd ??= t('events.tickets.saleAfterEventEnd');
    if (candidate.saleStart && Date.parse(candidate.saleStart) >= end) errs.saleStart ??= t('events.tickets.saleAfterEventEnd');
    if ((candidate.minPerOrder ?? 1) > (candidate.maxPerOrder ?? 10)) errs.maxPerOrder ??= t('events.tickets.maxAboveMin');
    if (!parsed.success || Object.values(errs).some(Boolean)) {
      reject(errs);
      return;
    }
    try {
      if (ticket) await update({ eventId, itemId: ticket._id, body: parsed.data }).unwrap();
      else await create({ eventId, body: { ...parsed.data, clientId } }).unwrap();
      notify(ticket ? t('events.tickets.updated') : t('events.tickets.created'), 'success');
      onClose();
    } catch (error) {
      saveFailed(error);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="ticket-dialog-title">
      <DialogTitle id="ticket-dialog-title">{ticket ? t('events.tickets.editTitle') : t('events.tickets.newTitle')}</DialogTitle>
      <DialogContent>
        <Box component="form" ref={formRef} id="ticket-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
          <TextField {...bind('name')} label={t('events.tickets.name')} required autoFocus sx={{ gridColumn: '1 / -1' }} placeholder={t('events.tickets.namePlaceholder')} />
          <TextField
            {...bind('price')}
            label={t('events.tickets.price')}
            type="number"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">{CURRENCY_PREFIX[currency] ?? currency}</InputAdornment> }, htmlInput: { min: 0, step: '0.01' } }}
            helperText={errors.price ?? t('events.tickets.priceHelp')}
          />
          <TextField {...bind('quantity')} label={t('events.tickets.quantity')} type="number" required slotProps={{ htmlInput: { min: 1 } }} />
          <TextField {...bind('saleStart')} label={t('events.tickets.saleStart')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText={errors.saleStart ?? t('events.tickets.saleOptional')} />
          <TextField {...bind('saleEnd')} label={t('events.tickets.saleEnd')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText={errors.saleEnd ?? t('events.tickets.saleOptional')} />
          <TextField {...bind('minPerOrder')} label={t('events.tickets.minPerOrder')} type="number" slotProps={{ htmlInput: { min: 1 } }} />
          <TextField {...bind('maxPerOrder')} label={t('events.tickets.maxPerOrder')} type="number" slotProps={{ htmlInput: { min: 1 } }} />
          <TextField {...bind('visibility')} select label={t('events.tickets.visibility')} sx={{ gridColumn: '1 / -1' }} helperText={errors.visibility ?? t(`events.tickets.visibilityHelp_${form.visibility}`)}>
            {TICKET_VISIBILITIES.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`events.tickets.visibility_${v}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="ticket-form" busy={busy} submitLabel={busy ? t('common.saving') : t('common.save')} submitTestId="ticket-save" />
    </Dialog>
  );
}

/** Ticket types of the event: list, create, edit, delete. */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading } = useEventInformationQuery(eventId!, { skip: !eventId });
  const [remove, removeState] = useDeleteTicketMutation();
  const [editing, setEditing] = useState<TicketTypeDto | null | 'new'>(null);
  const [deleting, setDeleting, confirmDelete] = useConfirmedAction<TicketTypeDto>();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const ev = data.data;
  const tickets = data.ticketTypes;

  return (
    <Box>
      <PageHeader
        title={t('events.tickets.title')}
        subtitle={t('events.tickets.subtitle', { currency: ev.currency })}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="ticket-new">
            {t('events.tickets.new')}
          </Button>
        }
      />
      {tickets.length === 0 ? (
        <EmptyState
          icon={<ConfirmationNumberIcon />}
          title={t('events.tickets.emptyTitle')}
          text={t('events.tickets.emptyText')}
          action={
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {t('events.tickets.new')}
            </Button>
          }
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('events.tickets.title')} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('events.tickets.name')}</TableCell>
                <TableCell align="right">{t('events.tickets.price')}</TableCell>
                <TableCell align="right">{t('events.tickets.quantity')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('events.tickets.sales')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('events.tickets.perOrder')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('events.tickets.visibility')}</TableCell>
                <TableCell align="right">
                  <span className="sr-only" style={{ position: 'absolute', left: -9999 }}>{t('events.common.actions')}</span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tickets.map((tt) => (
                <TableRow key={tt._id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{tt.name}</TableCell>
                  <TableCell align="right">{tt.price === 0 ? <Chip size="small" color="success" variant="outlined" label={t('events.common.free')} /> : money(tt.price, ev.currency)}</TableCell>
                  <TableCell align="right">{tt.quantity}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, fontSize: 13, color: 'text.secondary' }}>
                    {tt.saleStart || tt.saleEnd ? `${tt.saleStart ? shortDate(tt.saleStart, ev.timeZone) : '—'} → ${tt.saleEnd ? shortDate(tt.saleEnd, ev.timeZone) : '—'}` : t('events.tickets.alwaysOnSale')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {tt.minPerOrder} – {tt.maxPerOrder}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t(`events.tickets.visibility_${tt.visibility}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('events.common.edit')}>
                      <IconButton size="small" aria-label={`${t('events.common.edit')} ${tt.name}`} onClick={() => setEditing(tt)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('events.common.delete')}>
                      <IconButton size="small" aria-label={`${t('events.common.delete')} ${tt.name}`} onClick={() => setDeleting(tt)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {tickets.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('events.tickets.total', { count: tickets.reduce((s, x) => s + x.quantity, 0) })}
          {data.checklist.capacity ? ` · ${t('events.tickets.capacity', { capacity: data.checklist.capacity, max: data.checklist.sellableTotal })}` : ''}
        </Typography>
      )}
      {editing && (
        <TicketDialog
          open
          onClose={() => setEditing(null)}
          ticket={editing === 'new' ? null : editing}
          eventId={ev._id}
          eventEnd={ev.endDate}
          currency={ev.currency}
          timeZone={ev.timeZone}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onCancel={() => setDeleting(null)}
        titleId="ticket-delete-title"
        title={t('events.tickets.deleteTitle')}
        text={t('events.tickets.deleteText', { name: deleting?.name })}
        onConfirm={() => void confirmDelete((tt) => remove({ eventId: ev._id, itemId: tt._id }).unwrap(), t('events.tickets.deleted'))}
        submitLabel={t('events.common.delete')}
        submitDisabled={removeState.isLoading}
        danger
      />
    </Box>
  );
}
