import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { CURRENCIES } from '@contracts/events';
import type { AdminStandDto, StandInput } from '@contracts/exhibitor-stands';
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useModuleArea } from '../events/area/context';
import { PageHeader } from '../events/components/common';
import { moneyMinor } from '../sales/checkout/format';
import { StandsPlan, StatusLegend } from './StandsPlan';
import { useCreateStandMutation, useRemoveStandMutation, useStandPlanQuery, useUpdateStandMutation, useUploadPlanMutation } from './standsApi';

const P = 'exhibitor.stands';

const inputOf = (s: AdminStandDto): StandInput => ({ code: s.code, x: s.x, y: s.y, w: s.w, h: s.h, area: s.area, price: s.price, currency: s.currency, zone: s.zone, blocked: s.blocked });

function StandDialog({ eventId, stand, onClose }: { eventId: string; stand: AdminStandDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [create, createState] = useCreateStandMutation();
  const [update, updateState] = useUpdateStandMutation();
  const [clientId] = useState(newClientId);
  const [form, setForm] = useState({
    code: stand?.code ?? '',
    area: stand ? String(stand.area) : '',
    price: stand ? String(stand.price / 100) : '',
    currency: stand?.currency ?? 'PEN',
    zone: stand?.zone ?? '',
    w: String(stand?.w ?? 12),
    h: String(stand?.h ?? 15),
    blocked: stand?.blocked ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: keyof typeof form, v: string | boolean) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const field = (k: 'code' | 'area' | 'price' | 'zone' | 'w' | 'h', type = 'text') => ({
    id: `stand-${k}`,
    label: t(`${P}.field.${k}`),
    value: form[k],
    onChange: (e: { target: { value: string } }) => set(k, e.target.value),
    error: !!errors[k],
    helperText: errors[k],
    fullWidth: true,
    type,
    slotProps: type === 'number' ? { htmlInput: { step: 'any', min: 0 } } : undefined,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const price = Math.round(Number(form.price) * 100);
    const area = Number(form.area);
    const w = Number(form.w);
    const h = Number(form.h);
    const next: Record<string, string> = {};
    if (!form.code.trim()) next.code = t(`${P}.codeRequired`);
    if (!(area > 0)) next.area = t(`${P}.areaInvalid`);
    if (!(price > 0)) next.price = t(`${P}.priceInvalid`);
    if (!(w >= 1 && w <= 100)) next.w = t(`${P}.sizeInvalid`);
    if (!(h >= 1 && h <= 100)) next.h = t(`${P}.sizeInvalid`);
    setErrors(next);
    if (Object.keys(next).length) return;
    const x = Math.min(stand?.x ?? 2, 100 - w);
    const y = Math.min(stand?.y ?? 2, 100 - h);
    const body: StandInput = { code: form.code, x, y, w, h, area, price, currency: form.currency as StandInput['currency'], zone: form.zone, blocked: form.blocked };
    try {
      if (stand) await update({ eventId, standId: stand._id, body }).unwrap();
      else await create({ eventId, body: { ...body, clientId } }).unwrap();
      notify(t(`${P}.saved`), 'success');
      onClose();
    } catch (err) {
      setFailure(apiErrorMessage(err, t('common.error')));
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} aria-labelledby="stand-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="stand-dialog-title">{stand ? t(`${P}.editTitle`, { code: stand.code }) : t(`${P}.newTitle`)}</DialogTitle>
      <Box component="form" id="stand-form" noValidate onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...field('code')} autoFocus />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('area', 'number')} />
              <TextField {...field('price', 'number')} />
              <TextField select id="stand-currency" label={t(`${P}.field.currency`)} value={form.currency} onChange={(e) => set('currency', e.target.value)} sx={{ minWidth: 110 }}>
                {CURRENCIES.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField {...field('zone')} />
            <Stack direction="row" spacing={2}>
              <TextField {...field('w', 'number')} />
              <TextField {...field('h', 'number')} />
            </Stack>
            <FormControlLabel control={<Checkbox checked={form.blocked} onChange={(e) => set('blocked', e.target.checked)} />} label={t(`${P}.field.blocked`)} />
            {failure && (
              <Typography role="alert" color="error">
                {failure}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} form="stand-form" submitLabel={t('common.save')} busy={createState.isLoading || updateState.isLoading} submitTestId="stand-save" />
      </Box>
    </Dialog>
  );
}

/** `stands/stands`: the organizer draws the exhibition's stands on the plan and lists them. */
export default function StandsPage() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const eventId = useModuleArea().eventId ?? '';
  const { data, error, isLoading } = useStandPlanQuery(eventId, { skip: !eventId });
  const [update] = useUpdateStandMutation();
  const [remove] = useRemoveStandMutation();
  const [uploadPlan, planState] = useUploadPlanMutation();
  const [dialog, setDialog] = useState<AdminStandDto | 'new' | null>(null);

  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;

  const columns: GridColDef<AdminStandDto>[] = [
    { field: 'code', headerName: t(`${P}.field.code`), width: 90 },
    { field: 'zone', headerName: t(`${P}.field.zone`), flex: 1, minWidth: 110 },
    { field: 'area', headerName: t(`${P}.field.area`), width: 100, type: 'number' },
    { field: 'price', headerName: t(`${P}.field.price`), width: 120, valueFormatter: (_v, row) => moneyMinor(row.price, row.currency) },
    { field: 'status', headerName: t(`${P}.column.status`), width: 105, valueFormatter: (_v, row) => t(`${P}.status.${row.status}`) },
    { field: 'companyName', headerName: t(`${P}.column.company`), flex: 1, minWidth: 120, valueFormatter: (_v, row) => row.companyName ?? '' },
    {
      field: 'actions',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <IconButton aria-label={t(`${P}.edit`, { code: row.code })} onClick={() => setDialog(row)}>
            <EditIcon />
          </IconButton>
          <IconButton
            aria-label={t(`${P}.removeNamed`, { code: row.code })}
            disabled={row.status === 'reserved' || row.status === 'sold'}
            onClick={() =>
              remove({ eventId, standId: row._id })
                .unwrap()
                .then(() => notify(t(`${P}.removed`)))
                .catch((err: unknown) => notify(apiErrorMessage(err, t('common.error')), 'error'))
            }
          >
            <DeleteIcon />
          </IconButton>
        </>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t(`${P}.title`)}
        subtitle={t(`${P}.subtitle`)}
        actions={
          <Stack direction="row" spacing={1}>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={planState.isLoading}>
              {t(`${P}.uploadPlan`)}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file)
                    uploadPlan({ eventId, file })
                      .unwrap()
                      .then(() => notify(t(`${P}.planSaved`)))
                      .catch((err: unknown) => notify(apiErrorMessage(err, t('common.error')), 'error'));
                }}
              />
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('new')}>
              {t(`${P}.new`)}
            </Button>
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`${P}.planHint`)}
        </Typography>
        <StandsPlan
          stands={data.stands}
          imageUrl={data.imageUrl}
          label={t(`${P}.planLabel`)}
          onSelect={(s) => setDialog(data.stands.find((x) => x._id === s._id) ?? null)}
          onMove={(s, pos) => {
            const full = data.stands.find((x) => x._id === s._id);
            if (full)
              update({ eventId, standId: s._id, body: { ...inputOf(full), ...pos } })
                .unwrap()
                .catch((err: unknown) => notify(apiErrorMessage(err, t('common.error')), 'error'));
          }}
        />
        <StatusLegend />
      </Paper>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t(`${P}.list`)}
      </Typography>
      <Paper variant="outlined">
        <DataGrid
          rows={data.stands}
          columns={columns}
          getRowId={(r) => r._id}
          autoHeight
          disableRowSelectionOnClick
          localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t(`${P}.empty`) }}
          initialState={{ columns: { columnVisibilityModel: {} } }}
        />
      </Paper>
      {dialog && <StandDialog eventId={eventId} stand={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />}
    </Box>
  );
}
