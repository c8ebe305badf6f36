import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import AddIcon from '@mui/icons-material/Add';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PAYMENT_MODES, paymentMethodFieldsSchema, type PaymentMethodDto, type PaymentMethodKind } from '@contracts/events';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { ConfirmDialog, FormDialogActions } from '../../../components/FormDialogActions';
import { useConfirmedAction, useNotify } from '../../../components/notify';
import { useCreatePaymentMethodMutation, useDeletePaymentMethodMutation, useEventInformationQuery, useUpdatePaymentMethodMutation } from '../api';
import { modulePath, useModuleArea } from '../area/context';
import { PageHeader } from '../components/common';
import { zodFieldErrors, useFormErrors } from '../components/zodErrors';

const KINDS: { kind: PaymentMethodKind; icon: ReactNode; multiple: boolean }[] = [
  { kind: 'card', icon: <CreditCardIcon />, multiple: false },
  { kind: 'merchant', icon: <StorefrontIcon />, multiple: false },
  { kind: 'bankDeposit', icon: <AccountBalanceIcon />, multiple: true },
  { kind: 'cash', icon: <PaymentsIcon />, multiple: false },
];

const FIELDS: Record<PaymentMethodKind, string[]> = {
  card: ['key', 'secretKey'],
  merchant: ['merchantId', 'mode'],
  bankDeposit: ['bank', 'account', 'holder', 'instructions'],
  cash: ['instructions'],
};

function MethodDialog({ kind, method, eventId, onClose }: { kind: PaymentMethodKind; method: PaymentMethodDto | null; eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [create, cs] = useCreatePaymentMethodMutation();
  const [update, us] = useUpdatePaymentMethodMutation();
  const [clientId] = useState(() => crypto.randomUUID());
  const initial: Record<string, string> = { mode: 'sandbox' };
  if (method) for (const [k, v] of Object.entries(method)) if (typeof v === 'string') initial[k] = v;
  const [form, setForm] = useState<Record<string, string>>(initial);
  const { errors, setErrors, formRef, reject, saveFailed } = useFormErrors();
  const busy = cs.isLoading || us.isLoading;

  const submit = async () => {
    const body: Record<string, unknown> = { kind };
    for (const f of FIELDS[kind]) body[f] = form[f] ?? '';
    // The secret key is write-only: left empty on edit, the stored one is kept.
    const keepSecret = kind === 'card' && method && !form.secretKey;
    const parsed = paymentMethodFieldsSchema.safeParse(keepSecret ? { ...body, secretKey: 'kept' } : body);
    if (!parsed.success) {
      reject(zodFieldErrors(parsed.error));
      return;
    }
    const data: Record<string, unknown> = { ...parsed.data };
    try {
      if (method) {
        delete data.kind;
        if (keepSecret) delete data.secretKey;
        await update({ eventId, itemId: method._id, body: data }).unwrap();
      } else {
        await create({ eventId, body: { ...data, clientId } }).unwrap();
      }
      notify(t('events.payments.saved'), 'success');
      onClose();
    } catch (error) {
      saveFailed(error);
    }
  };

  const field = (name: string, extra: Record<string, unknown> = {}) => ({
    id: `pm-${name}`,
    name,
    label: t(`events.payments.field_${name}`),
    value: form[name] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
    error: !!errors[name],
    helperText: errors[name] ?? (extra.help as string | undefined),
    fullWidth: true,
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="pm-dialog-title">
      <DialogTitle id="pm-dialog-title">{t(`events.payments.kind_${kind}`)}</DialogTitle>
      <DialogContent>
        <Box component="form" ref={formRef} id="pm-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText>{t(`events.payments.help_${kind}`)}</DialogContentText>
          {kind === 'card' && (
            <>
              <TextField {...field('key', { help: t('events.payments.keyHelp') })} required autoFocus />
              <TextField
                {...field('secretKey', { help: method ? t('events.payments.secretKeep') : t('events.payments.secretHelp') })}
                type="password"
                autoComplete="new-password"
                required={!method}
              />
            </>
          )}
          {kind === 'merchant' && (
            <>
              <TextField {...field('merchantId')} required autoFocus />
              <TextField {...field('mode')} select required>
                {PAYMENT_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`events.payments.mode_${m}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          {kind === 'bankDeposit' && (
            <>
              <TextField {...field('bank')} required autoFocus />
              <TextField {...field('account')} required />
              <TextField {...field('holder')} required />
              <TextField {...field('instructions')} multiline minRows={2} />
            </>
          )}
          {kind === 'cash' && <TextField {...field('instructions', { help: t('events.payments.cashHelp') })} multiline minRows={2} autoFocus />}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="pm-form" busy={busy} submitLabel={busy ? t('common.saving') : t('common.save')} submitTestId="pm-save" />
    </Dialog>
  );
}

function describe(m: PaymentMethodDto, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  switch (m.kind) {
    case 'card':
      return [`${t('events.payments.field_key')}: ${m.key}`, m.hasSecretKey ? t('events.payments.secretStored') : t('events.payments.secretMissing')];
    case 'merchant':
      return [`${t('events.payments.field_merchantId')}: ${m.merchantId}`, t(`events.payments.mode_${m.mode}`)];
    case 'bankDeposit':
      return [`${m.bank} · ${m.account}`, m.holder, ...(m.instructions ? [m.instructions] : [])];
    case 'cash':
      return [m.instructions ?? t('events.payments.cashDefault')];
  }
}

/** Payment methods of the event (store › Gestionar › Configuración): card, merchant, bank deposit, cash. */
export default function PaymentMethodsPage() {
  const { t } = useTranslation();
  const { eventId, administrator, eventCode } = useModuleArea();
  const { data, error, isLoading } = useEventInformationQuery(eventId!, { skip: !eventId });
  const [remove] = useDeletePaymentMethodMutation();
  const [dialog, setDialog] = useState<{ kind: PaymentMethodKind; method: PaymentMethodDto | null } | null>(null);
  const [deleting, setDeleting, confirmDelete] = useConfirmedAction<PaymentMethodDto>();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;

  return (
    <Box>
      <PageHeader
        title={t('events.payments.title')}
        subtitle={t('events.payments.subtitle')}
        actions={
          <Button component={RouterLink} to={modulePath(administrator, eventCode!, 'store', '/history')} startIcon={<HistoryIcon />}>
            {t('events.dashboard.history')}
          </Button>
        }
      />
      {data.checklist.paymentMethodRequired && !data.checklist.hasPaymentMethod && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('events.payments.requiredNotice')}
        </Alert>
      )}
      {data.freeIncome && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('events.payments.freeNotice')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {KINDS.map(({ kind, icon, multiple }) => {
          const configured = data.paymentMethods.filter((m) => m.kind === kind);
          return (
            <Paper key={kind} variant="outlined" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={`pm-card-${kind}`}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Box aria-hidden sx={{ color: 'primary.dark', display: 'flex' }}>
                  {icon}
                </Box>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
                  {t(`events.payments.kind_${kind}`)}
                </Typography>
                {configured.length > 0 && <Chip size="small" color="success" label={t('events.payments.active')} />}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t(`events.payments.help_${kind}`)}
              </Typography>
              {configured.map((m) => (
                <Box key={m._id}>
                  <Divider sx={{ mb: 1 }} />
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      {describe(m, t).map((line, i) => (
                        <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: i === 0 ? 600 : 400 }}>
                          {line}
                        </Typography>
                      ))}
                    </Box>
                    <Tooltip title={t('events.common.edit')}>
                      <IconButton aria-label={t('events.common.edit')} onClick={() => setDialog({ kind, method: m })}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('events.common.delete')}>
                      <IconButton aria-label={t('events.common.delete')} onClick={() => setDeleting(m)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </Box>
              ))}
              {(multiple || configured.length === 0) && (
                <Box>
                  <Button startIcon={<AddIcon />} variant={configured.length ? 'text' : 'outlined'} onClick={() => setDialog({ kind, method: null })} data-testid={`pm-add-${kind}`}>
                    {configured.length ? t('events.payments.addAnother') : t('events.payments.configure')}
                  </Button>
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
      {dialog && <MethodDialog kind={dialog.kind} method={dialog.method} eventId={data.data._id} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onCancel={() => setDeleting(null)}
        titleId="pm-delete-title"
        title={t('events.payments.deleteTitle')}
        text={t('events.payments.deleteText')}
        onConfirm={() => void confirmDelete((m) => remove({ eventId: data.data._id, itemId: m._id }).unwrap(), t('events.payments.deleted'))}
        submitLabel={t('events.common.delete')}
        danger
      />
    </Box>
  );
}
