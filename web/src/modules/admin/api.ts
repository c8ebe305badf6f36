import type {
  AdminGridQuery,
  AdminUserDetail,
  adminOrganizerEventsResponseSchema,
  adminOrganizersResponseSchema,
  adminUserActionResponseSchema,
  adminUsersResponseSchema,
} from '@contracts/admin';
import type { adminDashboardResponseSchema } from '@contracts/events';
import type { z } from 'zod';
import { api } from '../../app/api';

export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>['data'];
export type AdminUsers = z.infer<typeof adminUsersResponseSchema>;
export type AdminOrganizers = z.infer<typeof adminOrganizersResponseSchema>;
export type AdminOrganizerEvents = z.infer<typeof adminOrganizerEventsResponseSchema>['data'];
export type AdminUserAction = z.infer<typeof adminUserActionResponseSchema>;
export type { AdminUserDetail };
export type AdminAction = 'suspend' | 'reactivate' | 'grant' | 'revoke';

const ACTION_REQUEST: Record<AdminAction, (id: string) => { url: string; method: string }> = {
  suspend: (id) => ({ url: `admin/users/${encodeURIComponent(id)}/suspend`, method: 'POST' }),
  reactivate: (id) => ({ url: `admin/users/${encodeURIComponent(id)}/reactivate`, method: 'POST' }),
  grant: (id) => ({ url: `admin/users/${encodeURIComponent(id)}/administrator`, method: 'PUT' }),
  revoke: (id) => ({ url: `admin/users/${encodeURIComponent(id)}/administrator`, method: 'DELETE' }),
};

/**
 * Platform administration: grids (server-side search, paging, sorting and filtering), one account with its
 * activity, an organizer's events, and the operator's actions (each refetches the grids and the account).
 */
export const adminApi = api.enhanceEndpoints({ addTagTypes: ['AdminUser'] }).injectEndpoints({
  endpoints: (b) => ({
    adminDashboard: b.query<AdminDashboard, void>({
      query: () => 'admin/dashboard',
      transformResponse: (r: { data: AdminDashboard }) => r.data,
    }),
    adminUsers: b.query<AdminUsers, Partial<AdminGridQuery>>({
      query: (params) => ({ url: 'admin/users', params }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    adminOrganizers: b.query<AdminOrganizers, Partial<AdminGridQuery>>({
      query: (params) => ({ url: 'admin/organizers', params }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    adminUser: b.query<AdminUserDetail, string>({
      query: (id) => `admin/users/${encodeURIComponent(id)}`,
      transformResponse: (r: { data: AdminUserDetail }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    adminOrganizerEvents: b.query<AdminOrganizerEvents, string>({
      query: (id) => `admin/organizers/${encodeURIComponent(id)}/events`,
      transformResponse: (r: { data: AdminOrganizerEvents }) => r.data,
    }),
    adminAccountAction: b.mutation<AdminUserAction, { id: string; action: AdminAction }>({
      query: ({ id, action }) => ACTION_REQUEST[action](id),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'AdminUser', id },
        { type: 'AdminUser', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useAdminDashboardQuery,
  useAdminUsersQuery,
  useAdminOrganizersQuery,
  useAdminUserQuery,
  useAdminOrganizerEventsQuery,
  useAdminAccountActionMutation,
} = adminApi;
