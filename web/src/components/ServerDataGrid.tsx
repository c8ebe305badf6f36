import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { AdminGridQuery } from '@contracts/admin';
import type { ChangeEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/** Grid state -> query of the server grids (page, pageSize, one sort, one filter item, quick search). */
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

/** The Data Grid's controlled paging, sorting and filtering models. */
export interface ServerGridModels {
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (m: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (m: GridSortModel) => void;
  filterModel: GridFilterModel;
  onFilterModelChange: (m: GridFilterModel) => void;
}

/**
 * The state of a server-side grid: paging (25 a page), sorting, filtering and a quick search debounced to one
 * request per pause in typing. A new search starts from its first page. Returns the query for the API, the props
 * of the search box (`value`, `onChange`) and the models for {@link ServerDataGrid}.
 */
export function useServerGridQuery() {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const [typed, setTyped] = useState('');
  // One request per pause in typing, not per key.
  const search = useDebouncedValue(typed, 300);
  // A new search starts from its first page.
  useEffect(() => setPaginationModel((p) => (p.page === 0 ? p : { ...p, page: 0 })), [search]);
  const query = useMemo(() => gridQuery(paginationModel, sortModel, filterModel, search), [paginationModel, sortModel, filterModel, search]);
  const searchProps = useMemo(() => ({ value: typed, onChange: (e: ChangeEvent<HTMLInputElement>) => setTyped(e.target.value) }), [typed]);
  const models: ServerGridModels = {
    paginationModel,
    onPaginationModelChange: setPaginationModel,
    sortModel,
    onSortModelChange: setSortModel,
    filterModel,
    onFilterModelChange: setFilterModel,
  };
  return { query, searchProps, models };
}

/** The quick-search box of a server grid (a search field with its magnifier icon). */
export function GridSearchField({
  value,
  onChange,
  label,
  testId,
  sx,
}: {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  label: string;
  testId?: string;
  sx?: TextFieldProps['sx'];
}) {
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      onChange={onChange}
      label={label}
      slotProps={{
        htmlInput: { ...(testId ? { 'data-testid': testId } : {}), maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={sx}
    />
  );
}

/**
 * MUI X Data Grid in server mode: paging, sorting and filtering are done by the API (the models come from
 * {@link useServerGridQuery}); Spanish texts, rows as tall as their content.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  models,
  data,
  isFetching,
  columns,
  label,
  hidden,
  getRowId,
  selection,
}: {
  models: ServerGridModels;
  data?: { rows: R[]; rowCount: number };
  isFetching: boolean;
  columns: GridColDef<R>[];
  label: string;
  /**
   * Columns kept out of view (still filterable), e.g. the e-mail shown under the name. Given (even empty), the
   * visibility is fixed; left out, the column menu can hide columns.
   */
  hidden?: string[];
  getRowId?: GridRowIdGetter<R>;
  /** Checkbox selection of the rows shown (kept across pages): the CRM adds a selection of contacts to a group. */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
}) {
  const visibility = useMemo<GridColumnVisibilityModel | undefined>(() => (hidden ? Object.fromEntries(hidden.map((f) => [f, false])) : undefined), [hidden]);
  return (
    <DataGrid
      aria-label={label}
      rows={data?.rows ?? []}
      getRowId={getRowId}
      rowCount={data?.rowCount ?? 0}
      columns={columns}
      loading={isFetching}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      {...models}
      {...(visibility ? { columnVisibilityModel: visibility } : {})}
      pageSizeOptions={[10, 25, 50, 100]}
      disableRowSelectionOnClick
      {...(selection ? { checkboxSelection: true, keepNonExistentRowsSelected: true, rowSelectionModel: selection.model, onRowSelectionModelChange: selection.onChange } : {})}
      disableColumnSelector
      getRowHeight={() => 'auto'}
      localeText={esES.components.MuiDataGrid.defaultProps.localeText}
      autoHeight
      // The last header's resize handle sits half outside the grid and made it scroll sideways by a few pixels.
      sx={{ border: 0, '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center' }, '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' } }}
    />
  );
}

/** A grid column holding only a row's action button(s): no header text, sorting, filtering or menu. */
export function actionsColumn<R extends GridValidRowModel>(renderCell: NonNullable<GridColDef<R>['renderCell']>, width = 100): GridColDef<R> {
  return { field: 'actions', headerName: '', width, sortable: false, filterable: false, disableColumnMenu: true, renderCell };
}
