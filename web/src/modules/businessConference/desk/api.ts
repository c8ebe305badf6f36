import {
  BC_HELP_UPDATED_SOCKET_EVENT,
  type AttendanceListResponse,
  type AttendanceResponse,
  type BcHelpUpdatedPayload,
  type HelpActionResponse,
  type HelpDeskStats,
  type HelpRequestDto,
  type MeetingOutcomeDto,
  type MeetingSide,
  type OutcomeResponse,
  type ScheduleHelpResponse,
} from '@contracts/businessConference-desk';
import { api } from '../../../app/api';
import { currentSocket, onSocketChange, type AppSocket } from '../../../app/socket';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the desk area: help requests (the participant's button, the helpRequest desk), registerAttendance and
 * meeting outcomes. Writes answer a position; the reads that follow carry `after` (read-your-writes). The help
 * queries follow `bcHelp:updated` pushes: the pushed request replaces the cached one at once, then the list is
 * read again after the pushed position (counts and waits).
 */
const { after, remember, response } = readYourWrites();
const tagged = api.enhanceEndpoints({ addTagTypes: ['BcHelp', 'BcAttendance', 'BcOutcome'] as const });

type Lifecycle = { cacheDataLoaded: Promise<unknown>; cacheEntryRemoved: Promise<unknown> };

/** Calls `onPush` for every `bcHelp:updated` while the cache entry lives (across reconnects). */
async function followHelpPushes(lifecycle: Lifecycle, onPush: (p: BcHelpUpdatedPayload) => void) {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const on: { socket: AppSocket | null } = { socket: null };
  const follow = () => {
    const s = currentSocket();
    if (s === on.socket) return;
    on.socket?.off(BC_HELP_UPDATED_SOCKET_EVENT, onPush);
    on.socket = s;
    s?.on(BC_HELP_UPDATED_SOCKET_EVENT, onPush);
  };
  follow();
  const stop = onSocketChange(follow);
  await lifecycle.cacheEntryRemoved;
  stop();
  on.socket?.off(BC_HELP_UPDATED_SOCKET_EVENT, onPush);
}

const upsert = (list: HelpRequestDto[], r: HelpRequestDto) => {
  const at = list.findIndex((x) => x._id === r._id);
  if (at >= 0) list[at] = r;
  else list.unshift(r);
};

export type RoundHelp = { data: HelpRequestDto[]; stats: HelpDeskStats };
export type MeetingOutcomeView = { data: MeetingOutcomeDto | null; startsAt: string | null; canAnswer: boolean };

export const deskApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    /** Spec 7: POST businessConferenceScheduleHelp. */
    scheduleHelp: b.mutation<ScheduleHelpResponse & { message: string }, { meetingId: string; type: MeetingSide }>({
      query: ({ meetingId, type }) => ({ url: 'businessConferenceScheduleHelp', method: 'POST', body: { _businessConferenceSchedule: meetingId, type } }),
      onQueryStarted: async ({ meetingId, type }, { queryFulfilled, dispatch }) => {
        await remember(queryFulfilled);
        try {
          const { data } = await queryFulfilled;
          dispatch(deskApi.util.updateQueryData('meetingHelp', { meetingId, side: type }, (list) => upsert(list, data.data)));
        } catch {
          /* the button shows the error */
        }
      },
    }),
    /** The caller's help requests on their side of a meeting, live. */
    meetingHelp: b.query<HelpRequestDto[], { meetingId: string; side: MeetingSide }>({
      query: ({ meetingId, side }) => ({ url: `businessConference/meetings/${seg(meetingId)}/help`, params: { side, ...after() } }),
      transformResponse: (r: { data: HelpRequestDto[] }) => r.data,
      onCacheEntryAdded: ({ meetingId, side }, lifecycle) =>
        followHelpPushes(lifecycle, (p) => {
          if (p.request.meetingId !== meetingId || p.request.side !== side) return;
          lifecycle.updateCachedData((list) => upsert(list, p.request));
        }),
    }),
    /** The helpRequest desk: every request of the round with counts and waits, live. */
    roundHelp: b.query<RoundHelp, string>({
      query: (roundId) => ({ url: `businessConference/rounds/${seg(roundId)}/helpRequests`, params: after() }),
      providesTags: (_r, _e, roundId) => [{ type: 'BcHelp', id: roundId }],
      onCacheEntryAdded: (roundId, lifecycle) =>
        followHelpPushes(lifecycle, (p) => {
          if (p.roundId !== roundId) return;
          lifecycle.updateCachedData((d) => upsert(d.data, p.request));
          // Counts and waits come from the server, read after the pushed position.
          lifecycle.dispatch(tagged.util.invalidateTags([{ type: 'BcHelp', id: roundId }]));
        }),
    }),
    takeHelp: b.mutation<HelpActionResponse, { requestId: string; roundId: string; clientId: string }>({
      query: ({ requestId, clientId }) => ({ url: `businessConference/helpRequests/${seg(requestId)}/take`, method: 'POST', body: { clientId } }),
      transformResponse: response,
      // A refusal (taken by someone else) also refreshes the list: it shows who took it.
      invalidatesTags: (_r, _e, { roundId }) => [{ type: 'BcHelp', id: roundId }],
    }),
    resolveHelp: b.mutation<HelpActionResponse, { requestId: string; roundId: string; clientId: string }>({
      query: ({ requestId, clientId }) => ({ url: `businessConference/helpRequests/${seg(requestId)}/resolve`, method: 'POST', body: { clientId } }),
      transformResponse: response,
      invalidatesTags: (_r, _e, { roundId }) => [{ type: 'BcHelp', id: roundId }],
    }),
    attendance: b.query<AttendanceListResponse, string>({
      query: (roundId) => ({ url: `businessConference/rounds/${seg(roundId)}/attendance`, params: after() }),
      providesTags: (_r, _e, roundId) => [{ type: 'BcAttendance', id: roundId }],
    }),
    setAttendance: b.mutation<AttendanceResponse, { roundId: string; participantId: string; day: string; present: boolean; clientId: string }>({
      query: ({ roundId, ...body }) => ({ url: `businessConference/rounds/${seg(roundId)}/attendance`, method: 'PUT', body }),
      // The toggle moves at once; a refusal puts it back.
      onQueryStarted: async ({ roundId, participantId, day, present }, { queryFulfilled, dispatch }) => {
        const patch = dispatch(
          deskApi.util.updateQueryData('attendance', roundId, (d) => {
            const row = d.rows.find((r) => r.participantId === participantId);
            if (!row || row.days.includes(day) === present) return;
            row.days = present ? [...row.days, day].sort() : row.days.filter((x) => x !== day);
            d.counts[day] = (d.counts[day] ?? 0) + (present ? 1 : -1);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
        await remember(queryFulfilled);
      },
    }),
    roundOutcomes: b.query<MeetingOutcomeDto[], string>({
      query: (roundId) => ({ url: `businessConference/rounds/${seg(roundId)}/outcomes`, params: after() }),
      transformResponse: (r: { data: MeetingOutcomeDto[] }) => r.data,
      providesTags: (_r, _e, roundId) => [{ type: 'BcOutcome', id: roundId }],
    }),
    meetingOutcome: b.query<MeetingOutcomeView, { meetingId: string; side: MeetingSide }>({
      query: ({ meetingId, side }) => ({ url: `businessConference/meetings/${seg(meetingId)}/outcome`, params: { side, ...after() } }),
      providesTags: (_r, _e, { meetingId }) => [{ type: 'BcOutcome', id: meetingId }],
    }),
    reportOutcome: b.mutation<OutcomeResponse, { meetingId: string; side: MeetingSide; happened: boolean; clientId: string }>({
      query: ({ meetingId, ...body }) => ({ url: `businessConference/meetings/${seg(meetingId)}/outcome`, method: 'PUT', body }),
      onQueryStarted: async ({ meetingId, side }, { queryFulfilled, dispatch }) => {
        await remember(queryFulfilled);
        try {
          const { data } = await queryFulfilled;
          dispatch(deskApi.util.updateQueryData('meetingOutcome', { meetingId, side }, (v) => ({ ...v, data: data.data })));
        } catch {
          /* the prompt shows the error */
        }
      },
    }),
  }),
});

export const {
  useScheduleHelpMutation,
  useMeetingHelpQuery,
  useRoundHelpQuery,
  useTakeHelpMutation,
  useResolveHelpMutation,
  useAttendanceQuery,
  useSetAttendanceMutation,
  useRoundOutcomesQuery,
  useMeetingOutcomeQuery,
  useReportOutcomeMutation,
} = deskApi;
