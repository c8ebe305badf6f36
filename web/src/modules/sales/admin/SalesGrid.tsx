import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { SalesGridQuery } from '@contracts/sales-admin';
import { useMemo } from 'react';
import { GridSearchField, ServerDataGrid, useServerGridQuery } from '../../../components/ServerDataGrid';
import { useTranslation } from '../../../i18n';
import { exportUrl, type GridArgs, type GridPage } from './api';

const NO_COLUMNS: string[] = [];

/**
 * MUI X Data Grid in server mode over one of the store's grids: quick search, paging, sorting and one filter item
 * are done by the API (src/db/grid.ts); the CSV and XLSX buttons download the same query without paging.
 */
export function SalesGrid<R extends GridValidRowModel>({
  eventId,
  path,
  columns,
  useRows,
  label,
  status,
  testId,
  hidden,
}: {
  eventId: string;
  /** The grid's path under manageAttendees (orders, participants, guestList). */
  path: string;
  columns: GridColDef<R>[];
  useRows: (args: GridArgs) => { data?: GridPage<R>; isFetching: boolean };
  label: string;
  /** Orders of one status only (the deposits page). */
  status?: SalesGridQuery['status'];
  testId?: string;
  /** Columns kept out of view (still filterable), e.g. the e-mail shown under the name. */
  hidden?: string[];
}) {
  const { t } = useTranslation();
  const { query, searchProps, models } = useServerGridQuery();
  const q = useMemo(() => ({ ...query, ...(status ? { status } : {}) }) as Partial<SalesGridQuery>, [query, status]);
  const { data, isFetching } = useRows({ eventId, q });
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', p: 1.5 }}>
        <GridSearchField {...searchProps} label={t('sales.admin.grid.search')} sx={{ flex: '1 1 240px', maxWidth: 360 }} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" startIcon={<DownloadIcon />} href={exportUrl(eventId, path, q, 'csv')} download>
          {t('sales.admin.grid.exportCsv')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} href={exportUrl(eventId, path, q, 'xlsx')} download>
          {t('sales.admin.grid.exportXlsx')}
        </Button>
      </Box>
      <ServerDataGrid models={models} data={data} isFetching={isFetching} columns={columns} label={label} hidden={hidden ?? NO_COLUMNS} />
    </Paper>
  );
}
