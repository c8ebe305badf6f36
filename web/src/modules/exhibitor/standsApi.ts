import type { ExpoDto, MaterialKind, PlanDto, ReservationDto, StandCompanyInput, StandInput } from '@contracts/exhibitor-stands';
import { api } from '../../app/api';
import { seg } from '../../app/readYourWrites';

/**
 * Calls of the exhibitor stands: the organizer's plan (read from the plan's stream: every answer is current, so
 * a write's answer replaces the cached plan) and the public expo pages.
 */
const tagged = api.enhanceEndpoints({ addTagTypes: ['StandPlan', 'Expo', 'StandReservation'] as const });

type PlanWrite = { data: PlanDto };
type ReservationWrite = { data: ReservationDto };
export type ReserveBody = { reservationId: string; standId: string; company: StandCompanyInput; contact: { name: string; email: string; phone: string } };

export const standsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    standPlan: b.query<PlanDto, string>({
      query: (eventId) => `event/${seg(eventId)}/exhibitorStands`,
      transformResponse: (r: PlanWrite) => r.data,
      providesTags: ['StandPlan'],
    }),
    createStand: b.mutation<PlanDto, { eventId: string; body: StandInput & { clientId: string } }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/exhibitorStands`, method: 'POST', body }),
      transformResponse: (r: PlanWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandPlan']),
    }),
    updateStand: b.mutation<PlanDto, { eventId: string; standId: string; body: StandInput }>({
      query: ({ eventId, standId, body }) => ({ url: `event/${seg(eventId)}/exhibitorStands/${seg(standId)}`, method: 'PUT', body }),
      transformResponse: (r: PlanWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandPlan']),
    }),
    removeStand: b.mutation<PlanDto, { eventId: string; standId: string }>({
      query: ({ eventId, standId }) => ({ url: `event/${seg(eventId)}/exhibitorStands/${seg(standId)}`, method: 'DELETE' }),
      transformResponse: (r: PlanWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandPlan']),
    }),
    uploadPlan: b.mutation<PlanDto, { eventId: string; file: File }>({
      query: ({ eventId, file }) => {
        const form = new FormData();
        form.append('plan', file);
        return { url: `event/${seg(eventId)}/exhibitorStands/plan`, method: 'POST', body: form };
      },
      transformResponse: (r: PlanWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandPlan']),
    }),
    expo: b.query<ExpoDto, string>({
      query: (code) => `expo/${seg(code)}`,
      transformResponse: (r: { data: ExpoDto }) => r.data,
      providesTags: ['Expo'],
    }),
    standReservation: b.query<ReservationDto, { eventCode: string; reservation: string }>({
      query: ({ eventCode, reservation }) => `expo/${seg(eventCode)}/reservations/${seg(reservation)}`,
      transformResponse: (r: ReservationWrite) => r.data,
      providesTags: ['StandReservation'],
    }),
    reserveStand: b.mutation<ReservationDto, { eventCode: string; body: ReserveBody }>({
      query: ({ eventCode, body }) => ({ url: `expo/${seg(eventCode)}/reservations`, method: 'POST', body }),
      transformResponse: (r: ReservationWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['Expo', 'StandReservation']),
    }),
    standOrder: b.query<ReservationDto, string>({
      query: (order) => `expo/orders/${seg(order)}`,
      transformResponse: (r: ReservationWrite) => r.data,
      providesTags: ['StandReservation'],
    }),
    updateStandOrder: b.mutation<ReservationDto, { order: string; company: StandCompanyInput }>({
      query: ({ order, company }) => ({ url: `expo/orders/${seg(order)}`, method: 'PUT', body: { company } }),
      transformResponse: (r: ReservationWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandReservation']),
    }),
    uploadMaterial: b.mutation<ReservationDto, { order: string; kind: MaterialKind; file: File }>({
      query: ({ order, kind, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `expo/uploadCard/${seg(order)}`, method: 'POST', params: { kind }, body: form };
      },
      transformResponse: (r: ReservationWrite) => r.data,
      invalidatesTags: (_r, error) => (error ? [] : ['StandReservation']),
    }),
  }),
});

export const {
  useStandPlanQuery,
  useCreateStandMutation,
  useUpdateStandMutation,
  useRemoveStandMutation,
  useUploadPlanMutation,
  useExpoQuery,
  useStandReservationQuery,
  useReserveStandMutation,
  useStandOrderQuery,
  useUpdateStandOrderMutation,
  useUploadMaterialMutation,
} = standsApi;
