import type { DeskAttendeeRequest, DeskTicketDto, SaleReceiptDto, TillDetailDto, TillDto, TillSaleRequest } from '@contracts/sales-boxoffice';
import type { DoorSearchRow, ScanAnswer } from '@contracts/sales-checkin';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * The box office's calls: tills of the cash register, the registration desk's new attendees, and the door's
 * search and check-in as the desk uses them (POST checkin, GET checkin/:event/tickets). Writes answer an
 * event-store position the next reads wait for (`after`).
 */
// Writes keep their position in transformResponse, before the mutation's tags are invalidated, so the refetches
// they start already wait for the write (onQueryStarted would note it too late).
const { after, response: remember } = readYourWrites();

/** A ticket as the door's search shows it: where it is now. */
export type DeskSearchRow = DoorSearchRow;

interface TillWrite {
  data: TillDetailDto;
  position: string | null;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['Tills', 'DeskTickets'] as const });

export const boxOfficeApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    tills: b.query<{ data: TillDto[]; mine: TillDto | null }, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/tills`, params: after() }),
      providesTags: ['Tills'],
    }),
    till: b.query<TillDetailDto, { eventId: string; tillId: string }>({
      query: ({ eventId, tillId }) => ({ url: `event/${seg(eventId)}/till/${seg(tillId)}`, params: after() }),
      providesTags: ['Tills'],
    }),
    openTill: b.mutation<TillWrite, { eventId: string; clientId: string; float: number }>({
      query: ({ eventId, ...body }) => ({ url: `event/${seg(eventId)}/till`, method: 'POST', body }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['Tills'] : []),
    }),
    sell: b.mutation<TillWrite & { receipt: SaleReceiptDto }, { eventId: string; tillId: string; body: TillSaleRequest }>({
      query: ({ eventId, tillId, body }) => ({ url: `event/${seg(eventId)}/till/${seg(tillId)}/sale`, method: 'POST', body }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['Tills', 'DeskTickets'] : []),
    }),
    moveCash: b.mutation<TillWrite, { eventId: string; tillId: string; body: { clientId: string; direction: 'in' | 'out'; amount: number; reason: string } }>({
      query: ({ eventId, tillId, body }) => ({ url: `event/${seg(eventId)}/till/${seg(tillId)}/movement`, method: 'POST', body }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['Tills'] : []),
    }),
    closeTill: b.mutation<TillWrite, { eventId: string; tillId: string; body: { clientId: string; counted: number; note?: string } }>({
      query: ({ eventId, tillId, body }) => ({ url: `event/${seg(eventId)}/till/${seg(tillId)}/close`, method: 'POST', body }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['Tills'] : []),
    }),
    deskSearch: b.query<DeskSearchRow[], { eventId: string; q: string }>({
      query: ({ eventId, q }) => ({ url: `checkin/${seg(eventId)}/tickets`, params: after({ q }) }),
      transformResponse: (r: { data: DeskSearchRow[] }) => r.data,
      providesTags: ['DeskTickets'],
    }),
    registerAttendee: b.mutation<{ data: DeskTicketDto; position: string | null }, { eventId: string; body: DeskAttendeeRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/register/attendee`, method: 'POST', body }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['DeskTickets'] : []),
    }),
    checkIn: b.mutation<ScanAnswer, { eventId: string; code: string; scanId: string; door: string }>({
      query: (body) => ({ url: 'checkin', method: 'POST', body: { ...body, direction: 'in' } }),
      transformResponse: (r: unknown) => remember(r),
      invalidatesTags: (r) => (r ? ['DeskTickets'] : []),
    }),
  }),
});

export const {
  useTillsQuery,
  useTillQuery,
  useOpenTillMutation,
  useSellMutation,
  useMoveCashMutation,
  useCloseTillMutation,
  useDeskSearchQuery,
  useRegisterAttendeeMutation,
  useCheckInMutation,
} = boxOfficeApi;

/** The badge PDF of a ticket (GET ticket/:id/badge.pdf), fetched with the session's cookie. */
export function badgePdfUrl(ticketId: string, company?: string): string {
  const q = company?.trim() ? `?company=${encodeURIComponent(company.trim())}` : '';
  return `/api/v2/ticket/${seg(ticketId)}/badge.pdf${q}`;
}
