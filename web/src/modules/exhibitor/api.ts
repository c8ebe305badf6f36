import type { CompanyDto, CompanyInput, InvitationDto, InvitationInfo, InvitationKind } from '@contracts/exhibitor';
import { api } from '../../app/api';
import { readYourWrites, seg } from '../../app/readYourWrites';

/**
 * Calls of the exhibitor module. Writes answer an event-store position; the reads that follow carry
 * `after=<position>` so the read model includes the write (read-your-writes).
 */
const { after, response } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['ExhibitorCompany', 'ExhibitorInvitation'] as const });

/** The company chosen in the toolbar's selector (set by useCurrentCompany); company-scoped calls send it as `exhibitorcompany`. */
let currentCompanyId: string | null = null;
export const setCurrentCompany = (id: string | null) => {
  currentCompanyId = id;
};
const companyHeaders = (companyId: string): Record<string, string> => ({ exhibitorcompany: companyId });
/** The current company's id outside React. */
export const currentCompany = () => currentCompanyId;

interface Write {
  data: CompanyDto;
  position: string | null;
}

export const exhibitorApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    exhibitorCompanies: b.query<CompanyDto[], string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/exhibitorCompanies`, params: after() }),
      transformResponse: (r: { data: CompanyDto[] }) => r.data,
      providesTags: ['ExhibitorCompany'],
    }),
    createExhibitorCompany: b.mutation<Write, { eventId: string; body: CompanyInput & { clientId: string } }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/exhibitorCompanies`, method: 'POST', body }),
      // Keeps the position before the tags are invalidated, so the refetches wait for this write.
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
    updateExhibitorCompany: b.mutation<Write, { eventId: string; companyId: string; body: CompanyInput & { expectedVersion?: number } }>({
      query: ({ eventId, companyId, body }) => ({ url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}`, method: 'PUT', body }),
      // Keeps the position before the tags are invalidated, so the refetches wait for this write.
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
    uploadExhibitorLogo: b.mutation<Write, { eventId: string; companyId: string; file: File }>({
      query: ({ eventId, companyId, file }) => {
        const form = new FormData();
        form.append('logo', file);
        return { url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}/logo`, method: 'POST', body: form };
      },
      // Keeps the position before the tags are invalidated, so the refetches wait for this write.
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
    /** Companies the user may pick in the toolbar (module administrator: all; exhibitors: theirs). */
    myExhibitorCompanies: b.query<CompanyDto[], string>({
      query: (event) => ({ url: 'exhibitorCompaniesByPermission', params: after({ event }) }),
      transformResponse: (r: { data: CompanyDto[] }) => r.data,
      providesTags: ['ExhibitorCompany'],
    }),
    eventInvitations: b.query<InvitationDto[], string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/exhibitorInvitations`, params: after() }),
      transformResponse: (r: { data: InvitationDto[] }) => r.data,
      providesTags: ['ExhibitorInvitation'],
    }),
    companyInvitations: b.query<InvitationDto[], { eventId: string; companyId: string }>({
      query: ({ eventId, companyId }) => ({ url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}/invitations`, params: after(), headers: companyHeaders(companyId) }),
      transformResponse: (r: { data: InvitationDto[] }) => r.data,
      providesTags: ['ExhibitorInvitation'],
    }),
    inviteToCompany: b.mutation<{ data: { _id: string }; position: string | null }, { eventId: string; companyId: string; body: { email: string; kind: InvitationKind; clientId: string } }>({
      query: ({ eventId, companyId, body }) => ({ url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}/invitations`, method: 'POST', body, headers: companyHeaders(companyId) }),
      // Keeps the position before the tags are invalidated, so the refetches wait for this write.
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorInvitation', 'ExhibitorCompany']),
    }),
    exhibitorInvitation: b.query<InvitationInfo, string>({
      query: (invitationId) => ({ url: `exhibitorInvitations/${seg(invitationId)}`, params: after() }),
      transformResponse: (r: { data: InvitationInfo }) => r.data,
      providesTags: ['ExhibitorInvitation'],
    }),
    acceptExhibitorInvitation: b.mutation<{ position: string | null }, string>({
      query: (invitationId) => ({ url: `exhibitorInvitations/${seg(invitationId)}/accept`, method: 'POST' }),
      // Keeps the position before the tags are invalidated, so the refetches wait for this write.
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorInvitation', 'ExhibitorCompany']),
    }),
  }),
});

export const {
  useMyExhibitorCompaniesQuery,
  useEventInvitationsQuery,
  useCompanyInvitationsQuery,
  useInviteToCompanyMutation,
  useExhibitorInvitationQuery,
  useAcceptExhibitorInvitationMutation,
} = exhibitorApi;
export const { useExhibitorCompaniesQuery, useCreateExhibitorCompanyMutation, useUpdateExhibitorCompanyMutation, useUploadExhibitorLogoMutation } = exhibitorApi;
