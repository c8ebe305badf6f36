import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useUploadDepositMutation } from './api';
import { moneyMinor } from './format';

/** What the server takes as a voucher (checked here first so a wrong file never travels). */
export const VOUCHER_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
export const VOUCHER_MAX_MB = 5;

/** Bank deposit: the instructions, then the voucher (image or PDF) that puts the order in review. */
export function DepositUpload({ orderId, total, currency, instructions, onSent }: { orderId: string; total: number; currency: string; instructions: string | null; onSent: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, uploading] = useUploadDepositMutation();
  const clientId = useRef(newClientId());

  const choose = (f: File | undefined) => {
    setError(null);
    setFile(null);
    if (!f) return;
    if (!VOUCHER_TYPES.includes(f.type)) return setError(t('sales.checkout.fileWrongType'));
    if (f.size > VOUCHER_MAX_MB * 1024 * 1024) return setError(t('sales.checkout.fileTooBig', { max: VOUCHER_MAX_MB }));
    setFile(f);
    // A new file is a new upload; a retry of the same one keeps its id.
    clientId.current = newClientId();
  };
  const send = async () => {
    if (!file) return;
    setError(null);
    try {
      await upload({ id: orderId, file, clientId: clientId.current }).unwrap();
      onSent();
    } catch (err) {
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="deposit">
      <Typography component="h2" sx={{ fontWeight: 700 }}>
        {t('sales.checkout.depositTitle')}
      </Typography>
      <Typography>{t('sales.checkout.depositInstructions', { total: moneyMinor(total, currency) })}</Typography>
      {instructions && (
        <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="deposit-instructions">
          {instructions}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('sales.checkout.fileTypes', { max: VOUCHER_MAX_MB })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <input ref={input} type="file" accept={VOUCHER_TYPES.join(',')} hidden onChange={(e) => choose(e.target.files?.[0])} data-testid="voucher-input" aria-label={t('sales.checkout.chooseFile')} />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={uploading.isLoading}>
          {t('sales.checkout.chooseFile')}
        </Button>
        {file && <Typography variant="body2">{t('sales.checkout.fileChosen', { name: file.name })}</Typography>}
      </Box>
      {error && (
        <Alert severity="error" data-testid="voucher-error">
          {error}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={send} disabled={!file || uploading.isLoading} data-testid="send-voucher">
          {uploading.isLoading ? t('sales.checkout.sendingVoucher') : t('sales.checkout.sendVoucher')}
        </Button>
      </Box>
    </Paper>
  );
}
