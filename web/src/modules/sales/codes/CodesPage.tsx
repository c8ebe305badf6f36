import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import type { TicketTypeDto } from '@contracts/events';
import { CODE_PATTERN, codeFieldsSchema, type CodeDto, type CodeKind, type WaitlistEntryDto } from '@contracts/sales-codes';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { useNotify } from '../../../components/notify';
import { ServerDataGrid, useServerGridQuery } from '../../../components/ServerDataGrid';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { CURRENCY_PREFIX, fromLocalInput, shortDate, toLocalInput } from '../../events/format';
import { money } from '../../events/dates';
import { useCreateCodeMutation, useEventCodesQuery, useEventWaitlistQuery, useUpdateCodeMutation } from './api';

type Ev = { _id: string; currency: string; timeZone: string };

/** "15 %", "S/. 5.00", "Invitación gratuita". */
function effect(c: CodeDto, currency: string, t: (k: string, o?: Record<string, unknown>) => string) {
  if (c.kind === 'invitation') return c.free ? t('sales.codes.effectInvitationFree') : t('sales.codes.effectInvitation');
  if (c.discountType === 'percentage') return t('sales.codes.effectPercent', { percent: c.percent });
  return t('sales.codes.effectAmount', { amount: money((c.amount ?? 0) / 100, currency) });
}

interface Form {
  code: string;
  kind: CodeKind;
  description: string;
  discountType: 'percentage' | 'fixed';
  percent: string;
  amount: string;
  free: boolean;
  ticketTypeIds: string[];
  maxUses: string;
  validFrom: string;
  validUntil: string;
  active: boolean;
}

function CodeDialog({ ev, tickets, code, onClose }: { ev: Ev; tickets: TicketTypeDto[]; code: CodeDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [create, createState] = useCreateCodeMutation();
  const [update, updateState] = useUpdateCodeMutation();
  const busy = createState.isLoading || updateState.isLoading;
  // One client id per dialog: a retried create never makes a second code.
  const [clientId] = useState(newClientId);
  const [form, setForm] = useState<Form>(() => ({
    code: code?.code ?? '',
    kind: code?.kind ?? 'discount',
    description: code?.description ?? '',
    discountType: code?.discountType ?? 'percentage',
    percent: code?.percent != null ? String(code.percent) : '10',
    amount: code?.amount != null ? (code.amount / 100).toFixed(2) : '',
    free: code?.free ?? true,
    ticketTypeIds: code?.ticketTypeIds ?? [],
    maxUses: code?.maxUses != null ? String(code.maxUses) : '',
    validFrom: toLocalInput(code?.validFrom, ev.timeZone),
    validUntil: toLocalInput(code?.validUntil, ev.timeZone),
    active: code?.active ?? true,
  }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const text = (k: 'code' | 'description' | 'percent' | 'amount' | 'maxUses' | 'validFrom' | 'validUntil') => ({
    id: `code-${k}`,
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(k, e.target.value),
    error: !!errors[k],
    helperText: errors[k],
  });

  const submit = async () => {
    const errs: Record<string, string> = {};
    const discount = form.kind === 'discount';
    if (!code && !CODE_PATTERN.test(form.code.trim())) errs.code = t('sales.codes.codeFormat');
    const amountMinor = form.amount.trim() === '' ? null : Math.round(Number(form.amount) * 100);
    const candidate = {
      description: form.description,
      discountType: discount ? form.discountType : null,
      percent: discount && form.discountType === 'percentage' ? Number(form.percent) : null,
      amount: discount && form.discountType === 'fixed' ? amountMinor : null,
      free: !discount && form.free,
      ticketTypeIds: form.ticketTypeIds,
      maxUses: form.maxUses.trim() === '' ? null : Number(form.maxUses),
      validFrom: form.validFrom ? fromLocalInput(form.validFrom, ev.timeZone) : null,
      validUntil: form.validUntil ? fromLocalInput(form.validUntil, ev.timeZone) : null,
      active: form.active,
    };
    const parsed = codeFieldsSchema.safeParse(candidate);
    if (!parsed.success) for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
    if (discount && form.discountType === 'fixed' && (amountMinor === null || !Number.isFinite(amountMinor) || amountMinor <= 0)) errs.amount ??= t('sales.codes.amountRequired');
    if (!discount && form.ticketTypeIds.length === 0) errs.ticketTypeIds = t('sales.codes.invitationTypesRequired');
    if (candidate.validFrom && candidate.validUntil && candidate.validUntil <= candidate.validFrom) errs.validUntil ??= t('sales.codes.windowOrder');
    if (!parsed.success || Object.values(errs).some(Boolean)) {
      setErrors(errs);
      return;
    }
    setFailure(null);
    try {
      if (code) await update({ eventId: ev._id, codeId: code._id, body: parsed.data }).unwrap();
      else await create({ eventId: ev._id, body: { ...parsed.data, clientId, code: form.code.trim().toUpperCase(), kind: form.kind } }).unwrap();
      notify(code ? t('sales.codes.updated') : t('sales.codes.created'), 'success');
      onClose();
    } catch (error) {
      const field = (error as { data?: { details?: { field?: string } } }).data?.details?.field;
      const message = apiErrorMessage(error, t('sales.codes.saveFailed'));
      if (field) setErrors((e) => ({ ...e, [field]: message }));
      else setFailure(message);
    }
  };

  const toggleType = (id: string) => set('ticketTypeIds', form.ticketTypeIds.includes(id) ? form.ticketTypeIds.filter((x) => x !== id) : [...form.ticketTypeIds, id]);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="code-dialog-title">
      <DialogTitle id="code-dialog-title">{code ? t('sales.codes.editTitle', { code: code.code }) : t('sales.codes.newTitle')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id="code-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
        >
          <TextField {...text('code')} label={t('sales.codes.code')} required disabled={!!code} autoFocus={!code} helperText={errors.code ?? t('sales.codes.codeHelp')} slotProps={{ htmlInput: { 'data-testid': 'code-text', maxLength: 40, style: { textTransform: 'uppercase' } } }} />
          <TextField id="code-kind" select label={t('sales.codes.kind')} value={form.kind} disabled={!!code} onChange={(e) => set('kind', e.target.value as CodeKind)} slotProps={{ select: { inputProps: { 'data-testid': 'code-kind' } } }}>
            <MenuItem value="discount">{t('sales.codes.kind_discount')}</MenuItem>
            <MenuItem value="invitation">{t('sales.codes.kind_invitation')}</MenuItem>
          </TextField>
          {form.kind === 'discount' ? (
            <>
              <TextField id="code-discountType" select label={t('sales.codes.discountType')} value={form.discountType} onChange={(e) => set('discountType', e.target.value as Form['discountType'])}>
                <MenuItem value="percentage">{t('sales.codes.discountType_percentage')}</MenuItem>
                <MenuItem value="fixed">{t('sales.codes.discountType_fixed')}</MenuItem>
              </TextField>
              {form.discountType === 'percentage' ? (
                <TextField {...text('percent')} label={t('sales.codes.percent')} type="number" required slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { min: 1, max: 100, 'data-testid': 'code-percent' } }} />
              ) : (
                <TextField
                  {...text('amount')}
                  label={t('sales.codes.amount')}
                  type="number"
                  required
                  helperText={errors.amount ?? t('sales.codes.amountHelp')}
                  slotProps={{ input: { startAdornment: <InputAdornment position="start">{CURRENCY_PREFIX[ev.currency] ?? ev.currency}</InputAdornment> }, htmlInput: { min: 0.01, step: '0.01', 'data-testid': 'code-amount' } }}
                />
              )}
            </>
          ) : (
            <FormControlLabel sx={{ gridColumn: '1 / -1' }} control={<Switch checked={form.free} onChange={(e) => set('free', e.target.checked)} />} label={t('sales.codes.free')} />
          )}
          <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" error={!!errors.ticketTypeIds}>
              {form.kind === 'discount' ? t('sales.codes.appliesTo') : t('sales.codes.unlocks')}
            </FormLabel>
            <FormGroup row>
              {tickets.map((tt) => (
                <FormControlLabel
                  key={tt._id}
                  control={<Checkbox checked={form.ticketTypeIds.includes(tt._id)} onChange={() => toggleType(tt._id)} />}
                  label={tt.visibility === 'public' ? tt.name : `${tt.name} (${t(`sales.codes.visibility_${tt.visibility}`)})`}
                />
              ))}
            </FormGroup>
            <FormHelperText error={!!errors.ticketTypeIds}>{errors.ticketTypeIds ?? (form.kind === 'discount' ? t('sales.codes.appliesToHelp') : t('sales.codes.unlocksHelp'))}</FormHelperText>
          </Box>
          <TextField {...text('maxUses')} label={t('sales.codes.maxUses')} type="number" helperText={errors.maxUses ?? t('sales.codes.maxUsesHelp')} slotProps={{ htmlInput: { min: 1, 'data-testid': 'code-maxUses' } }} />
          <FormControlLabel control={<Switch checked={form.active} onChange={(e) => set('active', e.target.checked)} />} label={t('sales.codes.active')} />
          <TextField {...text('validFrom')} label={t('sales.codes.validFrom')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText={errors.validFrom ?? t('sales.codes.optional')} />
          <TextField {...text('validUntil')} label={t('sales.codes.validUntil')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} helperText={errors.validUntil ?? t('sales.codes.optional')} />
          <TextField {...text('description')} label={t('sales.codes.description')} sx={{ gridColumn: '1 / -1' }} helperText={errors.description ?? t('sales.codes.descriptionHelp')} slotProps={{ htmlInput: { maxLength: 200 } }} />
          {failure && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="code-form" busy={busy} submitLabel={busy ? t('sales.codes.saving') : t('sales.codes.save')} submitTestId="code-save" />
    </Dialog>
  );
}

const rowId = (r: CodeDto) => r._id;

function CodesGrid({ ev, tickets }: { ev: Ev; tickets: TicketTypeDto[] }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const { query: q, searchProps, models } = useServerGridQuery();
  const { data, isFetching, error } = useEventCodesQuery({ eventId: ev._id, q });
  const [editing, setEditing] = useState<CodeDto | 'new' | null>(null);
  const names = Object.fromEntries(tickets.map((x) => [x._id, x.name]));

  const copyLink = async (c: CodeDto) => {
    const link = `${location.origin}/validateCode/${c.token}`;
    try {
      await navigator.clipboard.writeText(link);
      notify(t('sales.codes.linkCopied'), 'success');
    } catch {
      notify(link, 'info');
    }
  };

  const columns: GridColDef<CodeDto>[] = [
    { field: 'code', headerName: t('sales.codes.code'), flex: 1, minWidth: 130, renderCell: (p) => <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{p.row.code}</Typography> },
    {
      field: 'kind',
      headerName: t('sales.codes.kind'),
      width: 120,
      type: 'singleSelect',
      valueOptions: [
        { value: 'discount', label: t('sales.codes.kind_discount') },
        { value: 'invitation', label: t('sales.codes.kind_invitation') },
      ],
      renderCell: (p) => <Chip size="small" variant="outlined" label={t(`sales.codes.kind_${p.row.kind}`)} /> },
    {
      field: 'effect',
      headerName: t('sales.codes.effect'),
      flex: 1.4,
      minWidth: 180,
      sortable: false,
      filterable: false,
      renderCell: (p) => (
        <Box>
          <Typography variant="body2">{effect(p.row, ev.currency, t)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {p.row.ticketTypeIds.length ? p.row.ticketTypeIds.map((id) => names[id] ?? '—').join(', ') : t('sales.codes.allTypes')}
          </Typography>
        </Box>
      ),
    },
    { field: 'uses', headerName: t('sales.codes.uses'), type: 'number', width: 110, renderCell: (p) => (p.row.maxUses === null ? `${p.row.uses}` : `${p.row.uses} / ${p.row.maxUses}`) },
    {
      field: 'validUntil',
      headerName: t('sales.codes.validity'),
      type: 'dateTime',
      minWidth: 170,
      flex: 1,
      valueGetter: (v) => (v ? new Date(v as string) : null),
      renderCell: (p) =>
        p.row.validFrom || p.row.validUntil ? `${p.row.validFrom ? shortDate(p.row.validFrom, ev.timeZone) : '—'} → ${p.row.validUntil ? shortDate(p.row.validUntil, ev.timeZone) : '—'}` : t('sales.codes.always'),
    },
    { field: 'active', headerName: t('sales.codes.active'), type: 'boolean', width: 100 },
    {
      field: 'actions',
      headerName: t('sales.codes.actions'),
      sortable: false,
      filterable: false,
      width: 110,
      renderCell: (p) => (
        <Box>
          <Tooltip title={t('sales.codes.edit')}>
            <IconButton size="small" aria-label={t('sales.codes.editCode', { code: p.row.code })} onClick={() => setEditing(p.row)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('sales.codes.copyLink')}>
            <IconButton size="small" aria-label={t('sales.codes.copyLinkOf', { code: p.row.code })} onClick={() => void copyLink(p.row)}>
              <LinkIcon />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  if (error) return <ErrorView {...describeError(error)} />;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField type="search" size="small" {...searchProps} label={t('sales.codes.search')} sx={{ flex: '1 1 220px', maxWidth: 360 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="code-new">
          {t('sales.codes.new')}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
        <ServerDataGrid models={models} data={data} isFetching={isFetching} columns={columns} label={t('sales.codes.gridLabel')} getRowId={rowId} />
      </Paper>
      {editing && <CodeDialog ev={ev} tickets={tickets} code={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

const STATE_COLOR: Record<WaitlistEntryDto['state'], 'default' | 'info' | 'success' | 'warning'> = { waiting: 'default', offered: 'info', purchased: 'success', expired: 'warning' };

function WaitlistTable({ ev }: { ev: Ev }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useEventWaitlistQuery(ev._id, { pollingInterval: 30_000 });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  if (data.length === 0) return <Alert severity="info">{t('sales.codes.waitlist.empty')}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('sales.codes.waitlist.title')} size="small" data-testid="waitlist-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('sales.codes.waitlist.position')}</TableCell>
            <TableCell>{t('sales.codes.waitlist.person')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('sales.codes.waitlist.ticketType')}</TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('sales.codes.waitlist.quantityShort')}
            </TableCell>
            <TableCell>{t('sales.codes.waitlist.state')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('sales.codes.waitlist.detail')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((e) => (
            <TableRow key={e._id}>
              <TableCell>{e.position}</TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {e.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
                  {e.email}
                </Typography>
                {/* On a phone the type and group size go under the person. */}
                <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {t('sales.codes.waitlist.groupOf', { quantity: e.quantity, name: e.ticketTypeName })}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{e.ticketTypeName}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {e.quantity}
              </TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLOR[e.state]} label={t(`sales.codes.waitlist.state_${e.state}`)} />
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontSize: 13, color: 'text.secondary' }}>
                {e.state === 'waiting'
                  ? t('sales.codes.waitlist.rank', { rank: e.waitingRank })
                  : e.state === 'offered' && e.offeredUntil
                    ? t('sales.codes.waitlist.offeredUntil', { date: shortDate(e.offeredUntil, ev.timeZone) })
                    : shortDate(e.updatedAt, ev.timeZone)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** manage/codes: the event's discount and invitation codes (with their uses) and its waiting list. */
export default function CodesPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const { data, error, isLoading } = useEventInformationQuery(eventId!, { skip: !eventId });
  const [tab, setTab] = useState<'codes' | 'waitlist'>('codes');
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('sales.codes.loading')} />;
  const ev = data.data;
  return (
    <Box>
      <PageHeader title={t('sales.codes.title')} subtitle={t('sales.codes.subtitle')} />
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label={t('sales.codes.title')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="codes" label={t('sales.codes.tabCodes')} id="codes-tab-codes" aria-controls="codes-panel-codes" />
        <Tab value="waitlist" label={t('sales.codes.waitlist.title')} id="codes-tab-waitlist" aria-controls="codes-panel-waitlist" data-testid="waitlist-tab" />
      </Tabs>
      <Box role="tabpanel" id={`codes-panel-${tab}`} aria-labelledby={`codes-tab-${tab}`}>
        {tab === 'codes' ? <CodesGrid ev={ev} tickets={data.ticketTypes} /> : <WaitlistTable ev={ev} />}
      </Box>
    </Box>
  );
}
