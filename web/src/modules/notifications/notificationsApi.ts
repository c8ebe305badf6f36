import type {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationCountResponse,
  NotificationPageResponse,
} from '@contracts/notifications';
import { NOTIFICATION_PAGE_SIZE } from '@contracts/notifications';
import { api } from '../../app/api';

/**
 * GET notification (spec 7): update=false answers the unread count; update=true a page (reading changes
 * nothing). PUT notification/read marks the notifications the menu showed: an explicit, idempotent command.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (b) => ({
    notificationCount: b.query<number, void>({
      // Spec 8: a failed load shows zero.
      async queryFn(_arg, _api, _extra, baseQuery) {
        const r = await baseQuery({ url: 'notification', params: { update: false } });
        if (r.error) return { data: 0 };
        return { data: (r.data as NotificationCountResponse).notificationCountUnRead ?? 0 };
      },
      providesTags: ['Notification'],
    }),
    notificationPage: b.query<NotificationPageResponse, { skip: number }>({
      query: ({ skip }) => ({ url: 'notification', params: { skip, limit: NOTIFICATION_PAGE_SIZE, update: true } }),
      keepUnusedDataFor: 0,
    }),
    markNotificationsRead: b.mutation<MarkNotificationsReadResponse, MarkNotificationsReadRequest>({
      query: (body) => ({ url: 'notification/read', method: 'PUT', body }),
    }),
    /** "Marcar todas como leídas": every unread notification of the caller, one explicit command. */
    markAllNotificationsRead: b.mutation<MarkNotificationsReadResponse, void>({
      query: () => ({ url: 'notification/read-all', method: 'PUT', body: {} }),
    }),
  }),
});

export const { useNotificationCountQuery, useMarkAllNotificationsReadMutation } = notificationsApi;
