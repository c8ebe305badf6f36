import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  codeAvailabilityQuerySchema,
  codeAvailabilityResponseSchema,
  cancelInvitationResponseSchema,
  collaboratorsResponseSchema,
  confirmInvitationResponseSchema,
  createEventRequestSchema,
  createPaymentMethodRequestSchema,
  createTicketTypeRequestSchema,
  deleteResponseSchema,
  duplicateEventRequestSchema,
  duplicateEventResponseSchema,
  eventInformationSchema,
  eventListResponseSchema,
  eventResponseSchema,
  eventWriteResponseSchema,
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
import { editsAnything, updateEvent } from '../../commands/events/update-event.js';
import { duplicateEvent } from '../../commands/events/duplicate-event.js';
import { eventDtoFromState, paymentMethodDtoFromState, ticketDtoFromState } from '../../commands/events/dto.js';
import { messages } from '../../messages/es.js';
import {
  myEvents,
  publishedEvents,
  searchEvents,
} from '../../projections/events/queries.js';
import { accountsRateLimit } from '../accounts/rate-limit.js';
import { defineRoute } from '../route.js';
import { HttpError } from '../errors.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { AccessAction } from '../../domain/access/matrix.js';
import type { CreatedEvent } from '../../domain/events/event.js';
import { waitForMemberships } from '../../projections/access/queries.js';
import { authorizeRequest } from '../access/guard.js';
import { accessHeaders, loadState, requireUser } from './access.js';
import { eventInformation, publicEvent } from './information.js';
import { collaboratorsOf } from './collaborators.js';
import { confirmInvitation, inviteCollaborator, removeCollaborator } from '../../commands/events/team.js';
import { modulesOf, permissionsOf, validateRole } from './roles.js';
import { historyCsv, historyOf } from './history.js';
import { serveFile, uploadCover } from './files.js';
import { codeAvailability } from './code-availability.js';
import { eventsAttendedBy } from '../sales/attending.js';

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
      // The owner's next request is authorized by the memberships read model: let it see the new event first.
      await waitForMemberships(ctx.db, ctx.store, r.position);
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
    { method: 'get', path: '/event/:id', summary: 'Datos de un evento', tag: TAG, auth: 'user', params: idParams, response: eventResponseSchema, access: { action: 'event.read', event: (i) => i.params.id } },
    async ({ access }) => {
      const a = await loadState(ctx, access);
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
      const editing = editsAnything(changes);
      // The actions depend on the body (edit, publish, or both): one guard query, then each needed action checked.
      const needed: AccessAction[] = [editing || published === undefined ? 'event.edit' : 'event.publish'];
      if (published === true && editing) needed.push('event.publish');
      const grant = await authorizeRequest(ctx, req, params.id, needed[0]);
      if (!needed.every((a) => grant.actions.includes(a))) throw new HttpError(403, m.forbidden, 'FORBIDDEN');
      // One command: edits with `published: true` are decided and appended together (src/commands/events/update-event.ts).
      const result = await updateEvent(ctx, user, params.id, { changes, published, expectedVersion, clientId });
      return { data: eventDtoFromState(result.state, result.version), position: result.position };
    },
  );

  // ----- Life cycle: duplicate, delete a draft, cancel a published event (no unpublish: spec) ---------------
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/duplicate', summary: 'Duplica un evento: un borrador nuevo con los mismos datos, entradas y métodos de pago (código sugerido <código>-copia)', tag: TAG, auth: 'user', params: idParams, body: duplicateEventRequestSchema, response: duplicateEventResponseSchema, successStatus: 201, access: { action: 'event.edit', event: (i) => i.params.id } },
    async ({ params, body, req }) => {
      const r = await duplicateEvent(ctx, requireUser(req), params.id, body);
      // The copy's owner is authorized by the memberships read model: let it see the new event first.
      await waitForMemberships(ctx.db, ctx.store, r.position);
      return { data: eventDtoFromState(r.state, r.version), position: r.position, paymentMethodsLeftOut: r.paymentMethodsLeftOut };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id', summary: 'Elimina un borrador (un evento publicado no: se cancela); su código queda libre', tag: TAG, auth: 'user', params: idParams, response: deleteResponseSchema, access: { action: 'event.edit', event: (i) => i.params.id } },
    async ({ params, req }) => {
      const r = await svc.deleteEvent(ctx, requireUser(req), params.id);
      // Answer once the guard no longer authorizes it, so the next request already meets a 404/403.
      await waitForMemberships(ctx.db, ctx.store, r.position);
      return { data: { _id: params.id, deleted: true as const }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/cancel', summary: 'Cancela un evento publicado (sale de las listas públicas; se avisa al equipo)', tag: TAG, auth: 'user', params: idParams, response: eventWriteResponseSchema, access: { action: 'event.publish', event: (i) => i.params.id } },
    async ({ params, req }) => {
      const r = await svc.cancelEvent(ctx, requireUser(req), params.id);
      return { data: eventDtoFromState(r.state, r.version), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/cover', summary: 'Sube la imagen de portada (multipart, campo cover: JPEG, PNG o WebP, hasta 5 MB)', tag: TAG, auth: 'user', params: idParams, response: coverUploadResponseSchema, access: { action: 'event.edit', event: (i) => i.params.id } },
    async ({ params, req, res }) => {
      return uploadCover(ctx, req, res, params.id);
    },
  );

  router.get('/files/:area/:owner/:file', (req, res, next) => {
    serveFile(ctx, req, res).catch(next);
  });

  // ----- Ticket types and payment methods: one item collection each ----------------------------------------
  itemCollectionRoutes(router, ctx, {
    list: { path: '/event/:id/tickets', summary: 'Tipos de entrada del evento', response: ticketTypesResponseSchema },
    item: '/event/:id/ticket',
    summaries: { create: 'Crea un tipo de entrada', update: 'Edita un tipo de entrada', remove: 'Elimina un tipo de entrada' },
    read: 'ticket.read',
    manage: 'ticket.manage',
    createBody: createTicketTypeRequestSchema,
    updateBody: updateTicketTypeRequestSchema,
    writeResponse: ticketTypeWriteResponseSchema,
    all: (s) => s.tickets.map((t) => ticketDtoFromState(s.id, t)),
    one: (s, itemId) => {
      const t = s.tickets.find((x) => x.id === itemId);
      return t && ticketDtoFromState(s.id, t);
    },
    notFound: () => new HttpError(404, m.ticketNotFound, 'TICKET_NOT_FOUND'),
    create: async (user, eventId, body) => {
      const r = await svc.addTicketType(ctx, user, eventId, body);
      return { ...r, itemId: r.ticketTypeId };
    },
    update: (user, eventId, itemId, body) => svc.changeTicketType(ctx, user, eventId, itemId, body),
    remove: (user, eventId, itemId) => svc.removeTicketType(ctx, user, eventId, itemId),
  });

  itemCollectionRoutes(router, ctx, {
    list: { path: '/event/:id/paymentMethods', summary: 'Métodos de pago del evento (sin claves secretas)', response: paymentMethodsResponseSchema },
    item: '/event/:id/paymentMethod',
    summaries: { create: 'Agrega un método de pago', update: 'Edita un método de pago (omite secretKey para conservarla)', remove: 'Elimina un método de pago' },
    read: 'paymentMethod.read',
    manage: 'paymentMethod.manage',
    createBody: createPaymentMethodRequestSchema,
    updateBody: updatePaymentMethodRequestSchema,
    writeResponse: paymentMethodWriteResponseSchema,
    all: (s) => s.paymentMethods.map((p) => paymentMethodDtoFromState(s.id, p)),
    one: (s, itemId) => {
      const p = s.paymentMethods.find((x) => x.id === itemId);
      return p && paymentMethodDtoFromState(s.id, p);
    },
    notFound: () => new HttpError(404, m.paymentMethodNotFound, 'PAYMENT_METHOD_NOT_FOUND'),
    create: async (user, eventId, body) => {
      const r = await svc.addPaymentMethod(ctx, user, eventId, body);
      return { ...r, itemId: r.paymentMethodId };
    },
    update: (user, eventId, itemId, body) => svc.changePaymentMethod(ctx, user, eventId, itemId, body),
    remove: (user, eventId, itemId) => svc.removePaymentMethod(ctx, user, eventId, itemId),
  });

  // ----- Event information, lists, search, public page ----------------------------------------------------
  for (const path of ['/eventInformation/:id', '/eventInformation']) {
    defineRoute(
      router,
      ctx,
      {
        method: 'get',
        path,
        summary: 'Información del evento (tablero): data, ticket, freeIncome, methods, fields, templates, virtualFair',
        tag: TAG,
        auth: 'user',
        response: eventInformationSchema,
        access: { action: 'event.read', event: (i) => (i.params as { id?: string }).id ?? i.req.access?.event },
      },
      async ({ access }) => {
        return eventInformation(ctx, await loadState(ctx, access));
      },
    );
  }

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/events/mine', summary: 'Mis eventos (propios, de mis equipos y a los que asisto)', tag: TAG, auth: 'user', query: myEventsQuerySchema, response: myEventsResponseSchema },
    async ({ query, req }) => {
      const user = requireUser(req);
      return { data: await myEvents(ctx.db, user._id, query.filter, query.q, ctx.clock(), await eventsAttendedBy(ctx.db, user)) };
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
    { method: 'get', path: '/event/:id/history.csv', summary: 'Historial de cambios en CSV', tag: TAG, auth: 'user', params: idParams, access: { action: 'history.read', event: (i) => i.params.id } },
    async ({ params, res }) => {
      await historyCsv(ctx, res, params.id);
      return undefined;
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/history', summary: 'Historial de cambios (quién, cuándo, qué, antes y después)', tag: TAG, auth: 'user', params: idParams, response: historyResponseSchema, access: { action: 'history.read', event: (i) => i.params.id } },
    async ({ params }) => {
      return { data: await historyOf(ctx, params.id) };
    },
  );

  // ----- Collaborators -----------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/collaborators', summary: 'Equipo del evento e invitaciones pendientes', tag: TAG, auth: 'user', params: idParams, response: collaboratorsResponseSchema, access: { action: 'collaborator.read', event: (i) => i.params.id } },
    async ({ access }) => {
      const a = await loadState(ctx, access);
      return collaboratorsOf(ctx, a.state);
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/event/:id/collaborator', summary: 'Invita a un colaborador por correo a un módulo con un rol', tag: TAG, auth: 'user', params: idParams, body: inviteCollaboratorRequestSchema, response: inviteCollaboratorResponseSchema, successStatus: 201, access: { action: 'collaborator.manage', event: (i) => i.params.id } },
    async ({ body, req, access }) => {
      return inviteCollaborator(ctx, requireUser(req), access, body);
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/collaborator/:userId', summary: 'Retira a un colaborador del equipo', tag: TAG, auth: 'user', params: idParams.extend({ userId: z.string().min(1).max(100) }), response: deleteResponseSchema, access: { action: 'collaborator.manage', event: (i) => i.params.id } },
    async ({ params, req, access }) => removeCollaborator(ctx, requireUser(req), access, params.userId),
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:id/invitation/:itemId', summary: 'Cancela una invitación pendiente (su enlace deja de ser válido)', tag: TAG, auth: 'user', params: itemParams, response: cancelInvitationResponseSchema, access: { action: 'collaborator.manage', event: (i) => i.params.id } },
    async ({ params, req }) => {
      const r = await svc.cancelInvitation(ctx, requireUser(req), params.id, params.itemId);
      return { data: { _id: params.itemId, deleted: true as const }, position: r.position };
    },
  );

  // An invitation link is an e-mailed token too: refused ones count in the same per-IP budget as the accounts' links.
  router.post('/confirm/invitation/:token', accountsRateLimit(ctx, 'mailTokenPerIp'));
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
}

/**
 * One item collection of an event (ticket types, payment methods): list (read action), create, update and delete
 * (manage action), each authorized by the access guard, each write answering the item and its position.
 */
function itemCollectionRoutes<C extends z.ZodType, U extends z.ZodType, T>(
  router: Router,
  ctx: AppContext,
  c: {
    list: { path: string; summary: string; response: z.ZodType };
    item: string;
    summaries: { create: string; update: string; remove: string };
    read: AccessAction;
    manage: AccessAction;
    createBody: C;
    updateBody: U;
    writeResponse: z.ZodType;
    all: (s: CreatedEvent) => T[];
    one: (s: CreatedEvent, itemId: string) => T | undefined;
    notFound: () => HttpError;
    create: (user: AuthUser, eventId: string, body: z.infer<C>) => Promise<{ state: CreatedEvent; position: string | null; itemId: string }>;
    update: (user: AuthUser, eventId: string, itemId: string, body: z.infer<U>) => Promise<{ state: CreatedEvent; position: string | null }>;
    remove: (user: AuthUser, eventId: string, itemId: string) => Promise<{ position: string | null }>;
  },
) {
  const eventOf = (i: { params: { id: string } }) => i.params.id;
  defineRoute(
    router,
    ctx,
    { method: 'get', path: c.list.path, summary: c.list.summary, tag: TAG, auth: 'user', params: idParams, response: c.list.response, access: { action: c.read, event: eventOf } },
    async ({ access }) => ({ data: c.all((await loadState(ctx, access)).state) }),
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: c.item, summary: c.summaries.create, tag: TAG, auth: 'user', params: idParams, body: c.createBody, response: c.writeResponse, successStatus: 201, access: { action: c.manage, event: eventOf } },
    async ({ params, body, req }) => {
      const r = await c.create(requireUser(req), params.id, body);
      const item = c.one(r.state, r.itemId);
      if (!item) throw c.notFound();
      return { data: item, position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'put', path: `${c.item}/:itemId`, summary: c.summaries.update, tag: TAG, auth: 'user', params: itemParams, body: c.updateBody, response: c.writeResponse, access: { action: c.manage, event: eventOf } },
    async ({ params, body, req }) => {
      const r = await c.update(requireUser(req), params.id, params.itemId, body);
      const item = c.one(r.state, params.itemId);
      if (!item) throw c.notFound();
      return { data: item, position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'delete', path: `${c.item}/:itemId`, summary: c.summaries.remove, tag: TAG, auth: 'user', params: itemParams, response: deleteResponseSchema, access: { action: c.manage, event: eventOf } },
    async ({ params, req }) => {
      const r = await c.remove(requireUser(req), params.id, params.itemId);
      return { data: { _id: params.itemId, deleted: true as const }, position: r.position };
    },
  );
}
