import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { CampaignDto } from '@contracts/contacts-campaigns';
import { Link as RouterLink } from 'react-router-dom';
import { describeError, ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useCampaignsQuery, type CampaignScope } from './api';

type T = (k: string, o?: Record<string, unknown>) => string;

/** A date-time as the organizer reads it (es-PE, short), or a dash. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('es-PE', { dateStyle: 'short', timeStyle: 'short' }) : '—');

const STATUS_COLOR = { draft: 'default', scheduled: 'info', running: 'primary', paused: 'warning', cancelled: 'default', completed: 'success' } as const;
export function StatusChip({ status }: { status: CampaignDto['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`mails.status.${status}`)} data-testid="campaign-status" />;
}

/**
 * The campaigns of a scope (the organizer's, or an event's attendee campaigns): a grid with name, channel, status,
 * recipients and dates; a name opens the campaign's detail at `${base}/{id}`, "Nueva campaña" opens `${base}/new`.
 */
export function CampaignList({ scope, base, title, subtitle, channel, purpose }: { scope: CampaignScope; base: string; title: string; subtitle: string; channel?: 'email' | 'whatsapp'; purpose?: 'campaign' | 'reminder' }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useCampaignsQuery({ ...scope, ...(purpose ? { purpose } : {}) });
  if (error) return <ErrorView {...describeError(error)} />;
  const rows = (data ?? []).filter((c) => !channel || c.channel === channel);
  const columns = campaignColumns(t, base);
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${base}/new`}>
            {t('mails.list.new')}
          </Button>
        }
      />
      <Paper variant="outlined">
        <DataGrid
          aria-label={title}
          rows={rows}
          columns={columns}
          loading={isLoading}
          autoHeight
          disableRowSelectionOnClick
          disableColumnSelector
          initialState={{ sorting: { sortModel: [{ field: 'createdAt', sort: 'desc' }] }, pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[10, 25, 50]}
          localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t('mails.list.empty') }}
          sx={{ border: 0 }}
        />
      </Paper>
    </Box>
  );
}

function campaignColumns(t: T, base: string): GridColDef<CampaignDto>[] {
  return [
    {
      field: 'name',
      headerName: t('mails.list.name'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`${base}/${encodeURIComponent(row.id)}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'channel', headerName: t('mails.list.channel'), width: 120, valueFormatter: (v: CampaignDto['channel']) => t(`mails.channel.${v}`) },
    { field: 'status', headerName: t('mails.list.status'), width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    { field: 'recipientCount', headerName: t('mails.list.recipients'), type: 'number', width: 120 },
    { field: 'createdAt', headerName: t('mails.list.createdAt'), width: 150, valueFormatter: (v: string) => when(v) },
    { field: 'scheduledFor', headerName: t('mails.list.scheduledFor'), width: 150, valueFormatter: (v: string | null) => when(v) },
    { field: 'finishedAt', headerName: t('mails.list.finishedAt'), width: 150, valueFormatter: (v: string | null) => when(v) },
  ];
}
