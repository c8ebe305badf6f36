import type { ChatListEntry } from '@contracts/chat';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

interface Props {
  label: string;
  contacts: ChatListEntry[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Shown instead of the list when there is nobody to pick. */
  empty: string;
  /** Shown under the list (and marks it invalid). */
  error?: string | null;
}

/** Contacts to pick, by name (the "Nuevo grupo" and "Agregar miembros" dialogs). */
export function ContactChecklist({ label, contacts, selected, onChange, empty, error }: Props) {
  const sorted = [...contacts].sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return (
    <FormControl component="fieldset" required error={!!error} sx={{ mt: 2, width: '100%' }}>
      <FormLabel component="legend">{label}</FormLabel>
      {sorted.length === 0 ? (
        <FormHelperText>{empty}</FormHelperText>
      ) : (
        <FormGroup sx={{ maxHeight: 260, overflowY: 'auto', flexWrap: 'nowrap' }}>
          {sorted.map((c) => (
            <FormControlLabel
              key={c._id}
              label={c.name}
              control={
                <Checkbox
                  checked={selected.includes(c._id)}
                  onChange={(e) => onChange(e.target.checked ? [...selected, c._id] : selected.filter((x) => x !== c._id))}
                  slotProps={{ input: { 'data-testid': 'chat-group-member' } as object }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
