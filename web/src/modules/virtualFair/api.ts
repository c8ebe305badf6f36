import type { CatalogInput, CatalogItemDto, CatalogKind } from '@contracts/virtualFair';
import { api } from '../../app/api';

export type { CatalogItemDto, CatalogKind };

/**
 * Virtual fair: the platform catalogue (admin). A write puts the item it answers into its kind's cached list (the
 * read model may not have it yet when a refetch would run), sorted by name as the server sorts.
 */
export const virtualFairApi = api.enhanceEndpoints({ addTagTypes: ['VirtualFairCatalog'] }).injectEndpoints({
  endpoints: (b) => ({
    virtualFairCatalog: b.query<CatalogItemDto[], CatalogKind>({
      query: (kind) => `admin/virtualFair/${kind}`,
      transformResponse: (r: { data: CatalogItemDto[] }) => r.data,
      providesTags: (_r, _e, kind) => [{ type: 'VirtualFairCatalog', id: kind }],
    }),
    createVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; body: CatalogInput & { clientId: string } }>({
      query: ({ kind, body }) => ({ url: `admin/virtualFair/${kind}`, method: 'POST', body }),
      onQueryStarted: ({ kind }, { dispatch, queryFulfilled }) => void queryFulfilled.then(({ data }) => dispatch(upsert(kind, data.data)), () => undefined),
    }),
    updateVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; id: string; body: CatalogInput & { expectedVersion: number } }>({
      query: ({ kind, id, body }) => ({ url: `admin/virtualFair/${kind}/${encodeURIComponent(id)}`, method: 'PUT', body }),
      onQueryStarted: ({ kind }, { dispatch, queryFulfilled }) => void queryFulfilled.then(({ data }) => dispatch(upsert(kind, data.data)), () => undefined),
    }),
    archiveVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; id: string }>({
      query: ({ kind, id }) => ({ url: `admin/virtualFair/${kind}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      onQueryStarted: ({ kind }, { dispatch, queryFulfilled }) => void queryFulfilled.then(({ data }) => dispatch(upsert(kind, data.data)), () => undefined),
    }),
  }),
});

function upsert(kind: CatalogKind, item: CatalogItemDto) {
  return virtualFairApi.util.updateQueryData('virtualFairCatalog', kind, (list) => {
    const i = list.findIndex((x) => x._id === item._id);
    if (i >= 0) list[i] = item;
    else list.push(item);
    list.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  });
}

export const { useVirtualFairCatalogQuery, useCreateVirtualFairCatalogItemMutation, useUpdateVirtualFairCatalogItemMutation, useArchiveVirtualFairCatalogItemMutation } = virtualFairApi;
