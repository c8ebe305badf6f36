import { useDebouncedValue } from '../../components/useDebouncedValue';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { AdminGridQuery } from '@contracts/admin';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';

/** Grid state -> query of the admin endpoints (page, pageSize, one sort, one filter item, quick search). */
export function gridQuery(p: GridPaginationModel, s: GridSortModel, f: GridFilterModel, search = ''): Partial<AdminGridQuery> {
  const q: Partial<AdminGridQuery> = { page: p.page, pageSize: p.pageSize };
  if (search.trim()) q.search = search.trim();
  if (s[0]) {
    q.sortField = s[0].field;
    q.sortOrder = s[0].sort ?? 'asc';
  }
  const item = f.items.find((i) => i.value !== undefined && i.value !== '' || i.operator === 'isEmpty' || i.operator === 'isNotEmpty');
  if (item) {
    q.filterField = item.field;
    q.filterOperator = item.operator as AdminGridQuery['filterOperator'];
    if (item.value !== undefined) q.filterValue = item.value instanceof Date ? item.value.toISOString() : String(item.value);
  }
  return q;
}

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
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [filter, setFilter] = useState<GridFilterModel>({ items: [] });
  const [typed, setTyped] = useState('');
  // One request per pause in typing, not per key.
  const search = useDebouncedValue(typed, 300);
  // A new search starts from its first page.
  useEffect(() => setPagination((p) => (p.page === 0 ? p : { ...p, page: 0 })), [search]);
  const query = useMemo(() => gridQuery(pagination, sort, filter, search), [pagination, sort, filter, search]);
  const { data, isFetching } = useRows(query);
  const visibility = useMemo<GridColumnVisibilityModel>(() => Object.fromEntries((hidden ?? []).map((f) => [f, false])), [hidden]);
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <TextField
        type="search"
        size="small"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        label={t('admin.grid.search')}
        slotProps={{
          htmlInput: { 'data-testid': 'admin-grid-search', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ m: 1.5, width: { xs: 'calc(100% - 24px)', sm: 360 } }}
      />
      <DataGrid
        aria-label={label}
        rows={data?.rows ?? []}
        rowCount={data?.rowCount ?? 0}
        columns={columns}
        loading={isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sort}
        onSortModelChange={setSort}
        filterModel={filter}
        onFilterModelChange={setFilter}
        columnVisibilityModel={visibility}
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnSelector
        getRowHeight={() => 'auto'}
        localeText={esES.components.MuiDataGrid.defaultProps.localeText}
        autoHeight
        // The last header's resize handle sits half outside the grid and made it scroll sideways by a few pixels.
        sx={{ border: 0, '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' }, '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' } }}
      />
    </Paper>
  );
}
