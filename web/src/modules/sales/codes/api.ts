import type { AdminGridQuery } from '@contracts/admin';
import type { AppliedCodeDto, CodeDto, CodeLinkDto, CreateCodeRequest, UpdateCodeRequest, WaitlistEntryDto } from '@contracts/sales-codes';
import type { OrderDto } from '@contracts/sales';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * The codes area's calls: the organizer's codes and waiting list (manage/codes), a shared code link, a code
 * checked for an event, company registrations and joining a waiting list. Writes answer an event-store position
 * the next reads wait for (`after`).
 */
const { after, last, response } = readYourWrites();

export interface CodeRows {
  rows: CodeDto[];
  rowCount: number;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['SalesCodes', 'SalesWaitlist'] as const });

export const codesApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    eventCodes: b.query<CodeRows, { eventId: string; q: Partial<AdminGridQuery> }>({
      query: ({ eventId, q }) => ({ url: `event/${seg(eventId)}/codes`, params: after(q) }),
      providesTags: ['SalesCodes'],
    }),
    createCode: b.mutation<{ data: CodeDto; position: string | null }, { eventId: string; body: CreateCodeRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/codes`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['SalesCodes'] : []),
    }),
    updateCode: b.mutation<{ data: CodeDto; position: string | null }, { eventId: string; codeId: string; body: UpdateCodeRequest }>({
      query: ({ eventId, codeId, body }) => ({ url: `event/${seg(eventId)}/codes/${seg(codeId)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['SalesCodes'] : []),
    }),
    eventWaitlist: b.query<WaitlistEntryDto[], string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/waitlist`, params: after() }),
      transformResponse: (r: { data: WaitlistEntryDto[] }) => r.data,
      providesTags: ['SalesWaitlist'],
    }),
    codeLink: b.query<CodeLinkDto, string>({
      query: (token) => ({ url: `codeLink/${seg(token)}` }),
      transformResponse: (r: { data: CodeLinkDto }) => r.data,
    }),
    checkCode: b.mutation<AppliedCodeDto, { eventCode: string; code: string }>({
      query: (body) => ({ url: 'validateCode', method: 'POST', body }),
      transformResponse: (r: { data: AppliedCodeDto }) => r.data,
    }),
    reserveWithCode: b.mutation<{ order: OrderDto; position: string | null }, { eventCode: string; lines: { ticketTypeId: string; quantity: number }[]; clientId: string; code: string }>({
      query: (body) => ({ url: 'reservation', method: 'POST', body }),
      transformResponse: response,
    }),
    registerCompany: b.mutation<
      { order: OrderDto; companyId: string; position: string | null },
      { eventCode: string; body: { clientId: string; ruc: string; businessName: string; contactName: string; email: string; phone: string; lines: { ticketTypeId: string; quantity: number }[] } }
    >({
      query: ({ eventCode, body }) => ({ url: `event/${seg(eventCode)}/company`, method: 'POST', body }),
      transformResponse: response,
    }),
    joinWaitlist: b.mutation<
      { data: { _id: string; position: number; quantity: number; ticketTypeName: string }; position: string | null },
      { eventCode: string; body: { clientId: string; ticketTypeId: string; quantity: number; email: string; name: string } }
    >({
      query: ({ eventCode, body }) => ({ url: `event/${seg(eventCode)}/waitlist`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['SalesWaitlist'] : []),
    }),
  }),
});

export const {
  useEventCodesQuery,
  useCreateCodeMutation,
  useUpdateCodeMutation,
  useEventWaitlistQuery,
  useCodeLinkQuery,
  useCheckCodeMutation,
  useReserveWithCodeMutation,
  useRegisterCompanyMutation,
  useJoinWaitlistMutation,
} = codesApi;

/** The position of the last write, for reads the caller makes itself (the reservation after an invitation). */
export const lastCodesPosition = last;
