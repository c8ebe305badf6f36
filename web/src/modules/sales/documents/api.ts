import type { ConfirmationMailDto, SetConfirmationMailRequest } from '@contracts/sales-documents';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the documents area: the event's confirmation mail template (read, save, back to the default, preview). Saves answer an event-store position; the next read carries `after=` so the
 * read model includes the save.
 */
const { after, response } = readYourWrites();

const tagged = api.enhanceEndpoints({ addTagTypes: ['ConfirmationMail'] as const });

type WriteResult = { data: ConfirmationMailDto; position: string | null };

export const documentsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    confirmationMail: b.query<ConfirmationMailDto, string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/confirmationMail`, params: after() }),
      providesTags: (_r, _e, eventId) => [{ type: 'ConfirmationMail', id: eventId }],
    }),
    saveConfirmationMail: b.mutation<WriteResult, { eventId: string; body: SetConfirmationMailRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/confirmationMail`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'ConfirmationMail', id: eventId }]),
    }),
    resetConfirmationMail: b.mutation<WriteResult, { eventId: string; expectedVersion: number; clientId: string }>({
      query: ({ eventId, expectedVersion, clientId }) => ({ url: `event/${seg(eventId)}/confirmationMail`, method: 'DELETE', body: { expectedVersion, clientId } }),
      transformResponse: response,
      invalidatesTags: (_r, error, { eventId }) => (error ? [] : [{ type: 'ConfirmationMail', id: eventId }]),
    }),
    previewConfirmationMail: b.mutation<{ subject: string; html: string }, { eventId: string; subject: string; html: string }>({
      query: ({ eventId, subject, html }) => ({ url: `event/${seg(eventId)}/confirmationMail/preview`, method: 'POST', body: { subject, html } }),
    }),
  }),
});

export const {
  useConfirmationMailQuery,
  useSaveConfirmationMailMutation,
  useResetConfirmationMailMutation,
  usePreviewConfirmationMailMutation,
} = documentsApi;

