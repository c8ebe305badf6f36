import type { FieldInput, RoundDto, RoundInput, RoundSummaryDto } from '@contracts/businessConference-rounds';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the rounds area. Saves answer an event-store position; the reads that follow carry `after=<position>`
 * so the read model includes the save (read-your-writes).
 */
const { after, response } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['BcRound'] as const });

/** A round of businessConferencesByPermission, with the caller's role in it (team role, or offer / demand / offer_demand). */
export type RoundWithRole = RoundDto & { role: string };

interface Write {
  data: RoundDto;
  position: string | null;
}

export const roundsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    /** The rounds the caller may see in the event (team: all; participants: theirs), by start date. */
    rounds: b.query<RoundWithRole[], string>({
      query: (event) => ({ url: 'businessConferencesByPermission', params: { event, ...after() } }),
      transformResponse: (r: { data: { data: RoundWithRole[] } }) => r.data.data,
      // Lists are asked by event id or code: every round write refreshes them all.
      providesTags: ['BcRound'],
    }),
    roundsSummary: b.query<RoundSummaryDto[], string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/businessConferences/summary`, params: after() }),
      transformResponse: (r: { data: RoundSummaryDto[] }) => r.data,
      providesTags: ['BcRound'],
    }),
    round: b.query<RoundDto, string>({
      query: (roundId) => ({ url: `businessConferences/${seg(roundId)}`, params: after() }),
      transformResponse: (r: { data: RoundDto }) => r.data,
      providesTags: ['BcRound'],
    }),
    createRound: b.mutation<Write, { eventId: string; body: RoundInput & { clientId: string } }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/businessConferences`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcRound']),
    }),
    updateRound: b.mutation<Write, { eventId: string; roundId: string; body: RoundInput & { clientId?: string; expectedVersion?: number } }>({
      query: ({ roundId, body }) => ({ url: `businessConferences/${seg(roundId)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcRound']),
    }),
    updateRoundFields: b.mutation<
      Write,
      { eventId: string; roundId: string; side: 'offer' | 'demand'; body: { fields: FieldInput[]; clientId?: string; expectedVersion?: number } }
    >({
      query: ({ roundId, side, body }) => ({ url: `businessConferences/${seg(roundId)}/fields/${side}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcRound']),
    }),
    updateCatalogueFilter: b.mutation<Write, { eventId: string; roundId: string; body: { filter: string[]; clientId?: string; expectedVersion?: number } }>({
      query: ({ roundId, body }) => ({ url: `businessConferences/${seg(roundId)}/catalogueFilter`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcRound']),
    }),
    deleteRound: b.mutation<{ data: null; position: string | null }, { eventId: string; roundId: string; clientId?: string }>({
      query: ({ roundId, clientId }) => ({ url: `businessConferences/${seg(roundId)}`, method: 'DELETE', body: { clientId } }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcRound']),
    }),
  }),
});

export const {
  useRoundsQuery,
  useRoundQuery,
  useRoundsSummaryQuery,
  useCreateRoundMutation,
  useUpdateRoundMutation,
  useUpdateRoundFieldsMutation,
  useUpdateCatalogueFilterMutation,
  useDeleteRoundMutation,
} = roundsApi;
