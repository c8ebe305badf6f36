import type { CompanyDto, CompanyInput } from '@contracts/exhibitor';
import { api } from '../../app/api';
import { readYourWrites, seg } from '../../app/readYourWrites';

/**
 * Calls of the exhibitor module. Writes answer an event-store position; the reads that follow carry
 * `after=<position>` so the read model includes the write (read-your-writes).
 */
const { after, remember } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['ExhibitorCompany'] as const });

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
      onQueryStarted: (_a, { queryFulfilled }) => remember(queryFulfilled),
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
    updateExhibitorCompany: b.mutation<Write, { eventId: string; companyId: string; body: CompanyInput & { expectedVersion?: number } }>({
      query: ({ eventId, companyId, body }) => ({ url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}`, method: 'PUT', body }),
      onQueryStarted: (_a, { queryFulfilled }) => remember(queryFulfilled),
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
    uploadExhibitorLogo: b.mutation<Write, { eventId: string; companyId: string; file: File }>({
      query: ({ eventId, companyId, file }) => {
        const form = new FormData();
        form.append('logo', file);
        return { url: `event/${seg(eventId)}/exhibitorCompanies/${seg(companyId)}/logo`, method: 'POST', body: form };
      },
      onQueryStarted: (_a, { queryFulfilled }) => remember(queryFulfilled),
      invalidatesTags: (_r, error) => (error ? [] : ['ExhibitorCompany']),
    }),
  }),
});

export const { useExhibitorCompaniesQuery, useCreateExhibitorCompanyMutation, useUpdateExhibitorCompanyMutation, useUploadExhibitorLogoMutation } = exhibitorApi;
