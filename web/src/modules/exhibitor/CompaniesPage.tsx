import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { LOGO_MAX_BYTES, QUOTA_MAX, isValidRuc, type CompanyDto } from '@contracts/exhibitor';
import { useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../app/api';
import { newClientId } from '../../app/clientId';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useModuleArea } from '../events/area/context';
import { PageHeader } from '../events/components/common';
import { useCreateExhibitorCompanyMutation, useExhibitorCompaniesQuery, useUpdateExhibitorCompanyMutation, useUploadExhibitorLogoMutation } from './api';

const P = 'exhibitor.companies';
type Field = 'ruc' | 'name' | 'sector' | 'quantityExhibitors' | 'quantitySpeakers' | 'logo';

function CompanyDialog({ eventId, company, onClose }: { eventId: string; company: CompanyDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [create, createState] = useCreateExhibitorCompanyMutation();
  const [update, updateState] = useUpdateExhibitorCompanyMutation();
  const [uploadLogo, logoState] = useUploadExhibitorLogoMutation();
  const busy = createState.isLoading || updateState.isLoading || logoState.isLoading;
  // One client id per dialog: a retried create never makes a second company.
  const [clientId] = useState(newClientId);
  const [form, setForm] = useState({
    ruc: company?.ruc ?? '',
    name: company?.name ?? '',
    sector: company?.sector ?? '',
    quantityExhibitors: String(company?.quantityExhibitors ?? 1),
    quantitySpeakers: String(company?.quantitySpeakers ?? 0),
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const text = (k: keyof typeof form) => ({
    id: `company-${k}`,
    name: k,
    label: t(`${P}.field.${k}`),
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(k, e.target.value),
    error: !!errors[k],
    helperText: errors[k],
    fullWidth: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<Field, string>> = {};
    if (!isValidRuc(form.ruc.trim())) errs.ruc = t(`${P}.rucInvalid`);
    if (!form.name.trim()) errs.name = t(`${P}.nameRequired`);
    const quota = (k: 'quantityExhibitors' | 'quantitySpeakers') => {
      const n = Number(form[k]);
      if (form[k].trim() === '' || !Number.isInteger(n) || n < 0 || n > QUOTA_MAX) errs[k] = t(`${P}.quotaInvalid`, { max: QUOTA_MAX });
      return n;
    };
    const body = { ruc: form.ruc.trim(), name: form.name, sector: form.sector, quantityExhibitors: quota('quantityExhibitors'), quantitySpeakers: quota('quantitySpeakers') };
    if (logo && logo.size > LOGO_MAX_BYTES) errs.logo = t(`${P}.logoTooLarge`);
    if (Object.values(errs).some(Boolean)) {
      setErrors(errs);
      return;
    }
    setFailure(null);
    try {
      const saved = company
        ? await update({ eventId, companyId: company._id, body: { ...body, expectedVersion: company.version } }).unwrap()
        : await create({ eventId, body: { ...body, clientId } }).unwrap();
      if (logo) await uploadLogo({ eventId, companyId: saved.data._id, file: logo }).unwrap();
      notify(company ? t(`${P}.updated`) : t(`${P}.created`), 'success');
      onClose();
    } catch (error) {
      const message = apiErrorMessage(error, t(`${P}.saveFailed`));
      const fields = apiErrorBody(error)?.errors ?? [];
      const code = apiErrorBody(error)?.code;
      if (code?.startsWith('LOGO_')) setErrors((x) => ({ ...x, logo: message }));
      else if (fields.length) setErrors((x) => ({ ...x, ...Object.fromEntries(fields.map((f) => [f.path, f.message])) }));
      else setFailure(message);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="company-dialog-title">
      <DialogTitle id="company-dialog-title">{company ? t(`${P}.editTitle`, { name: company.name }) : t(`${P}.newTitle`)}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="company-form" noValidate onSubmit={(e) => void submit(e)} spacing={2} sx={{ pt: 1 }}>
          <TextField {...text('ruc')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }} />
          <TextField {...text('name')} required />
          <TextField {...text('sector')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...text('quantityExhibitors')} type="number" required slotProps={{ htmlInput: { min: 0, max: QUOTA_MAX } }} />
            <TextField {...text('quantitySpeakers')} type="number" required slotProps={{ htmlInput: { min: 0, max: QUOTA_MAX } }} />
          </Stack>
          <Box>
            <Button component="label" variant="outlined">
              {t(`${P}.chooseLogo`)}
              <input hidden type="file" accept="image/png,image/jpeg,image/webp" data-testid="company-logo" onChange={(e) => (setLogo(e.target.files?.[0] ?? null), setErrors((x) => ({ ...x, logo: undefined })))} />
            </Button>
            <Typography variant="body2" color={errors.logo ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
              {errors.logo ?? (logo ? logo.name : t(`${P}.logoHint`))}
            </Typography>
          </Box>
          {failure && <DialogContentText sx={{ color: 'error.main' }}>{failure}</DialogContentText>}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} form="company-form" busy={busy} submitLabel={t('common.save')} submitTestId="company-save" />
    </Dialog>
  );
}

/** `users` of the exhibitor module: the event's exhibitor companies (spec section 3), created and edited by the organizer. */
export default function CompaniesPage() {
  const { t } = useTranslation();
  const { eventId } = useModuleArea();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const list = useExhibitorCompaniesQuery(eventId ?? '', { skip: !eventId });
  const [editing, setEditing] = useState<CompanyDto | 'new' | null>(null);
  if (list.error) return <ErrorView {...describeError(list.error)} />;

  const columns: GridColDef<CompanyDto>[] = [
    {
      field: 'name',
      headerName: t(`${P}.field.name`),
      flex: 1,
      minWidth: 180,
      renderCell: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Avatar src={p.row.logoUrl ?? undefined} alt="" variant="rounded" sx={{ width: 28, height: 28 }}>
            {p.row.name.slice(0, 1)}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {p.row.name}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'actions',
      headerName: '',
      width: 60,
      sortable: false,
      filterable: false,
      renderCell: (p) => (
        <Tooltip title={t(`${P}.edit`)}>
          <IconButton size="small" aria-label={t(`${P}.editNamed`, { name: p.row.name })} onClick={() => setEditing(p.row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    { field: 'ruc', headerName: t(`${P}.field.ruc`), width: 130 },
    { field: 'sector', headerName: t(`${P}.field.sector`), width: 150 },
    { field: 'exhibitors', headerName: t(`${P}.exhibitorsColumn`), width: 130, valueGetter: (_v, r) => `${r.usedExhibitors} / ${r.quantityExhibitors}` },
    { field: 'speakers', headerName: t(`${P}.speakersColumn`), width: 120, valueGetter: (_v, r) => `${r.usedSpeakers} / ${r.quantitySpeakers}` },
  ];

  return (
    <>
      <PageHeader
        title={t(`${P}.title`)}
        subtitle={t(`${P}.subtitle`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!eventId} data-testid="company-new">
            {t(`${P}.new`)}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid
          aria-label={t(`${P}.title`)}
          rows={list.data ?? []}
          getRowId={(r) => r._id}
          columns={columns}
          loading={list.isFetching}
          autoHeight
          disableRowSelectionOnClick
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          columnVisibilityModel={narrow ? { sector: false, speakers: false } : {}}
          localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t(`${P}.empty`) }}
          sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
      </Paper>
      {editing && eventId && <CompanyDialog eventId={eventId} company={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
