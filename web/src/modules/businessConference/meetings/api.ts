import {
  MEETING_UPDATED_SOCKET_EVENT,
  type MeetingDto,
  type MeetingRoomDto,
  type MeetingUpdatedPayload,
  type MyMeetingDto,
  type MyMeetingsResponse,
} from '@contracts/businessConference-meetings';
import { api } from '../../../app/api';
import { currentSocket, onSocketChange, type AppSocket } from '../../../app/socket';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the meetings area. Writes answer an event-store position; the reads that follow carry `after=` so the
 * read model includes the write. `bcMeeting:updated` (pushed to both sides of a meeting) refetches the open lists,
 * so a request, an answer or an expiry shows up live on the other side's page.
 */
const { after, response } = readYourWrites();
let pushedPosition: string | null = null;
const afterAny = () => (pushedPosition ? { after: pushedPosition } : after());

const tagged = api.enhanceEndpoints({ addTagTypes: ['BcMeeting'] as const });

interface Write {
  data: MeetingDto;
  position: string | null;
}

async function followMeetingUpdates(lifecycle: { dispatch: (a: ReturnType<typeof tagged.util.invalidateTags>) => unknown; cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> }) {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const onUpdate = (p: MeetingUpdatedPayload) => {
    pushedPosition = p.position;
    lifecycle.dispatch(tagged.util.invalidateTags(['BcMeeting']));
  };
  const on: { socket: AppSocket | null } = { socket: null };
  const follow = () => {
    const s = currentSocket();
    if (s === on.socket) return;
    on.socket?.off(MEETING_UPDATED_SOCKET_EVENT, onUpdate);
    on.socket = s;
    s?.on(MEETING_UPDATED_SOCKET_EVENT, onUpdate);
  };
  follow();
  const stop = onSocketChange(follow);
  await lifecycle.cacheEntryRemoved;
  stop();
  on.socket?.off(MEETING_UPDATED_SOCKET_EVENT, onUpdate);
}

export const meetingsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    /** The signed-in user's meetings (one round, or every round for /mymeetings). */
    myMeetings: b.query<MyMeetingsResponse, { roundId?: string } | void>({
      query: (arg) => ({ url: 'businessConference/meetings/mine', params: { ...(arg && arg.roundId ? { roundId: arg.roundId } : {}), ...afterAny() } }),
      transformResponse: (r: { data: MyMeetingsResponse }) => r.data,
      providesTags: ['BcMeeting'],
      onCacheEntryAdded: (_a, lifecycle) => followMeetingUpdates(lifecycle),
    }),
    meeting: b.query<MyMeetingDto | MeetingDto, string>({
      query: (id) => ({ url: `businessConference/meetings/${seg(id)}`, params: afterAny() }),
      transformResponse: (r: { data: MyMeetingDto | MeetingDto }) => r.data,
      providesTags: ['BcMeeting'],
      // The detail page follows the other side's answers (and the read-your-writes position of one's own) live.
      onCacheEntryAdded: (_a, lifecycle) => followMeetingUpdates(lifecycle),
    }),
    meetingRoom: b.query<MeetingRoomDto, string>({
      query: (id) => ({ url: `businessConference/meetings/${seg(id)}/room`, params: afterAny() }),
      transformResponse: (r: { data: MeetingRoomDto }) => r.data,
      providesTags: ['BcMeeting'],
      onCacheEntryAdded: (_a, lifecycle) => followMeetingUpdates(lifecycle),
    }),
    requestMeeting: b.mutation<Write, { roundId: string; counterpartId: string; preferredSlotId: string | null; message: string | null; clientId: string }>({
      query: (body) => ({ url: 'businessConference/meetings', method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcMeeting']),
    }),
    respondMeeting: b.mutation<Write, { id: string; action: 'accept' | 'decline' | 'cancel'; reason?: string | null }>({
      query: ({ id, action, reason }) => ({ url: `businessConference/meetings/${seg(id)}/${action}`, method: 'POST', body: { reason: reason ?? null } }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcMeeting']),
    }),
    meetingFeed: b.mutation<{ data: { roundId: string; participantId: string; url: string }; position: string | null }, { roundId: string }>({
      query: (body) => ({ url: 'businessConference/meetings/feed', method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcMeeting']),
    }),
  }),
});

export const { useMyMeetingsQuery, useMeetingQuery, useMeetingRoomQuery, useRequestMeetingMutation, useRespondMeetingMutation, useMeetingFeedMutation } = meetingsApi;
