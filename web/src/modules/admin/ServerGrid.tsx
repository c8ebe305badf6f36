import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef, type GridFilterModel, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { GridQuery } from '@contracts/events';
import { useMemo, useState } from 'react';

/** Grid state -> query of the admin endpoints (page, pageSize, one sort, one filter item). */
export function gridQuery(p: GridPaginationModel, s: GridSortModel, f: GridFilterModel): Partial<GridQuery> {
  const q: Partial<GridQuery> = { page: p.page, pageSize: p.pageSize };
  if (s[0]) {
    q.sortField = s[0].field;
    q.sortOrder = s[0].sort ?? 'asc';
  }
  const item = f.items.find((i) => i.value !== undefined && i.value !== '' || i.operator === 'isEmpty' || i.operator === 'isNotEmpty');
  if (item) {
    q.filterField = item.field;
    q.filterOperator = item.operator as GridQuery['filterOperator'];
    if (item.value !== undefined) q.filterValue = item.value instanceof Date ? item.value.toISOString() : String(item.value);
  }
  return q;
}

/** MUI X Data Grid in server mode: paging, sorting and filtering are done by the API. */
export function ServerGrid<R extends GridValidRowModel>({
  columns,
  useRows,
  label,
}: {
  columns: GridColDef<R>[];
  useRows: (q: Partial<GridQuery>) => { data?: { rows: R[]; rowCount: number }; isFetching: boolean };
  label: string;
}) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [filter, setFilter] = useState<GridFilterModel>({ items: [] });
  const query = useMemo(() => gridQuery(pagination, sort, filter), [pagination, sort, filter]);
  const { data, isFetching } = useRows(query);
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
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
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnSelector
        localeText={esES.components.MuiDataGrid.defaultProps.localeText}
        autoHeight
        sx={{ border: 0 }}
      />
    </Paper>
  );
}
