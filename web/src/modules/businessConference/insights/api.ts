import type { AnswerPollRequest, MyPollsDto, PollAnswerDto, PollLinkDto, PollSide, ReportDto, RoundPollsDto } from '@contracts/businessConference-insights';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the insights area: the participant's polls (list, answer, the poll link), the organizer's answers and
 * the report. An answer's position is carried by the reads that follow (read-your-writes).
 */
const { after, response } = readYourWrites();
const tagged = api.enhanceEndpoints({ addTagTypes: ['BcPoll'] as const });

export const insightsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    myPolls: b.query<MyPollsDto, { roundId: string; side?: PollSide }>({
      query: ({ roundId, side }) => ({ url: `businessConference/round/${seg(roundId)}/poll/mine`, params: { ...(side ? { type: side } : {}), ...after() } }),
      transformResponse: (r: { data: MyPollsDto }) => r.data,
      providesTags: ['BcPoll'],
    }),
    pollLink: b.query<PollLinkDto, { eventCode: string; bcCode: string; poll: string }>({
      query: ({ eventCode, bcCode, poll }) => ({ url: `businessConference/poll/${seg(eventCode)}/${seg(bcCode)}/${seg(poll)}`, params: after() }),
      transformResponse: (r: { data: PollLinkDto }) => r.data,
      providesTags: ['BcPoll'],
    }),
    answerPoll: b.mutation<{ data: PollAnswerDto; position: string | null }, { roundId: string; meetingId: string; body: AnswerPollRequest }>({
      query: ({ roundId, meetingId, body }) => ({ url: `businessConference/round/${seg(roundId)}/poll/${seg(meetingId)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (_r, error) => (error ? [] : ['BcPoll']),
    }),
    roundPolls: b.query<RoundPollsDto, string>({
      query: (roundId) => ({ url: `businessConference/round/${seg(roundId)}/polls`, params: after() }),
      transformResponse: (r: { data: RoundPollsDto }) => r.data,
      providesTags: ['BcPoll'],
    }),
    report: b.query<ReportDto, { eventId: string; roundId: string | null }>({
      query: ({ eventId, roundId }) => ({ url: `businessConference/event/${seg(eventId)}/report`, params: { ...(roundId ? { round: roundId } : {}), ...after() } }),
      transformResponse: (r: { data: ReportDto }) => r.data,
      providesTags: ['BcPoll'],
    }),
  }),
});

export const { useMyPollsQuery, usePollLinkQuery, useAnswerPollMutation, useRoundPollsQuery, useReportQuery } = insightsApi;

/** The report's XLSX (downloaded by the browser with the session cookie). */
export const reportExportUrl = (eventId: string, roundId: string | null) =>
  `/api/v2/businessConference/event/${seg(eventId)}/report/export${roundId ? `?round=${seg(roundId)}` : ''}`;
