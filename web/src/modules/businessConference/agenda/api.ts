import type {
  AgendaPageDto,
  FloorDto,
  MoveMeetingBody,
  ParticipantAgendaDto,
  ScheduleAllBody,
  ScheduleSummaryDto,
  UnavailableSlotsDto,
} from '@contracts/businessConference-agenda';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the agenda area. Writes answer an event-store position; the reads after them carry `after=<position>`
 * so the read model includes them (read-your-writes).
 */
const { after, keep: seen } = readYourWrites();
const base = (roundId: string) => `businessConference/round/${seg(roundId)}`;

interface Write {
  version: number;
  position: string | null;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['BcAgenda', 'BcFloor', 'BcUnavailable', 'BcParticipantAgenda'] as const });

export const agendaApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    agenda: b.query<AgendaPageDto, string>({
      query: (roundId) => ({ url: `${base(roundId)}/agenda`, params: after() }),
      providesTags: (_r, _e, roundId) => [{ type: 'BcAgenda', id: roundId }],
    }),
    scheduleAll: b.mutation<{ summary: ScheduleSummaryDto } & Write, { roundId: string } & ScheduleAllBody>({
      query: ({ roundId, ...body }) => ({ url: `${base(roundId)}/agenda/schedule`, method: 'POST', body }),
      transformResponse: (r: { summary: ScheduleSummaryDto } & Write) => (seen(r.position), r),
      invalidatesTags: (_r, _e, a) => [
        { type: 'BcAgenda', id: a.roundId },
        { type: 'BcFloor', id: a.roundId },
      ],
    }),
    moveMeeting: b.mutation<Write, { roundId: string; meetingId: string } & MoveMeetingBody>({
      query: ({ roundId, meetingId, ...body }) => ({ url: `${base(roundId)}/agenda/meeting/${seg(meetingId)}/move`, method: 'POST', body }),
      transformResponse: (r: Write) => (seen(r.position), r),
      invalidatesTags: (_r, _e, a) => [
        { type: 'BcAgenda', id: a.roundId },
        { type: 'BcFloor', id: a.roundId },
      ],
    }),
    unscheduleMeeting: b.mutation<Write, { roundId: string; meetingId: string; clientId: string }>({
      query: ({ roundId, meetingId, ...body }) => ({ url: `${base(roundId)}/agenda/meeting/${seg(meetingId)}/unschedule`, method: 'POST', body }),
      transformResponse: (r: Write) => (seen(r.position), r),
      invalidatesTags: (_r, _e, a) => [
        { type: 'BcAgenda', id: a.roundId },
        { type: 'BcFloor', id: a.roundId },
      ],
    }),
    publishAgenda: b.mutation<Write, { roundId: string; clientId: string }>({
      query: ({ roundId, ...body }) => ({ url: `${base(roundId)}/agenda/publish`, method: 'POST', body }),
      transformResponse: (r: Write) => (seen(r.position), r),
      invalidatesTags: (_r, _e, a) => [{ type: 'BcAgenda', id: a.roundId }],
    }),
    floor: b.query<FloorDto, string>({
      query: (roundId) => ({ url: `${base(roundId)}/floor`, params: after() }),
      providesTags: (_r, _e, roundId) => [{ type: 'BcFloor', id: roundId }],
    }),
    participantAgenda: b.query<ParticipantAgendaDto, { roundId: string; participantId: string }>({
      query: ({ roundId, participantId }) => ({ url: `${base(roundId)}/participant/${seg(participantId)}/agenda`, params: after() }),
      providesTags: (_r, _e, a) => [{ type: 'BcParticipantAgenda', id: `${a.roundId}:${a.participantId}` }],
    }),
    unavailableSlots: b.query<UnavailableSlotsDto, { roundId: string; participantId: string }>({
      query: ({ roundId, participantId }) => ({ url: `${base(roundId)}/participant/${seg(participantId)}/unavailable`, params: after() }),
      providesTags: (_r, _e, a) => [{ type: 'BcUnavailable', id: a.participantId }],
    }),
    setUnavailableSlots: b.mutation<{ unavailable: string[]; position: string | null }, { roundId: string; participantId: string; clientId: string; slotIds: string[] }>({
      query: ({ roundId, participantId, ...body }) => ({ url: `${base(roundId)}/participant/${seg(participantId)}/unavailable`, method: 'PUT', body }),
      transformResponse: (r: { unavailable: string[]; position: string | null }) => (seen(r.position), r),
      invalidatesTags: (_r, _e, a) => [{ type: 'BcUnavailable', id: a.participantId }],
    }),
  }),
});

export const {
  useAgendaQuery,
  useScheduleAllMutation,
  useMoveMeetingMutation,
  useUnscheduleMeetingMutation,
  usePublishAgendaMutation,
  useFloorQuery,
  useParticipantAgendaQuery,
  useUnavailableSlotsQuery,
  useSetUnavailableSlotsMutation,
} = agendaApi;
