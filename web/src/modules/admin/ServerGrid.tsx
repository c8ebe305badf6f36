import Paper from '@mui/material/Paper';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { AdminGridQuery } from '@contracts/admin';
import { GridSearchField, ServerDataGrid, useServerGridQuery } from '../../components/ServerDataGrid';
import { useTranslation } from '../../i18n';

const NO_COLUMNS: string[] = [];

/**
 * MUI X Data Grid in server mode: quick search (name and e-mail, accent-insensitive), paging, sorting and filtering
 * are all done by the API.
 */
export function ServerGrid<R extends GridValidRowModel>({
  columns,
  useRows,
  label,
  hidden,
}: {
  columns: GridColDef<R>[];
  useRows: (q: Partial<AdminGridQuery>) => { data?: { rows: R[]; rowCount: number }; isFetching: boolean };
  label: string;
  /** Columns kept out of view (still filterable), e.g. the e-mail shown under the name. */
  hidden?: string[];
}) {
  const { t } = useTranslation();
  const { query, searchProps, models } = useServerGridQuery();
  const { data, isFetching } = useRows(query);
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <GridSearchField {...searchProps} label={t('admin.grid.search')} testId="admin-grid-search" sx={{ m: 1.5, width: { xs: 'calc(100% - 24px)', sm: 360 } }} />
      <ServerDataGrid models={models} data={data} isFetching={isFetching} columns={columns} label={label} hidden={hidden ?? NO_COLUMNS} />
    </Paper>
  );
}
