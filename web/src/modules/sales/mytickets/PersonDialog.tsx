import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiErrorBody, apiErrorMessage } from '../../../app/api';
import { newClientId } from '../../../app/clientId';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Asks a name and an e-mail for one ticket (transfer it, or name its attendee) and runs `onSubmit` with a client
 * id kept across retries of the same values; the server's field errors are shown beside the fields.
 */
export function PersonDialog({
  open,
  title,
  text,
  submitLabel,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  initial?: { name: string; email: string };
  onClose: () => void;
  onSubmit: (value: { name: string; email: string; clientId: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; id: string } | null>(null);
  useEffect(() => {
    if (!open) return;
    setName(initial?.name ?? '');
    setEmail(initial?.email ?? '');
    setErrors({});
    setError(null);
  }, [open, initial?.name, initial?.email]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('common.required');
    if (!EMAIL.test(email.trim())) found.email = t('sales.checkout.invalidEmail');
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    const key = `${name.trim()}\n${email.trim().toLowerCase()}`;
    if (attempt.current?.key !== key) attempt.current = { key, id: newClientId() };
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), email: email.trim(), clientId: attempt.current.id });
      onClose();
    } catch (err) {
      const body = apiErrorBody(err);
      setErrors(Object.fromEntries((body?.errors ?? []).map((x) => [x.path.split('.').pop() ?? x.path, x.message])));
      setError(apiErrorMessage(err, t('common.unexpectedError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="person-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="person-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <form id="person-dialog-form" onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
          <FormField id="person-name" name="name" label={t('sales.checkout.name')} value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name} required autoFocus />
          <FormField id="person-email" name="email" type="email" label={t('sales.checkout.email')} value={email} onChange={(e) => setEmail(e.target.value)} error={!!errors.email} helperText={errors.email} required />
          {error && <Alert severity="error">{error}</Alert>}
        </form>
      </DialogContent>
      <FormDialogActions onCancel={onClose} submitLabel={submitLabel} form="person-dialog-form" busy={busy} submitTestId="person-submit" />
    </Dialog>
  );
}
