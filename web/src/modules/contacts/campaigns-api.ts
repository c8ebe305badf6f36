import { api } from '../../app/api';
import { seg } from '../../app/readYourWrites';

/** The subscription page's calls (/api/v2/subscription/preferences/{token}): no sign-in, the token is the key. */
export interface SubscriptionDto {
  name: string;
  email: string | null;
  phone: string | null;
  channels: { email: boolean; whatsapp: boolean };
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['ContactSubscription'] as const });

export const campaignsWebApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    subscription: b.query<SubscriptionDto, string>({
      query: (token) => ({ url: `subscription/preferences/${seg(token)}` }),
      providesTags: ['ContactSubscription'],
    }),
    saveSubscription: b.mutation<SubscriptionDto & { message: string }, { token: string; channels: { email: boolean; whatsapp: boolean } }>({
      query: ({ token, channels }) => ({ url: `subscription/preferences/${seg(token)}`, method: 'POST', body: channels }),
      invalidatesTags: (r) => (r ? ['ContactSubscription'] : []),
    }),
  }),
});

export const { useSubscriptionQuery, useSaveSubscriptionMutation } = campaignsWebApi;
