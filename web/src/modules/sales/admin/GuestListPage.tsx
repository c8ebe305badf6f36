import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GuestCsvRow } from '@contracts/sales-admin';
import { GUEST_CSV_MAX_CHARS } from '@contracts/sales-admin';
import { useMemo, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { useNotify } from '../../../components/notify';
import { useTranslation } from '../../../i18n';
import { useEventInformationQuery } from '../../events/api';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { useAddGuestMutation, useAdminGuestsQuery, useImportGuestsMutation, usePreviewGuestsMutation } from './api';
import { newClientId } from '../../../app/clientId';
import { OrderDetailDialog } from './OrderDetailDialog';
import { ticketColumns } from './ParticipantsPage';
import { SalesGrid } from './SalesGrid';

/** One guest by hand: name, e-mail, ticket type (a free ticket issued at once). */
function AddGuestForm({ eventId, types }: { eventId: string; types: { _id: string; name: string }[] }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [add, { isLoading }] = useAddGuestMutation();
  const [form, setForm] = useState({ name: '', email: '', ticketTypeId: '' });
  const [clientId, setClientId] = useState(newClientId);
  const [error, setError] = useState<string | null>(null);
  const typeId = form.ticketTypeId || types[0]?._id || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await add({ eventId, body: { name: form.name.trim(), email: form.email.trim(), ticketTypeId: typeId, clientId } }).unwrap();
      notify(r.message ?? t('sales.admin.guests.added'), 'success');
      setForm({ name: '', email: '', ticketTypeId: form.ticketTypeId });
      setClientId(newClientId());
    } catch (err) {
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }} aria-labelledby="guest-add-title">
      <Typography id="guest-add-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('sales.admin.guests.addTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 200px auto' }, alignItems: 'start' }}>
        <TextField size="small" label={t('sales.admin.guests.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required slotProps={{ htmlInput: { maxLength: 120 } }} />
        <TextField size="small" type="email" label={t('sales.admin.guests.email')} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required slotProps={{ htmlInput: { maxLength: 254 } }} />
        <TextField size="small" select label={t('sales.admin.guests.ticketType')} value={typeId} onChange={(e) => setForm({ ...form, ticketTypeId: e.target.value })} required>
          {types.map((tt) => (
            <MenuItem key={tt._id} value={tt._id}>
              {tt.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={isLoading || !typeId}>
          {t('sales.admin.guests.add')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}

/** A file to fill in: the header row the import expects and one example row (UTF-8 with a BOM for spreadsheets). */
const TEMPLATE = `data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFFnombre,correo,tipo de entrada\r\nAna Pérez,ana@correo.pe,General\r\n')}`;

/** A CSV file: read in the browser, checked by the server (errors per row), then imported. */
function CsvImport({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [preview, { isLoading: checking }] = usePreviewGuestsMutation();
  const [importRows, { isLoading: importing }] = useImportGuestsMutation();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [rows, setRows] = useState<GuestCsvRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; failed: { line: number; error: string }[] } | null>(null);

  const choose = async (f: File | undefined) => {
    setError(null);
    setRows(null);
    setResult(null);
    if (!f) return;
    const csv = await f.text();
    if (csv.length > GUEST_CSV_MAX_CHARS) {
      setError(t('sales.admin.guests.fileTooLarge'));
      return;
    }
    setFile({ name: f.name, csv });
    try {
      setRows((await preview({ eventId, csv }).unwrap()).rows);
    } catch (err) {
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };
  const run = async () => {
    if (!file) return;
    try {
      const r = await importRows({ eventId, csv: file.csv }).unwrap();
      notify(r.message, 'success');
      setResult({ message: r.message, failed: r.failed });
      setRows(null);
    } catch (err) {
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };
  const valid = rows?.filter((r) => !r.error).length ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('sales.admin.guests.csvTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('sales.admin.guests.csvHelp')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={checking || importing}>
        {t('sales.admin.guests.chooseFile')}
        <input hidden type="file" accept=".csv,text/csv" data-testid="guest-csv-input" onChange={(e) => void choose(e.target.files?.[0])} onClick={(e) => ((e.target as HTMLInputElement).value = '')} />
      </Button>
      <Button component="a" href={TEMPLATE} download={t('sales.admin.guests.templateFile')} sx={{ ml: 1 }}>
        {t('sales.admin.guests.template')}
      </Button>
      {file && (
        <Typography component="span" variant="body2" sx={{ ml: 1.5 }}>
          {file.name}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      {rows && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('sales.admin.guests.previewSummary', { valid, invalid: rows.length - valid })}
          </Typography>
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-label={t('sales.admin.guests.previewLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('sales.admin.guests.line')}</TableCell>
                  <TableCell>{t('sales.admin.guests.name')}</TableCell>
                  <TableCell>{t('sales.admin.guests.email')}</TableCell>
                  <TableCell>{t('sales.admin.guests.ticketType')}</TableCell>
                  <TableCell>{t('sales.admin.guests.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.line} sx={r.error ? { bgcolor: 'rgba(211,47,47,0.06)' } : undefined}>
                    <TableCell>{r.line}</TableCell>
                    <TableCell>{r.name}</TableCell>
                    <TableCell>{r.email}</TableCell>
                    <TableCell>{r.ticketType}</TableCell>
                    <TableCell sx={{ color: r.error ? 'error.main' : 'success.main' }}>{r.error ?? t('sales.admin.guests.rowOk')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
            <Button variant="contained" onClick={run} disabled={importing || valid === 0} data-testid="guest-csv-import">
              {t('sales.admin.guests.importValid', { count: valid })}
            </Button>
            <Button onClick={() => setRows(null)}>{t('common.cancel')}</Button>
          </Box>
        </Box>
      )}
      {result && (
        <Alert severity={result.failed.length ? 'warning' : 'success'} sx={{ mt: 1.5 }}>
          {result.message}
          {result.failed.map((f) => (
            <div key={f.line}>{t('sales.admin.guests.failedRow', { line: f.line, error: f.error })}</div>
          ))}
        </Alert>
      )}
    </Paper>
  );
}

const HIDDEN = ['attendeeEmail', 'method'];

/** manageAttendees/guestList: free guests added by hand or from a CSV, and the list of them. */
export default function GuestListPage() {
  const { t } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const { data } = useEventInformationQuery(eventId!, { skip: !eventId });
  const [open, setOpen] = useState<string | null>(null);
  const canManage = (roleData?.actions ?? []).includes('order.manage');
  const columns = useMemo(() => ticketColumns(t, setOpen), [t]);
  if (!eventId) return null;
  return (
    <>
      <PageHeader title={t('sales.admin.guests.title')} subtitle={t('sales.admin.guests.subtitle')} />
      {canManage && data && (
        <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
          <AddGuestForm eventId={eventId} types={data.ticketTypes} />
          <CsvImport eventId={eventId} />
        </Box>
      )}
      <SalesGrid eventId={eventId} path="guestList" columns={columns} useRows={useAdminGuestsQuery} label={t('sales.admin.guests.title')} hidden={HIDDEN} />
      <OrderDetailDialog orderId={open} onClose={() => setOpen(null)} canManage={canManage} />
    </>
  );
}
