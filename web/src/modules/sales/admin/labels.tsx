import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { getGridSingleSelectOperators, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import dayjs from '../../../app/dayjs';
import { t } from '../../../i18n';

// Colours that keep the text readable (WCAG AA) on the chip: filled green, outlined red, outlined grey otherwise.
const STATUS_COLOR: Record<string, 'default' | 'success' | 'error'> = {
  paid: 'success',
  valid: 'success',
  cancelled: 'error',
};

/** An order's or ticket's status as a coloured chip, in Spanish. */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" color={STATUS_COLOR[status] ?? 'default'} variant={status === 'paid' || status === 'valid' ? 'filled' : 'outlined'} label={statusLabel(status)} />;
}

export const statusLabel = (status: string) => t(`sales.admin.status.${status}`);
export const methodLabel = (method: string | null | undefined) => (method ? t(`sales.admin.method.${method}`) : '—');

/** "24/11/2026 18:05" in the browser's zone (the organizer's own). */
export const dateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '');

/** A date column of the grids: filterable as dates, shown day and time. */
export function dateColumn<R extends GridValidRowModel>(field: string, headerName: string, width = 140): GridColDef<R> {
  return {
    field,
    headerName,
    type: 'dateTime',
    width,
    valueGetter: (v: string | null) => (v ? new Date(v) : null),
    valueFormatter: (v: Date | null) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : ''),
  };
}

/** Name over e-mail in one cell. */
export function PersonCell({ name, email }: { name: string | null; email: string | null }) {
  return (
    <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name || '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {email}
      </Typography>
    </Box>
  );
}

/** The server filters a choice column by equality only ('is' / 'not'). */
const choiceOperators = () => getGridSingleSelectOperators().filter((op) => op.value === 'is' || op.value === 'not');

/** Status column: a chip, filtered by one of the statuses (in Spanish, sent as the code). */
export function statusColumn<R extends GridValidRowModel>(headerName: string, statuses: readonly string[], width = 140): GridColDef<R> {
  return {
    field: 'status',
    headerName,
    width,
    type: 'singleSelect',
    valueOptions: statuses.map((value) => ({ value, label: statusLabel(value) })),
    filterOperators: choiceOperators(),
    renderCell: (p) => <StatusChip status={String(p.value)} />,
  };
}

export const PAYMENT_METHODS = ['card', 'merchant', 'deposit', 'cash', 'free', 'guest'] as const;

/** Payment method column, filtered by one of the methods. */
export function methodColumn<R extends GridValidRowModel>(headerName: string, width = 150): GridColDef<R> {
  return {
    field: 'method',
    headerName,
    width,
    type: 'singleSelect',
    valueOptions: PAYMENT_METHODS.map((value) => ({ value, label: methodLabel(value) })),
    filterOperators: choiceOperators(),
    valueFormatter: (v: string | null) => methodLabel(v),
  };
}
