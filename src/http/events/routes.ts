import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  adminDashboardResponseSchema,
  adminOrganizersResponseSchema,
  adminUsersResponseSchema,
  codeAvailabilityQuerySchema,
  codeAvailabilityResponseSchema,
  cancelInvitationResponseSchema,
  collaboratorsResponseSchema,
  confirmInvitationResponseSchema,
  createEventRequestSchema,
  createPaymentMethodRequestSchema,
  createTicketTypeRequestSchema,
  deleteResponseSchema,
  eventInformationSchema,
  eventListResponseSchema,
  eventResponseSchema,
  eventWriteResponseSchema,
  gridQuerySchema,
  historyResponseSchema,
  inviteCollaboratorRequestSchema,
  inviteCollaboratorResponseSchema,
  modulesQuerySchema,
  modulesResponseSchema,
  myEventsQuerySchema,
  myEventsResponseSchema,
  paymentMethodsResponseSchema,
  paymentMethodWriteResponseSchema,
  permissionsResponseSchema,
  publicEventResponseSchema,
  publicListQuerySchema,
  searchQuerySchema,
  ticketTypesResponseSchema,
  ticketTypeWriteResponseSchema,
  updateEventRequestSchema,
  updatePaymentMethodRequestSchema,
  updateTicketTypeRequestSchema,
  validateRoleQuerySchema,
  validateRoleResponseSchema,
  coverUploadResponseSchema,
} from '../../contracts/events.js';
import * as svc from '../../commands/events/service.js';
import { updateEvent } from '../../commands/events/update-event.js';
import { eventDtoFromState, paymentMethodDtoFromState, ticketDtoFromState } from '../../commands/events/dto.js';
import { messages } from '../../messages/es.js';
import {
  adminDashboard,
  adminOrganizers,
  adminUsers,
  myEvents,
  publishedEvents,
  searchEvents,
} from '../../projections/events/queries.js';
import { defineRoute } from '../route.js';
import { HttpError } from '../errors.js';
import { accessHeaders, authorizeEvent, requireUser } from './access.js';
import { eventInformation, publicEvent } from './information.js';
import { collaboratorsOf, inviteCollaborator, confirmInvitation, claimPendingInvitations } from './collaborators.js';
import { modulesOf, permissionsOf, validateRole } from './roles.js';
import { historyCsv, historyOf } from './history.js';
import { serveFile, uploadCover } from './files.js';
import { codeAvailability } from './code-availability.js';

const TAG = 'events';
const idParams = z.object({ id: z.uuid({ message: 'Identificador no válido.' }) });
const itemParams = idParams.extend({ itemId: z.uuid({ message: 'Identificador no válido.' }) });
const m = messages.events;

/** Routes of the events module (organizer workspace). Shapes: src/contracts/events.ts. */
export function registerEventsRoutes(router: Router, ctx: AppContext) {
  router.use(accessHeaders());

  // ----- Events -----------------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event', summary: 'Crea un evento (el creador es su administrador)', tag: TAG, auth: 'user', body: createEventRequestSchema, response: eventWriteResponseSchema, successStatus: 201 },
    async ({ body, req }) => {
      const r = await svc.createEvent(ctx, requireUser(req), body);
      return { data: eventDtoFromState(r.state, r.version), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/events/code-availability', summary: 'Indica si un código de evento está libre (comprobación mientras se escribe; guardar sigue validándolo)', tag: TAG, auth: 'user', query: codeAvailabilityQuerySchema, response: codeAvailabilityResponseSchema },
    async ({ query }) => codeAvailability(ctx, query.code, query.eventId),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id', summary: 'Datos de un evento', tag: TAG, auth: 'user', params: idParams, response: eventResponseSchema },
    async ({ params, req }) => {
      const a = await authorizeEvent(ctx, req, params.id, 'event.read');
      return { data: eventDtoFromState(a.state, a.version) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id',
      summary: 'Edita un evento; { published: true } lo publica (sin despublicar)',
      tag: TAG,
      auth: 'user',
      params: idParams,
      body: updateEventRequestSchema,
      response: eventWriteResponseSchema,
    },
    async ({ params, body, req }) => {
      const user = requireUser(req);
      const { published, expectedVersion, clientId, ...changes } = body;
      const editing = Object.values(changes).some((v) => v !== undefined);
      const a = await authorizeEvent(ctx, req, params.id, editing || published === undefined ? 'event.edit' : 'event.publish');
      if (published === true && editing) await authorizeEvent(ctx, req, params.id, 'event.publish');
      // One command: edits with `published: true` are decided and appended together (src/commands/events/update-event.ts).
      const result = await updateEvent(ctx, user, params.id, { changes, published, expectedVersion, clientId });
      return { data: eventDtoFromState(result.state, result.version), position: result.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/cover', summary: 'Sube la imagen de portada (multipart, campo cover: JPEG, PNG o WebP, hasta 5 MB)', tag: TAG, auth: 'user', params: idParams, response: coverUploadResponseSchema },
    async ({ params, req, res }) => {
      await authorizeEvent(ctx, req, params.id, 'event.edit');
      return uploadCover(ctx, req, res, params.id);
    },
  );

  router.get('/files/:area/:owner/:file', (req, res, next) => {
    serveFile(ctx, req, res).catch(next);
  });

  // ----- Ticket types ----------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/tickets', summary: 'Tipos de entrada del evento', tag: TAG, auth: 'user', params: idParams, response: ticketTypesResponseSchema },
    async ({ params, req }) => {
      const a = await authorizeEvent(ctx, req, params.id, 'ticket.read');
      return { data: a.state.tickets.map((t) => ticketDtoFromState(a.state.id, t)) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/ticket', summary: 'Crea un tipo de entrada', tag: TAG, auth: 'user', params: idParams, body: createTicketTypeRequestSchema, response: ticketTypeWriteResponseSchema, successStatus: 201 },
    async ({ params, body, req }) => {
      await authorizeEvent(ctx, req, params.id, 'ticket.manage');
      const r = await svc.addTicketType(ctx, requireUser(req), params.id, body);
      const t = r.state.tickets.find((x) => x.id === r.ticketTypeId);
      if (!t) throw new HttpError(404, m.ticketNotFound, 'TICKET_NOT_FOUND');
      return { data: ticketDtoFromState(params.id, t), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/event/:id/ticket/:itemId', summary: 'Edita un tipo de entrada', tag: TAG, auth: 'user', params: itemParams, body: updateTicketTypeRequestSchema, response: ticketTypeWriteResponseSchema },
    async ({ params, body, req }) => {
      await authorizeEvent(ctx, req, params.id, 'ticket.manage');
      const r = await svc.changeTicketType(ctx, requireUser(req), params.id, params.itemId, body);
      const t = r.state.tickets.find((x) => x.id === params.itemId)!;
      return { data: ticketDtoFromState(params.id, t), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/ticket/:itemId', summary: 'Elimina un tipo de entrada', tag: TAG, auth: 'user', params: itemParams, response: deleteResponseSchema },
    async ({ params, req }) => {
      await authorizeEvent(ctx, req, params.id, 'ticket.manage');
      const r = await svc.removeTicketType(ctx, requireUser(req), params.id, params.itemId);
      return { data: { _id: params.itemId, deleted: true as const }, position: r.position };
    },
  );

  // ----- Payment methods -------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/paymentMethods', summary: 'Métodos de pago del evento (sin claves secretas)', tag: TAG, auth: 'user', params: idParams, response: paymentMethodsResponseSchema },
    async ({ params, req }) => {
      const a = await authorizeEvent(ctx, req, params.id, 'paymentMethod.read');
      return { data: a.state.paymentMethods.map((p) => paymentMethodDtoFromState(a.state.id, p)) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/paymentMethod', summary: 'Agrega un método de pago', tag: TAG, auth: 'user', params: idParams, body: createPaymentMethodRequestSchema, response: paymentMethodWriteResponseSchema, successStatus: 201 },
    async ({ params, body, req }) => {
      await authorizeEvent(ctx, req, params.id, 'paymentMethod.manage');
      const r = await svc.addPaymentMethod(ctx, requireUser(req), params.id, body);
      const p = r.state.paymentMethods.find((x) => x.id === r.paymentMethodId);
      if (!p) throw new HttpError(404, m.paymentMethodNotFound, 'PAYMENT_METHOD_NOT_FOUND');
      return { data: paymentMethodDtoFromState(params.id, p), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/event/:id/paymentMethod/:itemId', summary: 'Edita un método de pago (omite secretKey para conservarla)', tag: TAG, auth: 'user', params: itemParams, body: updatePaymentMethodRequestSchema, response: paymentMethodWriteResponseSchema },
    async ({ params, body, req }) => {
      await authorizeEvent(ctx, req, params.id, 'paymentMethod.manage');
      const r = await svc.changePaymentMethod(ctx, requireUser(req), params.id, params.itemId, body);
      const p = r.state.paymentMethods.find((x) => x.id === params.itemId)!;
      return { data: paymentMethodDtoFromState(params.id, p), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/paymentMethod/:itemId', summary: 'Elimina un método de pago', tag: TAG, auth: 'user', params: itemParams, response: deleteResponseSchema },
    async ({ params, req }) => {
      await authorizeEvent(ctx, req, params.id, 'paymentMethod.manage');
      const r = await svc.removePaymentMethod(ctx, requireUser(req), params.id, params.itemId);
      return { data: { _id: params.itemId, deleted: true as const }, position: r.position };
    },
  );

  // ----- Event information, lists, search, public page ----------------------------------------------------
  for (const path of ['/eventInformation/:id', '/eventInformation']) {
    defineRoute(
      router,
      ctx,
      { method: 'get', path, summary: 'Información del evento (tablero): data, ticket, freeIncome, methods, fields, templates, virtualFair', tag: TAG, auth: 'user', response: eventInformationSchema },
      async ({ params, req }) => {
        const id = (params as { id?: string }).id ?? req.access?.event;
        if (!id) throw new HttpError(404, m.notFound, 'EVENT_NOT_FOUND');
        const a = await authorizeEvent(ctx, req, id, 'event.read');
        return eventInformation(ctx, a);
      },
    );
  }

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/events/mine', summary: 'Mis eventos (propios y de mis equipos)', tag: TAG, auth: 'user', query: myEventsQuerySchema, response: myEventsResponseSchema },
    async ({ query, req }) => {
      const user = requireUser(req);
      await claimPendingInvitations(ctx, user);
      return { data: await myEvents(ctx.db, user._id, query.filter, query.q, ctx.clock()) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/events/published', summary: 'Eventos publicados (página de inicio)', tag: TAG, auth: 'none', query: publicListQuerySchema, response: eventListResponseSchema },
    async ({ query }) => publishedEvents(ctx.db, query.page, query.pageSize, ctx.clock()),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/searchEvent', summary: 'Búsqueda de eventos publicados (texto completo en español, sin distinguir tildes)', tag: TAG, auth: 'none', query: searchQuerySchema, response: eventListResponseSchema },
    async ({ query }) => searchEvents(ctx.db, query.q, query.page, query.pageSize),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/e/:eventCode', summary: 'Página pública del evento', tag: TAG, auth: 'optional', params: z.object({ eventCode: z.string().min(1).max(80) }), response: publicEventResponseSchema },
    async ({ params, req }) => publicEvent(ctx, req, params.eventCode),
  );

  // ----- Audit trail ---------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/history.csv', summary: 'Historial de cambios en CSV', tag: TAG, auth: 'user', params: idParams },
    async ({ params, req, res }) => {
      await authorizeEvent(ctx, req, params.id, 'history.read');
      await historyCsv(ctx, res, params.id);
      return undefined;
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/history', summary: 'Historial de cambios (quién, cuándo, qué, antes y después)', tag: TAG, auth: 'user', params: idParams, response: historyResponseSchema },
    async ({ params, req }) => {
      await authorizeEvent(ctx, req, params.id, 'history.read');
      return { data: await historyOf(ctx, params.id) };
    },
  );

  // ----- Collaborators -----------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/collaborators', summary: 'Equipo del evento e invitaciones pendientes', tag: TAG, auth: 'user', params: idParams, response: collaboratorsResponseSchema },
    async ({ params, req }) => {
      const a = await authorizeEvent(ctx, req, params.id, 'collaborator.read');
      return collaboratorsOf(ctx, a.state);
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/collaborator', summary: 'Invita a un colaborador por correo a un módulo con un rol', tag: TAG, auth: 'user', params: idParams, body: inviteCollaboratorRequestSchema, response: inviteCollaboratorResponseSchema, successStatus: 201 },
    async ({ params, body, req }) => {
      await authorizeEvent(ctx, req, params.id, 'collaborator.manage');
      return inviteCollaborator(ctx, requireUser(req), params.id, body);
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/collaborator/:userId', summary: 'Retira a un colaborador del equipo', tag: TAG, auth: 'user', params: idParams.extend({ userId: z.string().min(1).max(100) }), response: deleteResponseSchema },
    async ({ params, req }) => {
      await authorizeEvent(ctx, req, params.id, 'collaborator.manage');
      const r = await svc.removeCollaborator(ctx, requireUser(req), params.id, params.userId);
      return { data: { _id: params.userId, deleted: true as const }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/invitation/:itemId', summary: 'Cancela una invitación pendiente (su enlace deja de ser válido)', tag: TAG, auth: 'user', params: itemParams, response: cancelInvitationResponseSchema },
    async ({ params, req }) => {
      await authorizeEvent(ctx, req, params.id, 'collaborator.manage');
      const r = await svc.cancelInvitation(ctx, requireUser(req), params.id, params.itemId);
      return { data: { _id: params.itemId, deleted: true as const }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/confirm/invitation/:token', summary: 'Acepta una invitación dirigida al correo del usuario', tag: TAG, auth: 'user', params: z.object({ token: z.uuid({ message: 'Identificador no válido.' }) }), response: confirmInvitationResponseSchema },
    async ({ params, req }) => confirmInvitation(ctx, requireUser(req), params.token),
  );

  // ----- Permissions and role validation -----------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/permissions/:event', summary: 'Permisos del usuario en un evento (principal, data, data2, global)', tag: TAG, auth: 'user', params: z.object({ event: z.string().min(1).max(100) }), response: permissionsResponseSchema },
    async ({ params, req }) => permissionsOf(ctx, req, params.event),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/validateRole', summary: 'Valida el rol del usuario por cliente, evento, módulo y página', tag: TAG, auth: 'user', query: validateRoleQuerySchema, response: validateRoleResponseSchema },
    async ({ query, req }) => validateRole(ctx, req, query),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/modules/:userId', summary: 'Módulos y eventos a los que el usuario puede entrar', tag: TAG, auth: 'user', params: z.object({ userId: z.string().min(1).max(100) }), query: modulesQuerySchema, response: modulesResponseSchema },
    async ({ params, query, req }) => modulesOf(ctx, req, params.userId, query.fecthEvents !== 'false'),
  );

  // ----- Platform administration -------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/dashboard', summary: 'Cifras de la plataforma', tag: TAG, auth: 'admin', response: adminDashboardResponseSchema },
    async () => ({ data: await adminDashboard(ctx.db) }),
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/organizers', summary: 'Organizadores (paginado, orden y filtro en el servidor)', tag: TAG, auth: 'admin', query: gridQuerySchema, response: adminOrganizersResponseSchema },
    async ({ query }) => adminOrganizers(ctx.db, query),
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/users', summary: 'Usuarios (paginado, orden y filtro en el servidor)', tag: TAG, auth: 'admin', query: gridQuerySchema, response: adminUsersResponseSchema },
    async ({ query }) => adminUsers(ctx.db, query),
  );
}
