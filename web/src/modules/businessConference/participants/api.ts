import type {
  CatalogueProductDto,
  CompanyCardDto,
  DecisionRequest,
  ParticipantDto,
  ParticipantStatus,
  ParticipantType,
  ProductDto,
  ProductRequest,
  RegisterParticipantRequest,
  UpdateParticipantRequest,
} from '@contracts/businessConference-participants';
import type { FieldDef } from '@contracts/businessConference-rounds';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the participants area. Writes answer the participant with its products and an event-store position;
 * the reads that follow carry `after=<position>` (read-your-writes). Endpoint names are global to the one API (an
 * `updateProfile` here silently became the accounts module's): every name carries the area's `bcp` prefix.
 */
const { after, response } = readYourWrites();
const tagged = api.enhanceEndpoints({ addTagTypes: ['BcParticipant', 'BcCatalogue'] as const });

export interface Registration {
  participant: ParticipantDto | null;
  products: ProductDto[];
}
export interface MyRegistration extends Registration {
  round: { _id: string; code: string; eventId: string; name: string; productDeadline: string | null };
}
export interface PublicRound {
  event: { _id: string; eventCode: string; eventName: string };
  round: {
    _id: string;
    code: string;
    name: string;
    startDate: string;
    endDate: string;
    timeZone: string;
    productDeadline: string | null;
    offerFields: FieldDef[];
    demandFields: FieldDef[];
  };
}
export type ReviewRow = ParticipantDto & { productCount: number };
export interface CatalogueArgs {
  roundId: string;
  search?: string;
  sector?: string;
  filters?: Record<string, string>;
}
interface Write {
  data: Registration;
  position: string | null;
}

const catalogueParams = (a: CatalogueArgs) => ({
  ...(a.search ? { search: a.search } : {}),
  ...(a.sector ? { sector: a.sector } : {}),
  ...(a.filters && Object.keys(a.filters).length ? { filters: JSON.stringify(a.filters) } : {}),
});

export const participantsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    bcpPublicRound: b.query<PublicRound, { eventCode: string; code: string }>({
      // No code: the event's first round (the spec's optional {BCCode?}).
      query: ({ eventCode, code }) => ({ url: code ? `businessConference/public/${seg(eventCode)}/${seg(code)}` : `businessConference/public/${seg(eventCode)}` }),
      transformResponse: (r: { data: PublicRound }) => r.data,
    }),
    bcpMyRegistration: b.query<MyRegistration, string>({
      query: (roundId) => ({ url: `businessConference/round/${seg(roundId)}/myRegistration`, params: after() }),
      transformResponse: (r: { data: MyRegistration }) => r.data,
      providesTags: (_r, _e, roundId) => [{ type: 'BcParticipant', id: `mine:${roundId}` }],
    }),
    bcpParticipant: b.query<Registration, string>({
      query: (id) => ({ url: `businessConference/participant/${seg(id)}`, params: after() }),
      transformResponse: (r: { data: Registration }) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'BcParticipant', id }],
    }),
    bcpRegister: b.mutation<Write, RegisterParticipantRequest>({
      query: (body) => ({ url: 'businessConference/register', method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant']),
    }),
    bcpUpdateProfile: b.mutation<Write, { id: string; body: UpdateParticipantRequest }>({
      query: ({ id, body }) => ({ url: `businessConference/participant/${seg(id)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant', 'BcCatalogue']),
    }),
    bcpAddProduct: b.mutation<Write, { id: string; body: ProductRequest }>({
      query: ({ id, body }) => ({ url: `businessConference/participant/${seg(id)}/products`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant', 'BcCatalogue']),
    }),
    bcpUpdateProduct: b.mutation<Write, { id: string; productId: string; body: ProductRequest }>({
      query: ({ id, productId, body }) => ({ url: `businessConference/participant/${seg(id)}/products/${seg(productId)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant', 'BcCatalogue']),
    }),
    bcpRemoveProduct: b.mutation<Write, { id: string; productId: string }>({
      query: ({ id, productId }) => ({ url: `businessConference/participant/${seg(id)}/products/${seg(productId)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant', 'BcCatalogue']),
    }),
    bcpUploadImage: b.mutation<{ data: { url: string } }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('image', file);
        return { url: 'businessConference/participants/image', method: 'POST', body: form };
      },
    }),
    bcpRoundParticipants: b.query<ReviewRow[], { roundId: string; type?: ParticipantType; status?: ParticipantStatus }>({
      query: ({ roundId, ...filter }) => ({ url: `businessConference/round/${seg(roundId)}/participants`, params: { ...filter, ...after() } }),
      transformResponse: (r: { data: ReviewRow[] }) => r.data,
      providesTags: ['BcParticipant'],
    }),
    bcpDecide: b.mutation<Write, { id: string; body: DecisionRequest }>({
      query: ({ id, body }) => ({ url: `businessConference/participant/${seg(id)}/decision`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcParticipant', 'BcCatalogue']),
    }),
    bcpCatalogue: b.query<{ products: CatalogueProductDto[]; sectors: string[] }, CatalogueArgs>({
      query: (a) => ({ url: `businessConference/round/${seg(a.roundId)}/catalogue`, params: { ...catalogueParams(a), ...after() } }),
      transformResponse: (r: { data: { products: CatalogueProductDto[]; sectors: string[] } }) => r.data,
      providesTags: ['BcCatalogue'],
    }),
    bcpCompanies: b.query<CompanyCardDto[], CatalogueArgs & { side: 'offer' | 'demand' }>({
      query: (a) => ({ url: `businessConference/round/${seg(a.roundId)}/companies/${a.side}`, params: { ...catalogueParams(a), ...after() } }),
      transformResponse: (r: { data: CompanyCardDto[] }) => r.data,
      providesTags: ['BcCatalogue'],
    }),
    bcpCompany: b.query<{ company: CompanyCardDto; products: ProductDto[] }, { roundId: string; participantId: string }>({
      query: ({ roundId, participantId }) => ({ url: `businessConference/round/${seg(roundId)}/company/${seg(participantId)}` }),
      transformResponse: (r: { data: { company: CompanyCardDto; products: ProductDto[] } }) => r.data,
      providesTags: ['BcCatalogue'],
    }),
  }),
});

export const {
  useBcpPublicRoundQuery,
  useBcpMyRegistrationQuery,
  useBcpParticipantQuery,
  useBcpRegisterMutation,
  useBcpUpdateProfileMutation,
  useBcpAddProductMutation,
  useBcpUpdateProductMutation,
  useBcpRemoveProductMutation,
  useBcpUploadImageMutation,
  useBcpRoundParticipantsQuery,
  useBcpDecideMutation,
  useBcpCatalogueQuery,
  useBcpCompaniesQuery,
  useBcpCompanyQuery,
} = participantsApi;
