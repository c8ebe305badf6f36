import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { AnswerValue, FormField } from '@contracts/sales-settings';
import { fieldsFor, validateAnswers } from '@contracts/sales-settings-rules';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { FormFieldInput, type FormFieldInputProps } from '../common/FormFieldInput';

/** One question as the buyer answers it (the same control as checkout's attendee step), in the settings' words. */
export function AnswerControl(props: Omit<FormFieldInputProps, 'texts' | 'untitled'>) {
  const { t } = useTranslation();
  return <FormFieldInput {...props} texts="sales.settings" untitled={t('sales.settings.untitled')} />;
}

/**
 * The form as a buyer sees it for one ticket type, answerable: "Comprobar respuestas" runs the server's own
 * validator (validateAnswers) on what was typed, so the organizer sees the errors a buyer would get.
 */
export function FormPreview({ fields, ticketTypes }: { fields: FormField[]; ticketTypes: { _id: string; name: string }[] }) {
  const { t } = useTranslation();
  const [ticketTypeId, setTicketTypeId] = useState(ticketTypes[0]?._id ?? '');
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const shown = fieldsFor(fields, ticketTypeId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="form-preview-title" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2, alignContent: 'start' }} data-testid="form-preview">
      <Box>
        <Typography component="h2" id="form-preview-title" sx={{ fontWeight: 700 }}>
          {t('sales.settings.preview')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sales.settings.previewHelp')}
        </Typography>
      </Box>
      {ticketTypes.length > 1 && (
        <TextField select size="small" label={t('sales.settings.previewTicket')} value={ticketTypeId} onChange={(e) => setTicketTypeId(e.target.value)} id="preview-ticket-type">
          {ticketTypes.map((tt) => (
            <MenuItem key={tt._id} value={tt._id}>
              {tt.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField label={t('sales.settings.previewName')} required disabled value="" fullWidth id="preview-name" />
      <TextField label={t('sales.settings.previewEmail')} required disabled value="" fullWidth id="preview-email" />
      {shown.map((f) => (
        <AnswerControl
          key={f._id}
          id={`preview-${f._id}`}
          field={f}
          value={answers[f._id]}
          error={errors?.[f._id]}
          onChange={(v) => {
            setAnswers((a) => ({ ...a, [f._id]: v }));
            setErrors((e) => (e ? { ...e, [f._id]: '' } : e));
          }}
        />
      ))}
      {shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('sales.settings.previewEmpty')}
        </Typography>
      )}
      {shown.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Button variant="outlined" onClick={() => setErrors(validateAnswers(shown, answers, ticketTypeId))} data-testid="preview-check">
            {t('sales.settings.check')}
          </Button>
          {errors && Object.values(errors).every((e) => !e) && <Alert severity="success">{t('sales.settings.checkOk')}</Alert>}
        </Box>
      )}
    </Paper>
  );
}
