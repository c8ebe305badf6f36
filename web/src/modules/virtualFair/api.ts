import type { CatalogInput, CatalogItemDto, CatalogKind } from '@contracts/virtualFair';
import { api } from '../../app/api';

export type { CatalogItemDto, CatalogKind };

/** Virtual fair: the platform catalogue (admin). Every write refetches its kind's list. */
export const virtualFairApi = api.enhanceEndpoints({ addTagTypes: ['VirtualFairCatalog'] }).injectEndpoints({
  endpoints: (b) => ({
    virtualFairCatalog: b.query<CatalogItemDto[], CatalogKind>({
      query: (kind) => `admin/virtualFair/${kind}`,
      transformResponse: (r: { data: CatalogItemDto[] }) => r.data,
      providesTags: (_r, _e, kind) => [{ type: 'VirtualFairCatalog', id: kind }],
    }),
    createVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; body: CatalogInput & { clientId: string } }>({
      query: ({ kind, body }) => ({ url: `admin/virtualFair/${kind}`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { kind }) => [{ type: 'VirtualFairCatalog', id: kind }],
    }),
    updateVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; id: string; body: CatalogInput & { expectedVersion: number } }>({
      query: ({ kind, id, body }) => ({ url: `admin/virtualFair/${kind}/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { kind }) => [{ type: 'VirtualFairCatalog', id: kind }],
    }),
    archiveVirtualFairCatalogItem: b.mutation<{ data: CatalogItemDto }, { kind: CatalogKind; id: string }>({
      query: ({ kind, id }) => ({ url: `admin/virtualFair/${kind}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { kind }) => [{ type: 'VirtualFairCatalog', id: kind }],
    }),
  }),
});

export const { useVirtualFairCatalogQuery, useCreateVirtualFairCatalogItemMutation, useUpdateVirtualFairCatalogItemMutation, useArchiveVirtualFairCatalogItemMutation } = virtualFairApi;
