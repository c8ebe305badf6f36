import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { rucProblem } from '@contracts/ruc';
import type { ReceiptDto } from '@contracts/sales';
import type { TFunction } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n';
import type { FieldErrors } from './AttendeesForm';

/** What the buyer types for the receipt (kept with the rest of the checkout form in sessionStorage). */
export interface ReceiptInput {
  kind: 'boleta' | 'factura';
  ruc: string;
  businessName: string;
  address: string;
}

export const emptyReceipt = (): ReceiptInput => ({ kind: 'boleta', ruc: '', businessName: '', address: '' });

/** The browser's check of a factura, by the server's RUC rule (src/contracts/ruc.ts), errors keyed as the API's. */
export function validateReceipt(r: ReceiptInput, t: TFunction): FieldErrors {
  if (r.kind !== 'factura') return {};
  const errors: FieldErrors = {};
  const problem = rucProblem(r.ruc.replace(/\s+/g, ''));
  if (problem) errors['receipt.ruc'] = t(`sales.checkout.receiptRuc_${problem}`);
  if (!r.businessName.trim()) errors['receipt.businessName'] = t('common.required');
  if (!r.address.trim()) errors['receipt.address'] = t('common.required');
  return errors;
}

export const receiptPayload = (r: ReceiptInput): ReceiptDto =>
  r.kind === 'factura' ? { kind: 'factura', ruc: r.ruc.replace(/\s+/g, ''), businessName: r.businessName.trim(), address: r.address.trim() } : { kind: 'boleta' };

/**
 * Boleta or factura, offered where the store has its invoice data and lets buyers choose (manage/settings). A
 * factura is made out to a company's RUC, with its business name and fiscal address.
 */
export function ReceiptChoice({ value, errors, onChange, disabled }: { value: ReceiptInput; errors: FieldErrors; onChange: (next: ReceiptInput) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const set = (patch: Partial<ReceiptInput>) => onChange({ ...value, ...patch });
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} component="fieldset" disabled={disabled} data-testid="receipt-choice">
      <Typography component="legend" sx={{ fontWeight: 700, float: 'left', width: '100%', mb: 0.5 }} id="receipt-title">
        {t('sales.checkout.receiptTitle')}
      </Typography>
      <RadioGroup row aria-labelledby="receipt-title" value={value.kind} onChange={(e) => set({ kind: e.target.value as ReceiptInput['kind'] })}>
        <FormControlLabel value="boleta" control={<Radio />} label={t('sales.checkout.receiptBoleta')} />
        <FormControlLabel value="factura" control={<Radio />} label={t('sales.checkout.receiptFactura')} />
      </RadioGroup>
      {value.kind === 'factura' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' } }}>
          <TextField
            label={t('sales.checkout.receiptRuc')}
            required
            value={value.ruc}
            onChange={(e) => set({ ruc: e.target.value.replace(/[^\d\s]/g, '').slice(0, 13) })}
            error={!!errors['receipt.ruc']}
            helperText={errors['receipt.ruc']}
            id="receipt-ruc"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={t('sales.checkout.receiptBusinessName')}
            required
            value={value.businessName}
            onChange={(e) => set({ businessName: e.target.value })}
            error={!!errors['receipt.businessName']}
            helperText={errors['receipt.businessName']}
            autoComplete="organization"
            id="receipt-business-name"
          />
          <TextField
            label={t('sales.checkout.receiptAddress')}
            required
            value={value.address}
            onChange={(e) => set({ address: e.target.value })}
            error={!!errors['receipt.address']}
            helperText={errors['receipt.address']}
            autoComplete="street-address"
            id="receipt-address"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(value.kind === 'factura' ? 'sales.checkout.receiptFacturaHint' : 'sales.checkout.receiptBoletaHint')}
      </Typography>
    </Paper>
  );
}
