import type {
  ConferenceHomeDto,
  GeneralMeetingDto,
  HomeSettingsDto,
  TourFlags,
  TourPatch,
  UpdateRemindersRequest,
  UpdateSupportContactRequest,
} from '@contracts/businessConference-home';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the home area: the participant's home (/conference), the round's general room (/generalmeeting), the
 * tour and the settings/reminders page. Saves
 * answer an event-store position; the reads that follow carry `after=<position>` (read-your-writes).
 */
const { after, remember, response } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['BcHome', 'BcTour', 'BcHomeSettings'] as const });

interface Write {
  data: { version: number };
  position: string | null;
}

export const homeApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    conferenceHome: b.query<ConferenceHomeDto, void>({
      query: () => ({ url: 'businessConference/conference', params: after() }),
      transformResponse: (r: { data: ConferenceHomeDto }) => r.data,
      providesTags: ['BcHome'],
    }),
    generalMeeting: b.query<GeneralMeetingDto, string>({
      query: (roundId) => ({ url: `businessConference/generalMeeting/${seg(roundId)}` }),
      transformResponse: (r: { data: GeneralMeetingDto }) => r.data,
    }),
    tour: b.query<TourFlags, void>({
      query: () => ({ url: 'businessConference/tour', params: after() }),
      transformResponse: (r: { data: { tour: TourFlags } }) => r.data.tour,
      providesTags: ['BcTour'],
    }),
    updateTour: b.mutation<{ data: { tour: TourFlags }; position: string | null }, { tour: TourPatch; clientId: string }>({
      query: (body) => ({ url: 'updateCollaboratorTour', method: 'PUT', body }),
      onQueryStarted: async (_a, { dispatch, queryFulfilled }) => {
        await remember(queryFulfilled);
        try {
          const { data } = await queryFulfilled;
          dispatch(homeApi.util.upsertQueryData('tour', undefined, data.data.tour));
        } catch {
          /* logged by the caller */
        }
      },
    }),
    homeSettings: b.query<HomeSettingsDto, string>({
      query: (eventId) => ({ url: `businessConference/event/${seg(eventId)}/homeSettings`, params: after() }),
      transformResponse: (r: { data: HomeSettingsDto }) => r.data,
      providesTags: (_r, _e, eventId) => [{ type: 'BcHomeSettings', id: eventId }],
    }),
    saveReminders: b.mutation<Write, { eventId: string; body: UpdateRemindersRequest }>({
      query: ({ eventId, body }) => ({ url: `businessConference/event/${seg(eventId)}/reminders`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'BcHomeSettings', id: eventId }]),
    }),
    saveSupportContact: b.mutation<Write, { eventId: string; body: UpdateSupportContactRequest }>({
      query: ({ eventId, body }) => ({ url: `businessConference/event/${seg(eventId)}/supportContact`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'BcHomeSettings', id: eventId }, 'BcHome']),
    }),
  }),
});

export const { useConferenceHomeQuery, useGeneralMeetingQuery, useTourQuery, useUpdateTourMutation, useHomeSettingsQuery, useSaveRemindersMutation, useSaveSupportContactMutation } = homeApi;
