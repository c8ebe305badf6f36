import type { adminDashboardResponseSchema, adminOrganizersResponseSchema, adminUsersResponseSchema, GridQuery } from '@contracts/events';
import type { z } from 'zod';
import { api } from '../../app/api';

export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>['data'];
export type AdminUsers = z.infer<typeof adminUsersResponseSchema>;
export type AdminOrganizers = z.infer<typeof adminOrganizersResponseSchema>;

/** Platform administration queries (server-side paging, sorting and filtering for the grids). */
export const adminApi = api.injectEndpoints({
  endpoints: (b) => ({
    adminDashboard: b.query<AdminDashboard, void>({
      query: () => 'admin/dashboard',
      transformResponse: (r: { data: AdminDashboard }) => r.data,
    }),
    adminUsers: b.query<AdminUsers, Partial<GridQuery>>({
      query: (params) => ({ url: 'admin/users', params }),
    }),
    adminOrganizers: b.query<AdminOrganizers, Partial<GridQuery>>({
      query: (params) => ({ url: 'admin/organizers', params }),
    }),
  }),
});

export const { useAdminDashboardQuery, useAdminUsersQuery, useAdminOrganizersQuery } = adminApi;
