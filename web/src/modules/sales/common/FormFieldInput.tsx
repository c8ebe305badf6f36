import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOCUMENT_KINDS, type AnswerValue, type FormField } from '@contracts/sales-settings';
import { useTranslation } from '../../../i18n';

/**
 * One registration-form question as the buyer answers it: checkout's attendee step and the form builder's preview.
 * `texts` names the strings' area (each area's bundle ships its own copy of the document labels);
 * `untitled` labels a question that has no label yet.
 */
export interface FormFieldInputProps {
  field: FormField;
  value: AnswerValue | undefined;
  error?: string;
  onChange: (v: AnswerValue) => void;
  id: string;
  texts: 'sales.checkout' | 'sales.settings';
  untitled?: string;
}

export function FormFieldInput({ field, value, error, onChange, id, texts, untitled = '' }: FormFieldInputProps) {
  const { t } = useTranslation();
  const label = field.label || untitled;
  switch (field.type) {
    case 'choice':
      return (
        <TextField select label={label} required={field.required} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error} fullWidth id={id}>
          {(field.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiChoice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <FormControl error={!!error} component="fieldset" required={field.required}>
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup row>
            {(field.options ?? []).map((o) => (
              <FormControlLabel key={o} control={<Checkbox checked={chosen.includes(o)} onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))} />} label={o} />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'consent':
      return (
        <FormControl error={!!error} required={field.required}>
          <FormControlLabel control={<Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={field.consentText || label} />
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    case 'document': {
      // `<kind>:<number>`; the kind alone (nothing typed yet) defaults to DNI.
      const raw = typeof value === 'string' ? value : '';
      const i = raw.indexOf(':');
      const kind = i < 0 ? 'dni' : raw.slice(0, i);
      const number = i < 0 ? raw : raw.slice(i + 1);
      return (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField select label={t(`${texts}.documentKind`)} value={kind} onChange={(e) => onChange(`${e.target.value}:${number}`)} sx={{ flex: '0 0 180px' }} id={`${id}-kind`}>
            {DOCUMENT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`${texts}.document_${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`${label} · ${t(`${texts}.documentNumber`)}`}
            required={field.required}
            value={number}
            onChange={(e) => onChange(`${kind}:${e.target.value.replace(/\s+/g, '')}`)}
            error={!!error}
            helperText={error}
            sx={{ flex: '1 1 200px' }}
            id={id}
          />
        </Box>
      );
    }
    default:
      return (
        <TextField
          label={label}
          required={field.required}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.type === 'date' ? 'date' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          helperText={error}
          fullWidth
          id={id}
          slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      );
  }
}
