import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN, type StoreSettingsDto } from '@contracts/sales-settings';
import { DomainError, normalizeSettings } from '@contracts/sales-settings-rules';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiErrorBody } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useInvalidFocus } from '../../../components/a11y';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { modulePath, useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { StaleAlert, useStaleVersion } from '../common/StaleVersion';
import { useSaveStoreSettingsMutation, useStoreSettingsQuery } from './api';

type Form = Record<
  'holdMinutes' | 'maxTicketsPerOrder' | 'maxOrdersPerEmail' | 'ruc' | 'businessName' | 'address' | 'taxRate' | 'bank' | 'accountNumber' | 'cci' | 'holder',
  string
>;
/** Field ids by the paths the server (and the shared rules) name in their errors. */
const PATHS: Record<string, keyof Form | 'receiptChoice'> = {
  holdMinutes: 'holdMinutes',
  maxTicketsPerOrder: 'maxTicketsPerOrder',
  maxOrdersPerEmail: 'maxOrdersPerEmail',
  'invoice.ruc': 'ruc',
  'invoice.businessName': 'businessName',
  'invoice.address': 'address',
  'invoice.taxRate': 'taxRate',
  'invoice.receiptChoice': 'receiptChoice',
  'bankDeposit.bank': 'bank',
  'bankDeposit.accountNumber': 'accountNumber',
  'bankDeposit.cci': 'cci',
  'bankDeposit.holder': 'holder',
};
type Errors = Partial<Record<keyof Form | 'receiptChoice', string>>;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** '' -> null (not set), '12' -> 12, 'abc' -> NaN (refused by the rules). */
const num = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));

function initialForm(d: StoreSettingsDto): Form {
  return {
    holdMinutes: str(d.holdMinutes),
    maxTicketsPerOrder: str(d.maxTicketsPerOrder),
    maxOrdersPerEmail: str(d.maxOrdersPerEmail),
    ruc: str(d.invoice.ruc),
    businessName: str(d.invoice.businessName),
    address: str(d.invoice.address),
    taxRate: str(d.invoice.taxRate),
    bank: str(d.bankDeposit?.bank),
    accountNumber: str(d.bankDeposit?.accountNumber),
    cci: str(d.bankDeposit?.cci),
    holder: str(d.bankDeposit?.holder),
  };
}

function Section({ icon, title, help, children }: { icon: ReactNode; title: string; help: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box aria-hidden sx={{ color: 'primary.dark', display: 'flex', pt: 0.25 }}>
          {icon}
        </Box>
        <Box>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Paper>
  );
}

/** The form, mounted per loaded version: a save or a reload after a conflict starts again from the server's values. */
function SettingsForm({ data, onReload }: { data: StoreSettingsDto; onReload: () => void }) {
  const { t } = useTranslation();
  const { notify, notifyError } = useNotify();
  const [save, saving] = useSaveStoreSettingsMutation();
  const [form, setForm] = useState<Form>(() => initialForm(data));
  const [receiptChoice, setReceiptChoice] = useState(data.invoice.receiptChoice);
  const [errors, setErrors] = useState<Errors>({});
  const { stale, staleFrom } = useStaleVersion();
  const [dirty, setDirty] = useState(false);
  // One id per edit: a retried save of the same edit is answered once; the next edit is a new command.
  const [clientId, setClientId] = useState(newClientId);
  const invalid = useInvalidFocus();

  const edit = (name: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
    setClientId(newClientId());
    setDirty(true);
  };
  const field = (name: keyof Form, extra: { help?: string; inputMode?: 'numeric' | 'decimal' } = {}) => ({
    id: `settings-${name}`,
    name,
    label: t(`sales.settings.${name}`),
    value: form[name],
    onChange: edit(name),
    error: !!errors[name],
    helperText: errors[name] ?? extra.help,
    fullWidth: true,
    ...(extra.inputMode ? { slotProps: { htmlInput: { inputMode: extra.inputMode } } } : {}),
  });

  const reject = (path: string, message: string) => {
    const key = PATHS[path];
    if (key) setErrors({ [key]: message });
    else notify(message, 'error');
    invalid.failed();
  };

  const submit = async () => {
    const settings = {
      holdMinutes: num(form.holdMinutes),
      maxTicketsPerOrder: num(form.maxTicketsPerOrder),
      maxOrdersPerEmail: num(form.maxOrdersPerEmail),
      invoice: { ruc: form.ruc, businessName: form.businessName, address: form.address, taxRate: num(form.taxRate) ?? 18, receiptChoice },
      bankDeposit: { bank: form.bank, accountNumber: form.accountNumber, cci: form.cci, holder: form.holder },
    };
    // The server's own rules first, so a mistake is shown beside its field at once.
    try {
      normalizeSettings(settings);
    } catch (err) {
      if (err instanceof DomainError) return reject(String(err.details?.field ?? ''), err.messagePublic);
      throw err;
    }
    setErrors({});
    try {
      await save({ eventId: data.eventId, body: { ...settings, expectedVersion: data.version, clientId } }).unwrap();
      notify(t('sales.settings.saved'), 'success');
    } catch (error) {
      if (staleFrom(error)) return;
      const body = apiErrorBody(error);
      const first = body?.errors?.[0];
      if (first) reject(first.path, first.message);
      notifyError(error, t('common.unexpectedError'));
    }
  };

  return (
    <Box
      component="form"
      ref={invalid.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="store-settings-form"
    >
      <StaleAlert message={stale} onReload={onReload} reloadLabel={t('sales.settings.reload')} testId="settings-reload" />
      <Section icon={<TimerIcon />} title={t('sales.settings.sectionHold')} help={t('sales.settings.sectionHoldHelp')}>
        <TextField
          {...field('holdMinutes', {
            help: t('sales.settings.holdHelp', { min: HOLD_MINUTES_MIN, max: HOLD_MINUTES_MAX, minutes: data.defaultHoldMinutes }),
            inputMode: 'numeric',
          })}
        />
        <Box />
        <TextField {...field('maxTicketsPerOrder', { help: t('sales.settings.maxTicketsHelp'), inputMode: 'numeric' })} />
        <TextField {...field('maxOrdersPerEmail', { help: t('sales.settings.maxOrdersHelp'), inputMode: 'numeric' })} />
      </Section>

      <Section icon={<ReceiptIcon />} title={t('sales.settings.sectionInvoice')} help={t('sales.settings.sectionInvoiceHelp')}>
        <TextField {...field('ruc', { help: t('sales.settings.rucHelp'), inputMode: 'numeric' })} />
        <TextField {...field('businessName')} />
        <TextField {...field('address')} />
        <TextField {...field('taxRate', { help: t('sales.settings.taxRateHelp'), inputMode: 'decimal' })} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormControlLabel
            control={
              <Switch
                checked={receiptChoice}
                onChange={(e) => {
                  setReceiptChoice(e.target.checked);
                  setErrors((er) => ({ ...er, receiptChoice: undefined }));
                  setClientId(newClientId());
                  setDirty(true);
                }}
                slotProps={{ input: { 'aria-describedby': 'settings-receiptChoice-help' } }}
                data-testid="settings-receiptChoice"
              />
            }
            label={t('sales.settings.receiptChoice')}
          />
          <FormHelperText id="settings-receiptChoice-help" error={!!errors.receiptChoice}>
            {errors.receiptChoice ?? t('sales.settings.receiptChoiceHelp')}
          </FormHelperText>
        </Box>
      </Section>

      <Section icon={<AccountBalanceIcon />} title={t('sales.settings.sectionDeposit')} help={t('sales.settings.sectionDepositHelp')}>
        <TextField {...field('bank')} />
        <TextField {...field('holder')} />
        <TextField {...field('accountNumber', { inputMode: 'numeric' })} />
        <TextField {...field('cci', { help: t('sales.settings.cciHelp'), inputMode: 'numeric' })} />
      </Section>

      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={saving.isLoading} data-testid="settings-save">
          {saving.isLoading ? t('common.saving') : t('common.save')}
        </Button>
        {(dirty || data.updatedAt) && (
          <Typography variant="body2" color="text.secondary">
            {dirty
              ? t('sales.settings.unsaved')
              : t('sales.settings.lastSaved', { date: new Date(data.updatedAt!).toLocaleString('es-PE', { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Store › Gestionar › Configuración: hold time, order limits, invoice data and bank-deposit instructions. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { eventId, administrator, eventCode } = useModuleArea();
  const { data, error, isLoading, refetch } = useStoreSettingsQuery(eventId!, { skip: !eventId });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box>
      <PageHeader title={t('sales.settings.title')} subtitle={t('sales.settings.subtitle')} />
      <Tabs value={0} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={t('sales.settings.tabs')}>
        <Tab label={t('sales.settings.tabStore')} />
        <Tab label={t('sales.settings.tabPayments')} component={RouterLink} to={modulePath(administrator, eventCode!, 'store', '/manage/paymentMethods')} data-testid="settings-payments-tab" />
      </Tabs>
      <SettingsForm key={`${data.eventId}:${data.version}`} data={data} onReload={() => void refetch()} />
    </Box>
  );
}
