import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { addRoom, changeRoom, removeRoom } from '../../commands/sales/checkin-rooms.js';
import { scanBatch, scanTicket } from '../../commands/sales/checkin.js';
import {
  codeParams,
  createRoomRequest,
  doorEventsResponse,
  doorListResponse,
  doorSearchQuery,
  doorSearchResponse,
  doorSummarySchema,
  eventParams,
  roomAttendeesResponse,
  roomParams,
  roomsResponse,
  roomWriteResponse,
  scanAnswerSchema,
  scanBatchRequest,
  scanBatchResponse,
  scanRequest,
  ticketCodeFrom,
  ticketValidityParams,
  ticketValidityResponse,
  updateRoomRequest,
  verifyResponse,
} from '../../contracts/sales-checkin.js';
import { actionsFor, OWNER_ROLES, isModule, type RolesByModule } from '../../domain/access/matrix.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { membershipsOf } from '../../projections/access/queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { findTicketByCode } from '../../projections/sales/queries.js';
import { isoReq } from '../../db/dates.js';
import { checkinCounts, doorList, doorStateOf, roomAttendees, roomsOfEvent, searchDoorTickets, ticketForScan } from '../../projections/sales/checkin-queries.js';
import { authorize } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const m = messages.checkin;
const TAG = 'sales';

/** The event named in a JSON body (`eventId`: id or code), for the guard before the body is validated. */
const bodyEvent = (i: { req: { body?: unknown } }) => {
  const v = (i.req.body as { eventId?: unknown } | undefined)?.eventId;
  return typeof v === 'string' && v.length <= 100 ? v.trim() : undefined;
};

const eventInfo = (e: { id: string; event_code: string; event_name: string; time_zone: string }) => ({ _id: e.id, eventCode: e.event_code, eventName: e.event_name, timeZone: e.time_zone });

/**
 * The door (issue 20): scans (checkin.scan in the door's event), a ticket's state, the door's search and the
 * event's rooms (manage/auditorium writes need event.edit). A scan is answered 200 whatever it came to: the
 * answer says admitted, exited or why not (`ok`, `result`, `messagePublic`); only a request that is wrong in
 * itself (validation, access) is an error.
 */
export function registerCheckinRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/validateTicket/:code',
      summary: 'Comprueba una entrada por su código (el del QR): evento, tipo y estado, sin datos de la persona',
      tag: TAG,
      auth: 'none',
      params: ticketValidityParams,
      response: ticketValidityResponse,
    },
    async ({ params }) => {
      const ticket = await findTicketByCode(ctx.db, ticketCodeFrom(params.code));
      const event = ticket ? await findEvent(ctx.db, ticket.eventId) : undefined;
      if (!ticket || !event) throw new NotFoundError('UNKNOWN_TICKET', m.unknownCode);
      return {
        code: ticket.code,
        status: ticket.status,
        ticketTypeName: ticket.ticketTypeName,
        event: { eventCode: event.event_code, eventName: event.event_name, startDate: isoReq(event.start_date), venue: event.venue, timeZone: event.time_zone },
      };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/checkin',
      summary: 'Escanea una entrada en una puerta (ingreso o salida, opcionalmente a una sala); el mismo scanId responde lo mismo',
      tag: TAG,
      auth: 'user',
      body: scanRequest,
      response: scanAnswerSchema,
      access: { action: 'checkin.scan', event: bodyEvent },
    },
    async ({ body, access, user }) => {
      const { eventId: _ignored, ...scan } = body;
      return scanTicket(ctx, { ...scan, eventId: access.eventId, by: user!._id });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/checkin/batch',
      summary: 'Sincroniza una cola de escaneos hechos sin conexión: cada uno respondido en el mismo orden',
      tag: TAG,
      auth: 'user',
      body: scanBatchRequest,
      response: scanBatchResponse,
      access: { action: 'checkin.scan', event: bodyEvent },
    },
    async ({ body, access, user }) => ({ results: await scanBatch(ctx, { eventId: access.eventId, scans: body.scans, by: user!._id }) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/tickets/verify/:codeParticipant',
      summary: 'Estado de una entrada para la puerta: asistente, tipo, dentro o fuera, últimos escaneos (checkin.scan en su evento)',
      tag: TAG,
      auth: 'user',
      params: codeParams,
      response: verifyResponse,
    },
    async ({ params, user }) => {
      const notFound = () => new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      const ticket = await ticketForScan(ctx.db, ticketCodeFrom(params.codeParticipant));
      if (!ticket) throw notFound();
      try {
        await authorize(ctx, user, { event: ticket.eventId, action: 'checkin.scan' });
      } catch (err) {
        // Whoever may not scan at its event learns nothing about the ticket.
        if (err instanceof HttpError && (err.status === 403 || err.status === 404)) throw notFound();
        throw err;
      }
      const [event, state] = await Promise.all([findEvent(ctx.db, ticket.eventId), doorStateOf(ctx.db, ticket._id)]);
      if (!event) throw notFound();
      return { ticket, event: eventInfo(event), ...state };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/checkin/events', summary: 'Eventos en los que el usuario puede validar entradas', tag: TAG, auth: 'user', response: doorEventsResponse },
    async ({ user }) => {
      const rows = await membershipsOf(ctx.db, user!._id);
      const byEvent = new Map<string, { row: (typeof rows)[number]; roles: RolesByModule }>();
      for (const r of rows) {
        const entry = byEvent.get(r.eventId) ?? { row: r, roles: {} };
        if (r.owner) Object.assign(entry.roles, OWNER_ROLES);
        else if (isModule(r.module) && r.role) (entry.roles as Record<string, string>)[r.module] = r.role;
        byEvent.set(r.eventId, entry);
      }
      const data = [...byEvent.values()]
        .filter(({ row, roles }) => !row.cancelled && actionsFor(roles).includes('checkin.scan'))
        .map(({ row }) => ({ _id: row.eventId, eventCode: row.eventCode, eventName: row.eventName, published: row.published }));
      return { data };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/checkin/:event',
      summary: 'Resumen de la puerta: entradas válidas, dentro ahora, ingresadas, y las salas del evento',
      tag: TAG,
      auth: 'user',
      params: eventParams,
      response: doorSummarySchema,
      access: { action: 'checkin.scan', event: (i) => i.params.event },
    },
    async ({ access }) => {
      const [event, counts, rooms] = await Promise.all([findEvent(ctx.db, access.eventId), checkinCounts(ctx.db, access.eventId), roomsOfEvent(ctx.db, access.eventId)]);
      if (!event) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
      return { event: eventInfo(event), ...counts, rooms };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/checkin/:event/tickets',
      summary: 'Busca entradas del evento por nombre, correo o código, con su estado en la puerta',
      tag: TAG,
      auth: 'user',
      params: eventParams,
      query: doorSearchQuery,
      response: doorSearchResponse,
      access: { action: 'checkin.scan', event: (i) => i.params.event },
    },
    async ({ access, query }) => ({ data: await searchDoorTickets(ctx.db, access.eventId, query.q) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/checkin/:event/list',
      summary: 'Entradas del evento para responder sin conexión (código, nombre, tipo, estado, dentro); la puerta no las guarda en el dispositivo',
      tag: TAG,
      auth: 'user',
      params: eventParams,
      response: doorListResponse,
      access: { action: 'checkin.scan', event: (i) => i.params.event },
    },
    async ({ access }) => ({ data: await doorList(ctx.db, access.eventId) }),
  );

  // ----- Rooms (manage/auditorium, manageAttendees/rooms) ------------------------------------------------------
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/rooms',
      summary: 'Salas del evento con cuántos están dentro, ingresos y salidas',
      tag: TAG,
      auth: 'user',
      params: roomParams.pick({ id: true }),
      response: roomsResponse,
      access: { action: 'checkin.scan', event: (i) => i.params.id },
    },
    async ({ access }) => ({ data: await roomsOfEvent(ctx.db, access.eventId) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/room',
      summary: 'Crea una sala: nombre, aforo y tipos de entrada que pueden ingresar (ninguno: todos)',
      tag: TAG,
      auth: 'user',
      params: roomParams.pick({ id: true }),
      body: createRoomRequest,
      response: roomWriteResponse,
      successStatus: 201,
      access: { action: 'event.edit', event: (i) => i.params.id },
    },
    async ({ access, body, user }) => addRoom(ctx, { eventId: access.eventId, clientId: body.clientId, name: body.name, capacity: body.capacity, ticketTypeIds: body.ticketTypeIds, by: user!._id }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id/room/:roomId',
      summary: 'Modifica una sala',
      tag: TAG,
      auth: 'user',
      params: roomParams,
      body: updateRoomRequest,
      response: roomWriteResponse,
      access: { action: 'event.edit', event: (i) => i.params.id },
    },
    async ({ access, params, body, user }) =>
      changeRoom(ctx, { eventId: access.eventId, roomId: params.roomId, name: body.name, capacity: body.capacity, ticketTypeIds: body.ticketTypeIds, by: user!._id }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'delete',
      path: '/event/:id/room/:roomId',
      summary: 'Elimina una sala (quienes estaban dentro siguen dentro del evento)',
      tag: TAG,
      auth: 'user',
      params: roomParams,
      response: roomWriteResponse,
      access: { action: 'event.edit', event: (i) => i.params.id },
    },
    async ({ access, params, user }) => removeRoom(ctx, { eventId: access.eventId, roomId: params.roomId, by: user!._id }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/room/:roomId/attendees',
      summary: 'Quiénes están en una sala ahora y sus últimos ingresos y salidas',
      tag: TAG,
      auth: 'user',
      params: roomParams,
      response: roomAttendeesResponse,
      access: { action: 'checkin.scan', event: (i) => i.params.id },
    },
    async ({ access, params }) => {
      const room = (await roomsOfEvent(ctx.db, access.eventId)).find((r) => r._id === params.roomId);
      if (!room) throw new NotFoundError('ROOM_NOT_FOUND', m.roomNotFound);
      return { room, ...(await roomAttendees(ctx.db, room._id)) };
    },
  );
}
