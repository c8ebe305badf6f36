import type {
  AuditEntry,
  CodeAvailability,
  ConfirmInvitationResponse,
  EventDto,
  EventInformation,
  EventSummary,
  InviteCollaboratorRequest,
  PaymentMethodDto,
  PermissionsResponse,
  TicketTypeDto,
  UpdateEventRequest,
  ValidateRoleResponse,
  CreateEventRequest,
} from '@contracts/events';
import type {
  collaboratorsResponseSchema,
  inviteCollaboratorResponseSchema,
  modulesResponseSchema,
  myEventsResponseSchema,
  publicEventResponseSchema,
  eventListResponseSchema,
} from '@contracts/events';
import type { EventUpdatedPayload } from '@contracts/events';
import { EVENT_UPDATED_SOCKET_EVENT } from '@contracts/events-socket';
import type { z } from 'zod';
import { api } from '../../app/api';
import { currentSocket, onSocketChange, type AppSocket } from '../../app/socket';
import { readYourWrites, seg } from '../../app/readYourWrites';

export type PublicEventResponse = z.infer<typeof publicEventResponseSchema>;
export type MyEvent = z.infer<typeof myEventsResponseSchema>['data'][number];
export type ModulesData = z.infer<typeof modulesResponseSchema>['data'];
export type CollaboratorsResponse = z.infer<typeof collaboratorsResponseSchema>;
export type EventList = z.infer<typeof eventListResponseSchema>;
export type RoleData = ValidateRoleResponse['data']['data'];
interface Write<T> {
  data: T;
  position: string | null;
}

/**
 * Read-your-writes (architecture notes): every command answers with its event-store position; the GETs that
 * follow carry `after=<position>` so the server waits for its projections to pass it. Query functions run at
 * fetch time, so reading the latest position here does not change cache keys.
 */
const { after, keep } = readYourWrites();
/**
 * A write's answer, kept before its tags are invalidated (a mutation's `transformResponse` runs before the refetches
 * its tags start; `onQueryStarted` would run after them, and they would read without the position).
 */
function written<T>(r: unknown): T {
  const data = r as { position?: string | null; data?: unknown } | null;
  keep(data?.position);
  // This tab's own write refetches by its tags: the push about it then changes nothing.
  const ev = data?.data as { _id?: unknown; version?: unknown } | null | undefined;
  if (typeof ev?._id === 'string' && typeof ev.version === 'number') seenVersion(ev._id, ev.version);
  return r as T;
}

/**
 * Spec section 7: requests of the module area carry the headers path, user (client), event, module and page,
 * so the server authorizes by client, event, module and page. The module area sets the context; calls about
 * another event than the one on screen carry none (the server then checks the user's roles in that event).
 */
let access: { client?: string; eventId?: string; module?: string; page?: string; businessConference?: string; exhibitorCompany?: string } = {};
export function setAccessContext(next: typeof access) {
  access = next;
}
function headersFor(eventId: string): Record<string, string> {
  if (!access.eventId || access.eventId !== eventId) return {};
  const h: Record<string, string> = { path: location.pathname, event: access.eventId };
  if (access.client) h.user = access.client;
  if (access.module) {
    h.module = access.module;
    h.page = access.page ?? '';
  }
  // The round chosen in the toolbar's round selector (business conference).
  if (access.businessConference) h.businessconference = access.businessConference;
  // The company chosen in the toolbar's exhibitor company selector (exhibitor module).
  if (access.exhibitorCompany) h.exhibitorcompany = access.exhibitorCompany;
  return h;
}

/** The eventCode or id of an event, URL-encoded. */

const addTagTypes = ['Event', 'Ticket', 'PaymentMethod', 'Collaborator', 'EventHistory', 'Permissions', 'AdminGrid'] as const;

const eventsTagged = api.enhanceEndpoints({ addTagTypes });

/** Highest stream version of each event this tab has shown or written: older or repeated pushes are ignored. */
const seenVersions = new Map<string, number>();
function seenVersion(eventId: string, version: number) {
  if (version > (seenVersions.get(eventId) ?? -1)) seenVersions.set(eventId, version);
}
/** What an `event:updated` push refetches: everything an open page of that event may show. */
const LIVE_TAGS = ['Event', 'Ticket', 'PaymentMethod', 'Collaborator', 'EventHistory', 'Permissions'] as const;

/**
 * `event:updated` (pushed to the event's team once its read models changed; src/projections/events/read-models.ts)
 * keeps an open page of that event live: while a cache entry showing the event exists, a newer push refetches
 * the event's queries, reading after the push's position. Follows the socket as it is created or replaced; an
 * anonymous visitor has none and simply gets no pushes.
 */
async function followEventUpdates<T>(
  lifecycle: {
    dispatch: (action: ReturnType<typeof eventsTagged.util.invalidateTags>) => unknown;
    cacheDataLoaded: Promise<{ data: T }>;
    cacheEntryRemoved: Promise<unknown>;
  },
  idOf: (data: T) => string,
  versionOf: (data: T) => number | undefined,
) {
  let loaded: T;
  try {
    loaded = (await lifecycle.cacheDataLoaded).data;
  } catch {
    return; // removed before it ever loaded
  }
  const eventId = idOf(loaded);
  const shown = versionOf(loaded);
  if (shown !== undefined) seenVersion(eventId, shown);
  const onUpdate = (p: EventUpdatedPayload) => {
    if (p.eventId !== eventId || p.version <= (seenVersions.get(eventId) ?? -1)) return;
    seenVersion(eventId, p.version);
    keep(p.position);
    lifecycle.dispatch(eventsTagged.util.invalidateTags([...LIVE_TAGS]));
  };
  const on: { socket: AppSocket | null } = { socket: null };
  const follow = () => {
    const s = currentSocket();
    if (s === on.socket) return;
    on.socket?.off(EVENT_UPDATED_SOCKET_EVENT, onUpdate);
    on.socket = s;
    s?.on(EVENT_UPDATED_SOCKET_EVENT, onUpdate);
  };
  follow();
  const stop = onSocketChange(follow);
  await lifecycle.cacheEntryRemoved;
  stop();
  on.socket?.off(EVENT_UPDATED_SOCKET_EVENT, onUpdate);
}
type Builder = Parameters<Parameters<typeof eventsTagged.injectEndpoints>[0]['endpoints']>[0];

/**
 * Create, update and delete of one item collection of an event (ticket types, payment methods): the same URLs
 * (event/:id/<path>[/:itemId]), area headers, read-your-writes and cache tags for each collection.
 */
function itemWrites<Dto>(b: Builder, path: string, tag: 'Ticket' | 'PaymentMethod') {
  const url = (eventId: string, itemId?: string) => `event/${seg(eventId)}/${path}${itemId === undefined ? '' : `/${seg(itemId)}`}`;
  const invalidatesTags = (r: unknown) => (r ? [tag, 'Permissions' as const, 'EventHistory' as const] : []);
  return {
    create: b.mutation<Write<Dto>, { eventId: string; body: Record<string, unknown> }>({
      query: ({ eventId, body }) => ({ url: url(eventId), method: 'POST', body, headers: headersFor(eventId) }),
      transformResponse: written,
      invalidatesTags,
    }),
    update: b.mutation<Write<Dto>, { eventId: string; itemId: string; body: Record<string, unknown> }>({
      query: ({ eventId, itemId, body }) => ({ url: url(eventId, itemId), method: 'PUT', body, headers: headersFor(eventId) }),
      transformResponse: written,
      invalidatesTags,
    }),
    remove: b.mutation<Write<unknown>, { eventId: string; itemId: string }>({
      query: ({ eventId, itemId }) => ({ url: url(eventId, itemId), method: 'DELETE', headers: headersFor(eventId) }),
      transformResponse: written,
      invalidatesTags,
    }),
  };
}

export const eventsApi = eventsTagged.injectEndpoints({
  endpoints: (b) => {
    const tickets = itemWrites<TicketTypeDto>(b, 'ticket', 'Ticket');
    const paymentMethods = itemWrites<PaymentMethodDto>(b, 'paymentMethod', 'PaymentMethod');
    return {
      // ----- queries
      modules: b.query<ModulesData, string>({
        query: (userId) => ({ url: `modules/${seg(userId)}`, params: after({ fecthEvents: 'true' }) }),
        transformResponse: (r: { data: ModulesData }) => r.data,
        providesTags: ['Event', 'Collaborator'],
      }),
      validateRole: b.query<RoleData, { client: string; event?: string; module?: string; page?: string; businessConference?: string; exhibitorCompany?: string }>({
        // A participant's role is held in a round, an exhibitor's in a company: the chosen one goes as its header.
        query: ({ businessConference, exhibitorCompany, ...q }) => ({
          url: 'validateRole',
          params: after({ ...q }),
          headers: { ...(businessConference ? { businessconference: businessConference } : {}), ...(exhibitorCompany ? { exhibitorcompany: exhibitorCompany } : {}) },
        }),
        transformResponse: (r: ValidateRoleResponse) => r.data.data,
        providesTags: ['Permissions', 'Event', 'Ticket', 'PaymentMethod'],
      }),
      permissions: b.query<PermissionsResponse, string>({
        query: (event) => ({ url: `permissions/${seg(event || 'null')}`, params: after() }),
        providesTags: ['Permissions'],
      }),
      event: b.query<EventDto, string>({
        query: (id) => ({ url: `event/${seg(id)}`, params: after(), headers: headersFor(id) }),
        transformResponse: (r: { data: EventDto }) => r.data,
        providesTags: (_r, _e, id) => [{ type: 'Event', id }, 'Event'],
        onCacheEntryAdded: (_id, lifecycle) => followEventUpdates(lifecycle, (d) => d._id, (d) => d.version),
      }),
      eventInformation: b.query<EventInformation, string>({
        query: (id) => ({ url: `eventInformation/${seg(id)}`, params: after(), headers: headersFor(id) }),
        providesTags: ['Event', 'Ticket', 'PaymentMethod'],
        onCacheEntryAdded: (_id, lifecycle) => followEventUpdates(lifecycle, (d) => d.data._id, (d) => d.data.version),
      }),
      myEvents: b.query<MyEvent[], { filter?: string; q?: string }>({
        query: (q) => ({ url: 'events/mine', params: after({ ...q }) }),
        transformResponse: (r: { data: MyEvent[] }) => r.data,
        providesTags: ['Event'],
      }),
      publishedEvents: b.query<EventList, { page?: number; pageSize?: number }>({
        query: (q) => ({ url: 'events/published', params: after({ ...q }) }),
        providesTags: ['Event'],
      }),
      searchEvents: b.query<EventList, { q: string; page?: number; pageSize?: number }>({
        query: (q) => ({ url: 'searchEvent', params: after({ ...q }) }),
        providesTags: ['Event'],
      }),
      publicEvent: b.query<PublicEventResponse, string>({
        query: (code) => ({ url: `e/${seg(code)}`, params: after() }),
        providesTags: ['Event', 'Ticket'],
        // A team member looking at the public page sees it change too (the public shape has no version).
        onCacheEntryAdded: (_code, lifecycle) => followEventUpdates(lifecycle, (d) => d.data._id, () => undefined),
      }),
      history: b.query<AuditEntry[], string>({
        query: (id) => ({ url: `event/${seg(id)}/history`, params: after(), headers: headersFor(id) }),
        transformResponse: (r: { data: AuditEntry[] }) => r.data,
        providesTags: ['EventHistory'],
      }),
      /** Advisory check while typing an eventCode; not cached for long, since another organizer may take it. */
      codeAvailability: b.query<CodeAvailability, { code: string; eventId?: string }>({
        query: ({ code, eventId }) => ({ url: 'events/code-availability', params: eventId ? { code, eventId } : { code } }),
        transformResponse: (r: { data: CodeAvailability }) => r.data,
        keepUnusedDataFor: 5,
      }),
      collaborators: b.query<CollaboratorsResponse, string>({
        query: (id) => ({ url: `event/${seg(id)}/collaborators`, params: after(), headers: headersFor(id) }),
        providesTags: ['Collaborator'],
      }),

      // ----- commands
      createEvent: b.mutation<Write<EventDto>, CreateEventRequest>({
        query: (body) => ({ url: 'event', method: 'POST', body }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions', 'EventHistory'] : []),
      }),
      updateEvent: b.mutation<Write<EventDto>, { id: string; body: UpdateEventRequest }>({
        query: ({ id, body }) => ({ url: `event/${seg(id)}`, method: 'PUT', body, headers: headersFor(id) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions', 'EventHistory'] : []),
      }),
      // Life cycle: a duplicate is a new draft (its client id makes a retried click one copy); a deleted draft and a
      // cancelled event change every list the user sees.
      duplicateEvent: b.mutation<Write<EventDto> & { paymentMethodsLeftOut: number }, { id: string; clientId: string }>({
        query: ({ id, clientId }) => ({ url: `event/${seg(id)}/duplicate`, method: 'POST', body: { clientId }, headers: headersFor(id) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions'] : []),
      }),
      deleteEvent: b.mutation<Write<unknown>, string>({
        query: (id) => ({ url: `event/${seg(id)}`, method: 'DELETE', headers: headersFor(id) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions'] : []),
      }),
      cancelEvent: b.mutation<Write<EventDto>, string>({
        query: (id) => ({ url: `event/${seg(id)}/cancel`, method: 'POST', headers: headersFor(id) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions', 'EventHistory'] : []),
      }),
      uploadCover: b.mutation<Write<EventDto>, { id: string; file: File }>({
        query: ({ id, file }) => {
          const form = new FormData();
          form.append('cover', file);
          return { url: `event/${seg(id)}/cover`, method: 'POST', body: form, headers: headersFor(id) };
        },
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'EventHistory'] : []),
      }),
      createTicket: tickets.create,
      updateTicket: tickets.update,
      deleteTicket: tickets.remove,
      createPaymentMethod: paymentMethods.create,
      updatePaymentMethod: paymentMethods.update,
      deletePaymentMethod: paymentMethods.remove,
      inviteCollaborator: b.mutation<z.infer<typeof inviteCollaboratorResponseSchema>, { eventId: string; body: InviteCollaboratorRequest }>({
        query: ({ eventId, body }) => ({ url: `event/${seg(eventId)}/collaborator`, method: 'POST', body, headers: headersFor(eventId) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Collaborator', 'EventHistory'] : []),
      }),
      removeCollaborator: b.mutation<Write<unknown>, { eventId: string; itemId: string }>({
        query: ({ eventId, itemId }) => ({ url: `event/${seg(eventId)}/collaborator/${seg(itemId)}`, method: 'DELETE', headers: headersFor(eventId) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Collaborator', 'EventHistory'] : []),
      }),
      confirmInvitation: b.mutation<ConfirmInvitationResponse, string>({
        query: (token) => ({ url: `confirm/invitation/${seg(token)}`, method: 'POST' }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Event', 'Permissions', 'Collaborator'] : []),
      }),
      cancelInvitation: b.mutation<Write<unknown>, { eventId: string; itemId: string }>({
        query: ({ eventId, itemId }) => ({ url: `event/${seg(eventId)}/invitation/${seg(itemId)}`, method: 'DELETE', headers: headersFor(eventId) }),
        transformResponse: written,
        invalidatesTags: (r) => (r ? ['Collaborator', 'EventHistory'] : []),
      }),
    };
  },
});

export const {
  useModulesQuery,
  useValidateRoleQuery,
  usePermissionsQuery,
  useEventQuery,
  useEventInformationQuery,
  useMyEventsQuery,
  usePublishedEventsQuery,
  useSearchEventsQuery,
  usePublicEventQuery,
  useHistoryQuery,
  useCollaboratorsQuery,
  useCodeAvailabilityQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useUploadCoverMutation,
  useDuplicateEventMutation,
  useDeleteEventMutation,
  useCancelEventMutation,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
  useCreatePaymentMethodMutation,
  useUpdatePaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useInviteCollaboratorMutation,
  useRemoveCollaboratorMutation,
  useCancelInvitationMutation,
  useConfirmInvitationMutation,
} = eventsApi;

export type { EventSummary };
