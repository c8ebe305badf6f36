import type { RegistrationForm, StoreSettingsDto, UpdateFormRequest, UpdateStoreSettingsRequest } from '@contracts/sales-settings';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of manage/settings and manage/form. Saves answer an event-store position; the reads that follow carry
 * `after=<position>` so the read model includes the save (read-your-writes).
 */
const { after, response } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['StoreSettings', 'RegistrationForm'] as const });

export const settingsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    storeSettings: b.query<StoreSettingsDto, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/storeSettings`, params: after() }),
      transformResponse: (r: { data: StoreSettingsDto }) => r.data,
      providesTags: (_r, _e, eventId) => [{ type: 'StoreSettings', id: eventId }],
    }),
    saveStoreSettings: b.mutation<{ data: StoreSettingsDto; position: string | null }, { eventId: string; body: UpdateStoreSettingsRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/storeSettings`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'StoreSettings', id: eventId }]),
    }),
    registrationForm: b.query<RegistrationForm, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/form`, params: after() }),
      transformResponse: (r: { data: RegistrationForm }) => r.data,
      providesTags: (_r, _e, eventId) => [{ type: 'RegistrationForm', id: eventId }],
    }),
    saveRegistrationForm: b.mutation<{ data: RegistrationForm; position: string | null }, { eventId: string; body: UpdateFormRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/form`, method: 'PUT', body }),
      transformResponse: response,
      // The Tablero's eventInformation lists the form's fields too.
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'RegistrationForm', id: eventId }, 'Event']),
    }),
  }),
});

export const { useStoreSettingsQuery, useSaveStoreSettingsMutation, useRegistrationFormQuery, useSaveRegistrationFormMutation } = settingsApi;
