import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange?: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
}

/**
 * An outlined text field with its label and the validation message beside it. Built from the MUI parts
 * rather than TextField, which also bundles Select (Menu, Popover, Modal) into every form page.
 */
export function FormField({ id, name, label, value, onChange, error, helperText, type = 'text', autoComplete, required, autoFocus, disabled, endAdornment }: FormFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={required ? `${label} *` : label}
        value={value}
        onChange={onChange}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': helperText ? helperId : undefined, 'aria-invalid': error || undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
