import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_TARGET_FIELDS, IMPORT_UPDATED_SOCKET_EVENT, type ImportDto, type ImportTargetField } from '@contracts/contacts-import';
import { useCallback, useState } from 'react';
import { api, apiErrorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/store';
import { useSocketEvent } from '../../app/socket';
import { useTranslation } from '../../i18n';
import { importErrorsUrl, useImportStatusQuery, useStartImportMutation, useUploadImportMutation } from './import-api';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Header words that name each field, for the first guess of the mapping (Spanish and English). */
const GUESS: Record<ImportTargetField, RegExp> = {
  name: /^(nombres?( completo)?( y apellidos?)?|name|full ?name|contacto)$/,
  email: /(correo|e-?mail|mail)(?!.*(acepta|consent))/,
  phone: /(telefono|celular|movil|phone|mobile|whatsapp)(?!.*(acepta|consent))/,
  emailConsent: /(acepta|consent).*(correo|e-?mail|mail)|^(acepta|consent)/,
  whatsappConsent: /(acepta|consent).*whatsapp/,
};

export function guessMapping(columns: string[]): Partial<Record<ImportTargetField, number>> {
  const mapping: Partial<Record<ImportTargetField, number>> = {};
  const taken = new Set<number>();
  for (const field of ['whatsappConsent', 'emailConsent', 'name', 'email', 'phone'] as const) {
    const i = columns.findIndex((c, idx) => !taken.has(idx) && GUESS[field].test(fold(c.trim())));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  return mapping;
}

type Upload = ImportDto & { preview: string[][] };

/** Import contacts from a CSV or XLSX: file, mapping with a preview, then live progress and the refused rows. */
export function ImportDialog({ client, open, onClose }: { client: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [id, setId] = useState(() => crypto.randomUUID());
  const [uploaded, setUploaded] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<ImportTargetField, number>>>({});
  const [live, setLive] = useState<ImportDto | null>(null);
  const [uploadFile, upload] = useUploadImportMutation();
  const [start, started] = useStartImportMutation();
  const running = live !== null && live.status !== 'completed';
  // The socket pushes each chunk; a slow poll covers a socket that reconnects meanwhile.
  const status = useImportStatusQuery({ client, id }, { skip: live === null, pollingInterval: running ? 3000 : 0 });
  const progress = [live, status.data].filter((x): x is ImportDto => !!x).sort((a, b) => b.processed - a.processed)[0] ?? null;
  const done = progress?.status === 'completed';

  useSocketEvent(
    IMPORT_UPDATED_SOCKET_EVENT,
    useCallback(
      ({ import: dto }: { import: ImportDto }) => {
        // The upload's own push (status "uploaded") is not progress: the mapping step is still on screen.
        if (dto.id !== id || dto.status === 'uploaded') return;
        setLive((prev) => (prev && prev.processed > dto.processed ? prev : dto));
        if (dto.status === 'completed') dispatch(api.util.invalidateTags(['Contacts' as never]));
      },
      [id, dispatch],
    ),
  );

  const reset = () => {
    setId(crypto.randomUUID());
    setUploaded(null);
    setMapping({});
    setLive(null);
    upload.reset();
    started.reset();
  };
  const close = () => {
    if (done) dispatch(api.util.invalidateTags(['Contacts' as never]));
    reset();
    onClose();
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const r = await uploadFile({ client, id, file });
    if ('data' in r && r.data) {
      setUploaded(r.data);
      setMapping(guessMapping(r.data.columns));
    }
  };
  const onStart = async () => {
    const r = await start({ client, id, body: { mapping, defaultCountry: 'PE' } });
    if ('data' in r && r.data) setLive(r.data);
  };
  const step = live ? 2 : uploaded ? 1 : 0;
  const pct = progress && progress.rowCount ? Math.round((100 * progress.processed) / progress.rowCount) : 0;

  return (
    <Dialog open={open} onClose={running ? undefined : close} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('contacts.crmImport.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {(['stepFile', 'stepMapping', 'stepProgress'] as const).map((s) => (
            <Step key={s}>
              <StepLabel>{t(`contacts.crmImport.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Box>
            <Typography sx={{ mb: 2 }}>{t('contacts.crmImport.fileHelp')}</Typography>
            <Button variant="contained" component="label" startIcon={<UploadIcon />} disabled={upload.isLoading}>
              {t('contacts.crmImport.choose')}
              <input hidden type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="import-file" onChange={(e) => void onFile(e.target.files?.[0])} />
            </Button>
            {upload.isLoading && <LinearProgress sx={{ mt: 2 }} aria-label={t('contacts.crmImport.uploading')} />}
            {upload.error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="import-upload-error">
                {apiErrorMessage(upload.error, t('contacts.crmImport.uploadFailed'))}
              </Alert>
            )}
          </Box>
        )}
        {step === 1 && uploaded && (
          <Box>
            <Typography sx={{ mb: 2 }}>{t('contacts.crmImport.mappingHelp', { count: uploaded.rowCount, file: uploaded.fileName })}</Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
              {IMPORT_TARGET_FIELDS.map((f) => (
                <TextField
                  key={f}
                  select
                  size="small"
                  id={`import-map-${f}`}
                  label={t(`contacts.crmImport.field.${f}`)}
                  value={mapping[f] === undefined ? '' : String(mapping[f])}
                  onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value === '' ? undefined : Number(e.target.value) }))}
                >
                  <MenuItem value="">{t('contacts.crmImport.skip')}</MenuItem>
                  {uploaded.columns.map((c, i) => (
                    <MenuItem key={i} value={String(i)}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('contacts.crmImport.preview')}
            </Typography>
            <TableContainer sx={{ maxHeight: 260 }} tabIndex={0} role="region" aria-label={t('contacts.crmImport.preview')}>
              <Table size="small" stickyHeader data-testid="import-preview">
                <TableHead>
                  <TableRow>
                    {uploaded.columns.map((c, i) => (
                      <TableCell key={i}>{c}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {uploaded.preview.map((row, r) => (
                    <TableRow key={r}>
                      {uploaded.columns.map((_c, i) => (
                        <TableCell key={i}>{row[i] ?? ''}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {started.error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="import-start-error">
                {apiErrorMessage(started.error, t('contacts.crmImport.startFailed'))}
              </Alert>
            )}
          </Box>
        )}
        {step === 2 && progress && (
          <Box>
            <Typography sx={{ mb: 1 }} data-testid="import-progress-text" aria-live="polite">
              {done ? t('contacts.crmImport.done') : t('contacts.crmImport.running', { processed: progress.processed, total: progress.rowCount })}
            </Typography>
            <LinearProgress variant="determinate" value={pct} aria-label={t('contacts.crmImport.progress')} data-testid="import-progress" data-value={pct} />
            <Box sx={{ display: 'flex', gap: 3, mt: 2, flexWrap: 'wrap' }} data-testid="import-counts">
              <Typography>{t('contacts.crmImport.created', { count: progress.created })}</Typography>
              <Typography>{t('contacts.crmImport.updated', { count: progress.updated })}</Typography>
              <Typography>{t('contacts.crmImport.failed', { count: progress.failed })}</Typography>
            </Box>
            {done && progress.failed > 0 && (
              <Link href={importErrorsUrl(client, id)} download sx={{ display: 'inline-block', mt: 2 }} data-testid="import-errors">
                {t('contacts.crmImport.errorsFile')}
              </Link>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {step === 1 && <Button onClick={reset}>{t('contacts.crmImport.another')}</Button>}
        <Button onClick={close} disabled={running}>
          {done ? t('contacts.crmImport.close') : t('common.cancel')}
        </Button>
        {step === 1 && (
          <Button variant="contained" onClick={() => void onStart()} disabled={started.isLoading} data-testid="import-start">
            {t('contacts.crmImport.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
