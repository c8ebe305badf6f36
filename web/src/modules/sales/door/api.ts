import type {
  CreateRoomRequest,
  DoorEvent,
  DoorListEntry,
  DoorSearchRow,
  DoorSummary,
  RoomAttendees,
  RoomBaseDto,
  RoomDto,
  ScanAnswer,
  ScanItem,
  ScanRequest,
  TicketValidity,
  UpdateRoomRequest,
  VerifyResponse,
} from '@contracts/sales-checkin';
import { api } from '../../../app/api';
import { readYourWrites, seg } from '../../../app/readYourWrites';

/**
 * Calls of the door: scans (one, or the offline queue at once), the ticket's state, the door's search, the
 * event's rooms. Writes answer an event-store position; the reads after them carry `after=<position>` so the read
 * model includes them (read-your-writes).
 */
const { after, keep: seen } = readYourWrites();

interface RoomWrite {
  data: RoomBaseDto | null;
  position: string | null;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['DoorSummary', 'DoorSearch', 'DoorTicket', 'Rooms'] as const });

export const doorApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    doorEvents: b.query<DoorEvent[], void>({
      query: () => ({ url: 'checkin/events' }),
      transformResponse: (r: { data: DoorEvent[] }) => r.data,
    }),
    doorSummary: b.query<DoorSummary, string>({
      query: (event) => ({ url: `checkin/${seg(event)}`, params: after() }),
      providesTags: (_r, _e, event) => [{ type: 'DoorSummary', id: event }, 'Rooms'],
    }),
    doorSearch: b.query<DoorSearchRow[], { event: string; q: string }>({
      query: ({ event, q }) => ({ url: `checkin/${seg(event)}/tickets`, params: after({ q }) }),
      transformResponse: (r: { data: DoorSearchRow[] }) => r.data,
      providesTags: ['DoorSearch'],
    }),
    doorList: b.query<DoorListEntry[], string>({
      query: (event) => ({ url: `checkin/${seg(event)}/list` }),
      transformResponse: (r: { data: DoorListEntry[] }) => r.data,
    }),
    ticketValidity: b.query<TicketValidity, string>({
      query: (code) => ({ url: `validateTicket/${seg(code)}` }),
    }),
    verifyTicket: b.query<VerifyResponse, string>({
      query: (code) => ({ url: `tickets/verify/${seg(code)}`, params: after() }),
      providesTags: (_r, _e, code) => [{ type: 'DoorTicket', id: code }],
    }),
    scan: b.mutation<ScanAnswer, ScanRequest>({
      query: (body) => ({ url: 'checkin', method: 'POST', body }),
      transformResponse: (r: ScanAnswer) => {
        seen(r.position);
        return r;
      },
      invalidatesTags: (r) => (r?.ok ? ['DoorSummary', 'DoorSearch', 'DoorTicket', 'Rooms'] : []),
    }),
    scanBatch: b.mutation<{ results: ScanAnswer[] }, { eventId: string; scans: ScanItem[] }>({
      query: (body) => ({ url: 'checkin/batch', method: 'POST', body }),
      transformResponse: (r: { results: ScanAnswer[] }) => {
        for (const x of r.results) seen(x.position);
        return r;
      },
      invalidatesTags: (r) => (r ? ['DoorSummary', 'DoorSearch', 'DoorTicket', 'Rooms'] : []),
    }),
    rooms: b.query<RoomDto[], string>({
      query: (eventId) => ({ url: `event/${seg(eventId)}/rooms`, params: after() }),
      transformResponse: (r: { data: RoomDto[] }) => r.data,
      providesTags: ['Rooms'],
    }),
    roomAttendees: b.query<RoomAttendees, { eventId: string; roomId: string }>({
      query: ({ eventId, roomId }) => ({ url: `event/${seg(eventId)}/room/${seg(roomId)}/attendees`, params: after() }),
      providesTags: ['Rooms'],
    }),
    createRoom: b.mutation<RoomWrite, { eventId: string; body: CreateRoomRequest }>({
      query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/room`, method: 'POST', body }),
      transformResponse: (r: RoomWrite) => {
        seen(r.position);
        return r;
      },
      invalidatesTags: (r) => (r ? ['Rooms'] : []),
    }),
    updateRoom: b.mutation<RoomWrite, { eventId: string; roomId: string; body: UpdateRoomRequest }>({
      query: ({ eventId, roomId, body }) => ({ url: `event/${seg(eventId)}/room/${seg(roomId)}`, method: 'PUT', body }),
      transformResponse: (r: RoomWrite) => {
        seen(r.position);
        return r;
      },
      invalidatesTags: (r) => (r ? ['Rooms'] : []),
    }),
    deleteRoom: b.mutation<RoomWrite, { eventId: string; roomId: string }>({
      query: ({ eventId, roomId }) => ({ url: `event/${seg(eventId)}/room/${seg(roomId)}`, method: 'DELETE' }),
      transformResponse: (r: RoomWrite) => {
        seen(r.position);
        return r;
      },
      invalidatesTags: (r) => (r ? ['Rooms'] : []),
    }),
  }),
});

export const {
  useDoorEventsQuery,
  useDoorSummaryQuery,
  useDoorSearchQuery,
  useDoorListQuery,
  useVerifyTicketQuery,
  useTicketValidityQuery,
  useScanMutation,
  useScanBatchMutation,
  useRoomsQuery,
  useRoomAttendeesQuery,
  useCreateRoomMutation,
  useUpdateRoomMutation,
  useDeleteRoomMutation,
} = doorApi;
