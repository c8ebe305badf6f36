import type { Availability } from '@contracts/sales-checkout';
import type { AppliedCodeDto } from '@contracts/sales-codes';
import type { CheckoutSettings, RegistrationForm } from '@contracts/sales-settings';
import type { MerchantSessionDto, MyOrderDto, OrderDetailDto, OrderDto, ReceiptDto } from '@contracts/sales';
import { useEffect, useState } from 'react';
import { api, apiErrorStatus } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * The buyer's calls: availability, codes, reservation, attendee data, payment, my tickets. Writes answer an
 * event-store position; the reads that follow carry `after=<position>` so the read models include the write.
 */
// A write's answer keeps its position before anyone sees it (`keep`), so a page the caller then opens reads after
// the write (the read model may not have it yet).
const { after, keep: rememberPosition, response: keep } = readYourWrites();

type Tag = 'SalesOrder' | 'SalesAvailability' | 'MyTickets' | { type: 'SalesOrder'; id: string };
/**
 * A write's effects on the cache: its position is kept first, then the tags are invalidated, so the refetches
 * read after the write (tags invalidated by `invalidatesTags` may refetch before the position is known).
 */
function settled<A>(tags: (arg: A) => Tag[]) {
  return async (arg: A, { queryFulfilled, dispatch }: { queryFulfilled: Promise<{ data: unknown }>; dispatch: (action: ReturnType<typeof tagged.util.invalidateTags>) => unknown }) => {
    try {
      const { data } = await queryFulfilled;
      rememberPosition((data as { position?: unknown } | null)?.position);
      dispatch(tagged.util.invalidateTags(tags(arg)));
    } catch {
      /* the caller shows the error */
    }
  };
}


export type ReservationDetail = OrderDetailDto;
export interface Buyer {
  name: string;
  email: string;
  phone?: string;
}
export type AnswerValue = string | string[] | boolean;
export interface AttendeeInput {
  ticketTypeId: string;
  name: string;
  email: string;
  answers: Record<string, AnswerValue>;
}
/** One order of GET mytickets: the order with its event and the tickets the user may see. */
export type MyOrder = MyOrderDto;

const tagged = api.enhanceEndpoints({ addTagTypes: ['SalesOrder', 'SalesAvailability', 'MyTickets'] as const });

export const checkoutApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    availability: b.query<Availability, string>({
      query: (code) => ({ url: `event/${seg(code)}/availability`, params: after() }),
      providesTags: ['SalesAvailability'],
    }),
    validateCode: b.mutation<AppliedCodeDto, { eventCode: string; code: string }>({
      query: (body) => ({ url: 'validateCode', method: 'POST', body }),
      transformResponse: (r: { data: AppliedCodeDto }) => r.data,
    }),
    reserve: b.mutation<{ order: OrderDto; position: string | null }, { eventCode: string; lines: { ticketTypeId: string; quantity: number }[]; clientId: string; code?: string }>({
      query: (body) => ({ url: 'reservation', method: 'POST', body }),
      transformResponse: keep,
      onQueryStarted: settled(() => ['SalesAvailability', 'MyTickets']),
    }),
    reservation: b.query<ReservationDetail, string>({
      query: (id) => ({ url: `reservation/${seg(id)}`, params: after() }),
      providesTags: (_r, _e, id) => [{ type: 'SalesOrder', id }],
    }),
    eventForm: b.query<RegistrationForm, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/form` }),
      transformResponse: (r: { data: RegistrationForm }) => r.data,
    }),
    checkoutSettings: b.query<CheckoutSettings, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/checkoutSettings` }),
      transformResponse: (r: { data: CheckoutSettings }) => r.data,
    }),
    setAttendees: b.mutation<unknown, { id: string; buyer: Buyer; attendees: AttendeeInput[]; receipt?: ReceiptDto; clientId: string }>({
      query: ({ id, ...body }) => ({ url: `reservation/${seg(id)}/attendees`, method: 'PUT', body }),
      transformResponse: keep,
      onQueryStarted: settled((a: { id: string }) => [{ type: 'SalesOrder', id: a.id }]),
    }),
    payCulqi: b.mutation<unknown, { id: string; token: string; email: string; clientId: string }>({
      query: ({ id, ...body }) => ({ url: `reservationCulqi/${seg(id)}`, method: 'POST', body, headers: { 'Idempotency-Key': body.clientId } }),
      transformResponse: keep,
      onQueryStarted: settled((a: { id: string }) => [{ type: 'SalesOrder', id: a.id }, 'MyTickets']),
    }),
    /** The session of the merchant provider's form; the clientId is the one the payment will carry (its purchase number). */
    merchantSession: b.mutation<MerchantSessionDto, { id: string; clientId: string }>({
      query: ({ id, clientId }) => ({ url: `reservation/${seg(id)}/merchant/session`, method: 'POST', body: { clientId } }),
    }),
    payMerchant: b.mutation<unknown, { id: string; transactionToken: string; email?: string; clientId: string }>({
      query: ({ id, ...body }) => ({ url: `reservation/${seg(id)}/merchant`, method: 'POST', body, headers: { 'Idempotency-Key': body.clientId } }),
      transformResponse: keep,
      onQueryStarted: settled((a: { id: string }) => [{ type: 'SalesOrder', id: a.id }, 'MyTickets']),
    }),
    uploadDeposit: b.mutation<unknown, { id: string; file: File; clientId: string }>({
      query: ({ id, file, clientId }) => {
        const form = new FormData();
        form.append('voucher', file);
        form.append('clientId', clientId);
        return { url: `reservation/${seg(id)}/deposit`, method: 'POST', body: form, headers: { 'Idempotency-Key': clientId } };
      },
      transformResponse: keep,
      onQueryStarted: settled((a: { id: string }) => [{ type: 'SalesOrder', id: a.id }]),
    }),
    cancelReservation: b.mutation<unknown, { id: string; clientId: string }>({
      query: ({ id, clientId }) => ({ url: `reservation/${seg(id)}/cancel`, method: 'POST', body: { clientId } }),
      transformResponse: keep,
      onQueryStarted: settled((a: { id: string }) => [{ type: 'SalesOrder', id: a.id }, 'SalesAvailability', 'MyTickets']),
    }),
    myTickets: b.query<MyOrder[], void>({
      query: () => ({ url: 'mytickets', params: after() }),
      transformResponse: (r: { data: MyOrder[] }) => r.data,
      providesTags: ['MyTickets'],
    }),
    myOrder: b.query<MyOrder, string>({
      query: (id) => ({ url: `mytickets/${seg(id)}`, params: after() }),
      transformResponse: (r: { data: MyOrder }) => r.data,
      providesTags: (_r, _e, id) => ['MyTickets', { type: 'SalesOrder', id }],
    }),
    transferTicket: b.mutation<unknown, { ticketId: string; orderId: string; name: string; email: string; clientId: string }>({
      query: ({ ticketId, orderId: _o, ...body }) => ({ url: `ticket/${seg(ticketId)}/transfer`, method: 'POST', body }),
      transformResponse: keep,
      onQueryStarted: settled((a: { orderId: string }) => ['MyTickets', { type: 'SalesOrder', id: a.orderId }]),
    }),
    setTicketAttendee: b.mutation<unknown, { ticketId: string; orderId: string; name: string; email: string; clientId: string }>({
      query: ({ ticketId, orderId: _o, ...body }) => ({ url: `ticket/${seg(ticketId)}/attendee`, method: 'PUT', body }),
      transformResponse: keep,
      onQueryStarted: settled((a: { orderId: string }) => ['MyTickets', { type: 'SalesOrder', id: a.orderId }]),
    }),
  }),
});

export const {
  useAvailabilityQuery,
  useValidateCodeMutation,
  useReserveMutation,
  useReservationQuery,
  useEventFormQuery,
  useCheckoutSettingsQuery,
  useSetAttendeesMutation,
  usePayCulqiMutation,
  useMerchantSessionMutation,
  usePayMerchantMutation,
  useUploadDepositMutation,
  useCancelReservationMutation,
  useMyTicketsQuery,
  useMyOrderQuery,
  useTransferTicketMutation,
  useSetTicketAttendeeMutation,
} = checkoutApi;

/**
 * GET reservation/:id for the buyer's pages. An order just written may not be in the read model yet on a loaded
 * server (the read waits 2 s at most for its position): a 404 is asked again, three times a second apart, before
 * it is shown.
 */
export function useReservation(id: string, options: Parameters<typeof useReservationQuery>[1] = {}) {
  const query = useReservationQuery(id, options);
  const [tries, setTries] = useState(0);
  const notFound = apiErrorStatus(query.error) === 404;
  const { refetch } = query;
  useEffect(() => {
    if (!notFound || tries >= 3) return;
    const timer = setTimeout(() => {
      setTries((n) => n + 1);
      void refetch();
    }, 1000);
    return () => clearTimeout(timer);
  }, [notFound, tries, refetch]);
  const waiting = notFound && tries < 3;
  return { data: query.data as ReservationDetail | undefined, error: waiting ? undefined : query.error, isLoading: query.isLoading || waiting, refetch };
}
