import type {
  AdminOrderRow,
  AdminTicketRow,
  GuestCsvRow,
  IncomeResponse,
  ReminderDto,
  ReminderWhen,
  SalesGridQuery,
  StoreDashboard,
} from '@contracts/sales-admin';
import type { OrderDetailDto } from '@contracts/sales';
import { ORDER_UPDATED_SOCKET_EVENT, type OrderUpdatedPayload } from '@contracts/sales-socket';
import { api } from '../../../app/api';
import { currentSocket, onSocketChange, type AppSocket } from '../../../app/socket';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * The organizer's store pages (manageAttendees/*, the Tablero): grids, figures, guest list, reminders, and the
 * order actions of the core routes (cancel, refund, deposits) and of the documents (resend). Every write answers
 * its position; the reads that follow carry `after` so the server waits for its read models.
 */
const { after, keep, response } = readYourWrites();
export type GridPage<R> = { rows: R[]; rowCount: number };
export type GridArgs = { eventId: string; q: Partial<SalesGridQuery> };

const TAGS = ['SalesOrders', 'SalesReminders'] as const;
const tagged = api.enhanceEndpoints({ addTagTypes: TAGS });

const refetchTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * `order:updated` (pushed to the event's store team once the order read models changed) keeps an open page of
 * that event live: its order queries refetch, reading after the pushed position.
 */
async function followOrderUpdates(
  eventId: string,
  lifecycle: { dispatch: (a: ReturnType<typeof tagged.util.invalidateTags>) => unknown; cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> },
) {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const onUpdate = (p: OrderUpdatedPayload) => {
    if (p.eventId !== eventId) return;
    keep(p.position);
    // Every open query of the event hears the push; one refetch per burst is enough (a CSV import pushes many).
    if (refetchTimers.has(eventId)) return;
    refetchTimers.set(
      eventId,
      setTimeout(() => {
        refetchTimers.delete(eventId);
        lifecycle.dispatch(tagged.util.invalidateTags(['SalesOrders']));
      }, 150),
    );
  };
  const on: { socket: AppSocket | null } = { socket: null };
  const follow = () => {
    const s = currentSocket();
    if (s === on.socket) return;
    on.socket?.off(ORDER_UPDATED_SOCKET_EVENT, onUpdate);
    on.socket = s;
    s?.on(ORDER_UPDATED_SOCKET_EVENT, onUpdate);
  };
  follow();
  const stop = onSocketChange(follow);
  await lifecycle.cacheEntryRemoved;
  stop();
  on.socket?.off(ORDER_UPDATED_SOCKET_EVENT, onUpdate);
}

type Write = { message?: string; position: string | null };
export type GuestImport = { imported: number; failed: { line: number; error: string }[]; message: string; position: string | null };
export type ReminderInput = { subject: string; body: string; when: ReminderWhen; clientId: string };
type ReminderWrite = Write & { data: Pick<ReminderDto, 'id' | 'subject' | 'body' | 'when' | 'dueAt' | 'status' | 'revision'> };

/**
 * A reminder write answers the reminder: it goes into the cached list at once (no refetch, which under load could
 * read the list before the read model has the change; nothing pushes reminders).
 */
async function keepReminder(eventId: string, queryFulfilled: Promise<{ data: ReminderWrite }>, dispatch: (a: unknown) => unknown) {
  let written: ReminderWrite;
  try {
    written = (await queryFulfilled).data;
  } catch {
    return;
  }
  keep(written.position);
  const now = new Date().toISOString();
  dispatch(
    salesAdminApi.util.updateQueryData('reminders', eventId, (list) => {
      const at = list.findIndex((r) => r.id === written.data.id);
      if (at >= 0) list[at] = { ...list[at], ...written.data, updatedAt: now };
      else list.push({ ...written.data, sentCount: 0, sentAt: null, createdAt: now, updatedAt: now });
      list.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    }),
  );
}

export const salesAdminApi = tagged.injectEndpoints({
  endpoints: (b) => {
    const grid = <R>(path: string) =>
      b.query<GridPage<R>, GridArgs>({
        query: ({ eventId, q }) => ({ url: `event/${seg(eventId)}/manageAttendees/${path}`, params: after({ ...q }) }),
        providesTags: ['SalesOrders'],
        onCacheEntryAdded: (a, lifecycle) => followOrderUpdates(a.eventId, lifecycle),
      });
    return {
      storeDashboard: b.query<StoreDashboard, string>({
        query: (eventId) => ({ url: `event/${seg(eventId)}/store/dashboard`, params: after({}) }),
        providesTags: ['SalesOrders'],
        onCacheEntryAdded: (eventId, lifecycle) => followOrderUpdates(eventId, lifecycle),
      }),
      adminOrders: grid<AdminOrderRow>('orders'),
      adminParticipants: grid<AdminTicketRow>('participants'),
      adminGuests: grid<AdminTicketRow>('guestList'),
      income: b.query<IncomeResponse, string>({
        query: (eventId) => ({ url: `event/${seg(eventId)}/manageAttendees/incomeControl`, params: after({}) }),
        providesTags: ['SalesOrders'],
        onCacheEntryAdded: (eventId, lifecycle) => followOrderUpdates(eventId, lifecycle),
      }),
      orderDetail: b.query<OrderDetailDto, string>({
        query: (orderId) => ({ url: `reservation/${seg(orderId)}`, params: after({}) }),
        providesTags: ['SalesOrders'],
      }),
      reminders: b.query<ReminderDto[], string>({
        query: (eventId) => ({ url: `event/${seg(eventId)}/manageAttendees/reminders`, params: after({}) }),
        transformResponse: (r: { data: ReminderDto[] }) => r.data,
        providesTags: ['SalesReminders'],
      }),

      // ----- writes
      addGuest: b.mutation<Write & { orderId: string }, { eventId: string; body: { name: string; email: string; ticketTypeId: string; clientId: string } }>({
        query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/manageAttendees/guestList`, method: 'POST', body }),
        transformResponse: response,
        invalidatesTags: (r) => (r ? ['SalesOrders'] : []),
      }),
      previewGuests: b.mutation<{ rows: GuestCsvRow[]; valid: number; invalid: number }, { eventId: string; csv: string }>({
        query: ({ eventId, csv }) => ({ url: `event/${seg(eventId)}/manageAttendees/guestList/preview`, method: 'POST', body: { csv } }),
      }),
      importGuests: b.mutation<GuestImport, { eventId: string; csv: string }>({
        query: ({ eventId, csv }) => ({ url: `event/${seg(eventId)}/manageAttendees/guestList/import`, method: 'POST', body: { csv } }),
        transformResponse: response,
        invalidatesTags: (r) => (r ? ['SalesOrders'] : []),
      }),
      createReminder: b.mutation<ReminderWrite, { eventId: string; body: ReminderInput }>({
        query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/manageAttendees/reminders`, method: 'POST', body }),
        onQueryStarted: (a, { queryFulfilled, dispatch }) => keepReminder(a.eventId, queryFulfilled, dispatch),
      }),
      updateReminder: b.mutation<ReminderWrite, { eventId: string; reminderId: string; body: ReminderInput }>({
        query: ({ eventId, reminderId, body }) => ({ url: `event/${seg(eventId)}/manageAttendees/reminders/${seg(reminderId)}`, method: 'PUT', body }),
        onQueryStarted: (a, { queryFulfilled, dispatch }) => keepReminder(a.eventId, queryFulfilled, dispatch),
      }),
      cancelReminder: b.mutation<ReminderWrite, { eventId: string; reminderId: string }>({
        query: ({ eventId, reminderId }) => ({ url: `event/${seg(eventId)}/manageAttendees/reminders/${seg(reminderId)}/cancel`, method: 'POST' }),
        onQueryStarted: (a, { queryFulfilled, dispatch }) => keepReminder(a.eventId, queryFulfilled, dispatch),
      }),
      // The order's own routes (core and documents areas).
      orderAction: b.mutation<Write, { orderId: string; action: 'cancel' | 'refund' | 'deposit/approve' | 'deposit/reject' | 'resend'; body: Record<string, unknown> }>({
        query: ({ orderId, action, body }) => ({ url: `order/${seg(orderId)}/${action}`, method: 'POST', body }),
        transformResponse: response,
        invalidatesTags: (r) => (r ? ['SalesOrders'] : []),
      }),
    };
  },
});

export const {
  useStoreDashboardQuery,
  useAdminOrdersQuery,
  useAdminParticipantsQuery,
  useAdminGuestsQuery,
  useIncomeQuery,
  useOrderDetailQuery,
  useRemindersQuery,
  useAddGuestMutation,
  usePreviewGuestsMutation,
  useImportGuestsMutation,
  useCreateReminderMutation,
  useUpdateReminderMutation,
  useCancelReminderMutation,
  useOrderActionMutation,
} = salesAdminApi;

/** The URL of a grid's export with its current query (the browser downloads it with the session cookie). */
export function exportUrl(eventId: string, path: string, q: Partial<SalesGridQuery>, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && k !== 'page' && k !== 'pageSize') params.set(k, String(v));
  params.set('format', format);
  return `/api/v2/event/${seg(eventId)}/manageAttendees/${path}/export?${params}`;
}

/** The voucher of a bank deposit (image or PDF), served by the core routes to the team. */
export const voucherUrl = (orderId: string) => `/api/v2/order/${seg(orderId)}/voucher`;
