import type { IntegrationDto } from '@contracts/contacts-integration';
import { readYourWrites, seg } from '../../app/readYourWrites';
import { contactsApi } from './api';

/** Calls of settings/integration (/api/v2/contacts/{client}/integration): API keys and webhooks. */
const { after, response } = readYourWrites();
const base = (client: string) => `contacts/${seg(client)}/integration`;
type Written<R> = { data: R; position: string | null };
type EventName = IntegrationDto['webhooks'][number]['events'][number];

const tagged = contactsApi.enhanceEndpoints({ addTagTypes: ['ContactsIntegration'] as const });

export const integrationApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    crmIntegration: b.query<IntegrationDto, { client: string }>({
      query: ({ client }) => ({ url: base(client), params: after() }),
      transformResponse: (r: { data: IntegrationDto }) => r.data,
      providesTags: ['ContactsIntegration'],
    }),
    crmCreateApiKey: b.mutation<Written<{ _id: string; key: string | null }>, { client: string; body: { clientId: string; name: string } }>({
      query: ({ client, body }) => ({ url: `${base(client)}/keys`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactsIntegration'] : []),
    }),
    crmRevokeApiKey: b.mutation<Written<{ _id: string }>, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/keys/${seg(id)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactsIntegration'] : []),
    }),
    crmAddWebhook: b.mutation<Written<{ _id: string; secret: string | null }>, { client: string; body: { clientId: string; url: string; events: EventName[] } }>({
      query: ({ client, body }) => ({ url: `${base(client)}/webhooks`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactsIntegration'] : []),
    }),
    crmRemoveWebhook: b.mutation<Written<{ _id: string }>, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/webhooks/${seg(id)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactsIntegration'] : []),
    }),
  }),
});

export const {
  useCrmIntegrationQuery: useIntegrationQuery,
  useCrmCreateApiKeyMutation: useCreateApiKeyMutation,
  useCrmRevokeApiKeyMutation: useRevokeApiKeyMutation,
  useCrmAddWebhookMutation: useAddWebhookMutation,
  useCrmRemoveWebhookMutation: useRemoveWebhookMutation,
} = integrationApi;
