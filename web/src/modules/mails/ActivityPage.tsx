import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { CampaignActivityDto } from '@contracts/contacts-campaigns';
import { useMemo, useState } from 'react';
import { describeError, ErrorView } from '../../components/ErrorPage';
import { useTranslation } from '../../i18n';
import { PageHeader } from '../events/components/common';
import { useCampaignActivityQuery } from './api';
import { when } from './campaigns';

const KINDS = ['sent', 'open', 'click', 'unsubscribed'] as const;

/** /module/{userId}/mails/activity: the latest sends, opens, clicks and unsubscriptions of the organizer's campaigns. */
export default function ActivityPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useCampaignActivityQuery();
  const [kind, setKind] = useState('');
  const [campaign, setCampaign] = useState('');
  const campaigns = useMemo(() => [...new Map((data ?? []).map((a) => [a.campaignId, a.campaignName])).entries()], [data]);
  const rows = useMemo(
    () => (data ?? []).filter((a) => (!kind || a.kind === kind) && (!campaign || a.campaignId === campaign)).map((a, i) => ({ ...a, rowId: `${a.at}:${a.campaignId}:${a.recipient}:${a.kind}:${i}` })),
    [data, kind, campaign],
  );
  if (error) return <ErrorView {...describeError(error)} />;
  const columns: GridColDef<CampaignActivityDto & { rowId: string }>[] = [
    { field: 'at', headerName: t('mails.activity.at'), width: 150, valueFormatter: (v: string) => when(v) },
    { field: 'kind', headerName: t('mails.activity.kind'), width: 130, valueFormatter: (v: CampaignActivityDto['kind']) => t(`mails.activity.kind_${v}`) },
    { field: 'campaignName', headerName: t('mails.activity.campaign'), flex: 1, minWidth: 160 },
    { field: 'recipient', headerName: t('mails.activity.recipient'), flex: 1, minWidth: 180 },
    { field: 'url', headerName: t('mails.activity.url'), flex: 1, minWidth: 160 },
  ];
  return (
    <Box>
      <PageHeader title={t('mails.activity.title')} subtitle={t('mails.activity.subtitle')} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label={t('mails.activity.kind')} value={kind} onChange={(e) => setKind(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('mails.activity.all')}</MenuItem>
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`mails.activity.kind_${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('mails.activity.campaign')} value={campaign} onChange={(e) => setCampaign(e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">{t('mails.activity.all')}</MenuItem>
          {campaigns.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Paper variant="outlined">
        <DataGrid
          aria-label={t('mails.activity.title')}
          rows={rows}
          getRowId={(r) => r.rowId}
          columns={columns}
          loading={isLoading}
          autoHeight
          disableRowSelectionOnClick
          disableColumnSelector
          pageSizeOptions={[25, 50, 100]}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t('mails.activity.empty') }}
          sx={{ border: 0 }}
        />
      </Paper>
    </Box>
  );
}
