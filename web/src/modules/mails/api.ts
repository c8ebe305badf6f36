import type { AdminGridQuery } from '@contracts/admin';
import type { Audience, AudiencePreviewDto } from '@contracts/contacts-audience';
import type { CampaignActivityDto, CampaignDto, CampaignProgressDto, CampaignRecipientDto, CreateCampaignBody, SenderDto } from '@contracts/contacts-campaigns';
import { api } from '../../app/api';
import { readYourWrites, seg } from '../../app/readYourWrites';

/**
 * Calls of the mails module: the organizer's campaigns (/api/v2/contacts/campaigns..., src/http/contacts/campaign-routes.ts)
 * and the campaigns of an event's attendees (/api/v2/event/{id}/attendeeCampaigns..., campaign-audience-routes.ts).
 * Writes answer an event-store position that the next reads wait for (`after`); the detail page also refetches on
 * the `contactsCampaign:updated` socket push.
 */
const { after, response } = readYourWrites();
type Written = { position: string | null };
export type CampaignAction = 'pause' | 'resume' | 'cancel';
/** Where a campaign lives: the organizer's (no event) or an event's attendee campaigns. */
export type CampaignScope = { eventId?: string };
const root = ({ eventId }: CampaignScope) => (eventId ? `event/${seg(eventId)}/attendeeCampaigns` : 'contacts/campaigns');

const tagged = api.enhanceEndpoints({ addTagTypes: ['MailCampaigns', 'MailSenders'] as const });

export const mailsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    campaignSenders: b.query<SenderDto[], CampaignScope>({
      query: ({ eventId }) => ({ url: eventId ? `event/${seg(eventId)}/attendeeCampaigns/senders` : 'contacts/senders', params: after() }),
      transformResponse: (r: { data: SenderDto[] }) => r.data,
      providesTags: ['MailSenders'],
    }),
    campaigns: b.query<CampaignDto[], CampaignScope & { purpose?: 'campaign' | 'reminder' }>({
      query: ({ eventId, purpose }) => ({ url: root({ eventId }), params: after(purpose ? { purpose } : {}) }),
      transformResponse: (r: { data: CampaignDto[] }) => r.data,
      providesTags: ['MailCampaigns'],
    }),
    campaign: b.query<CampaignProgressDto, CampaignScope & { id: string }>({
      query: ({ eventId, id }) => ({ url: `${root({ eventId })}/${seg(id)}`, params: after() }),
      providesTags: ['MailCampaigns'],
    }),
    campaignRecipients: b.query<{ rows: CampaignRecipientDto[]; rowCount: number }, { id: string; q: Partial<AdminGridQuery> }>({
      query: ({ id, q }) => ({ url: `contacts/campaigns/${seg(id)}/recipients`, params: after(q) }),
      transformResponse: (r: { data: CampaignRecipientDto[]; rowCount: number }) => ({ rows: r.data, rowCount: r.rowCount }),
      providesTags: ['MailCampaigns'],
    }),
    campaignActivity: b.query<CampaignActivityDto[], void>({
      query: () => ({ url: 'contacts/campaignActivity', params: after() }),
      transformResponse: (r: { data: CampaignActivityDto[] }) => r.data,
      providesTags: ['MailCampaigns'],
    }),
    previewAudience: b.mutation<AudiencePreviewDto, CampaignScope & { channel: 'email' | 'whatsapp'; audience: Audience }>({
      query: ({ eventId, channel, audience }) =>
        eventId ? { url: `event/${seg(eventId)}/attendeeCampaigns/preview`, method: 'POST', body: { channel } } : { url: 'contacts/audience/preview', method: 'POST', body: { channel, audience } },
    }),
    createCampaign: b.mutation<Written & { id: string }, CampaignScope & { body: CreateCampaignBody }>({
      query: ({ eventId, body }) => ({ url: root({ eventId }), method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['MailCampaigns'] : []),
    }),
    sendCampaign: b.mutation<Written & { status: string }, CampaignScope & { id: string; clientId: string; at?: string }>({
      query: ({ eventId, id, clientId, at }) => ({ url: `${root({ eventId })}/${seg(id)}/send`, method: 'POST', body: at ? { clientId, at } : { clientId } }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['MailCampaigns'] : []),
    }),
    changeCampaign: b.mutation<Written & { status: string }, CampaignScope & { id: string; action: CampaignAction; clientId: string }>({
      query: ({ eventId, id, action, clientId }) => ({ url: `${root({ eventId })}/${seg(id)}/${action}`, method: 'POST', body: { clientId } }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['MailCampaigns'] : []),
    }),
  }),
});

export const {
  useCampaignSendersQuery,
  useCampaignsQuery,
  useCampaignQuery,
  useCampaignRecipientsQuery,
  useCampaignActivityQuery,
  usePreviewAudienceMutation,
  useCreateCampaignMutation,
  useSendCampaignMutation,
  useChangeCampaignMutation,
} = mailsApi;
