import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  badgeParams,
  badgeQuery,
  cashMovementRequest,
  deskAttendeeRequest,
  deskAttendeeResponse,
  closeTillRequest,
  eventParams,
  openTillRequest,
  tillListResponse,
  tillParams,
  tillResponse,
  tillSaleRequest,
  tillSaleResponse,
  type TillDetailDto,
} from '../../contracts/sales-boxoffice.js';
import { registerAtDesk } from '../../commands/sales/boxoffice-desk.js';
import { closeTill, moveCash, openTill } from '../../commands/sales/till.js';
import { sellAtTill } from '../../commands/sales/till-sale.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { findTicket } from '../../projections/sales/queries.js';
import { findTill, openTillOf, reconcileTill, tillEntries, tillsOfEvent } from '../../projections/sales/till-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { authorizeRequest, type AccessGrant } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { badgePdf } from './boxoffice-badge.js';

const m = messages.boxOffice;

/**
 * The box office (issue 20): the cash register's tills (cashRegister.operate) and the registration desk
 * (checkin.scan). A till is read by its cashier, or by whoever manages the event's orders (order.manage).
 */
export function registerBoxOfficeRoutes(router: Router, ctx: AppContext) {
  const tillFor = async (tillId: string, grant: AccessGrant, userId: string, position?: string | null): Promise<TillDetailDto> => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
    const till = await findTill(ctx.db, tillId);
    if (!till || till.eventId !== grant.eventId || (till.openedBy !== userId && !grant.actions.includes('order.manage'))) {
      throw new NotFoundError('TILL_NOT_FOUND', m.tillNotFound);
    }
    const entries = await tillEntries(ctx.db, tillId);
    return { ...till, entries, reconciliation: await reconcileTill(ctx.db, entries) };
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/tills',
      summary: 'Cajas del evento: las propias (o todas, para quien gestiona los pedidos) y la caja abierta de quien llama',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      response: tillListResponse,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user }) => {
      const all = access.actions.includes('order.manage');
      const [data, mine] = await Promise.all([tillsOfEvent(ctx.db, access.eventId, all ? undefined : user!._id), openTillOf(ctx.db, access.eventId, user!._id)]);
      return { data, mine };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/till',
      summary: 'Abre la caja de quien llama con su fondo inicial (una caja abierta por persona y evento); el mismo clientId responde la misma caja',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      body: openTillRequest,
      response: tillResponse,
      successStatus: 201,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user, body }) => {
      const r = await openTill(ctx, { eventId: access.eventId, userId: user!._id, clientId: body.clientId, float: body.float });
      if (r.state.status === 'none') throw new NotFoundError('TILL_NOT_FOUND', m.tillNotFound);
      return { data: await tillFor(r.state.tillId, access, user!._id, r.position), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/till/:itemId',
      summary: 'Una caja con sus ventas, movimientos y la conciliación con los pedidos',
      tag: 'sales',
      auth: 'user',
      params: tillParams,
      response: tillResponse.shape.data,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user, params }) => tillFor(params.itemId, access, user!._id),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/till/:itemId/sale',
      summary: 'Vende entradas en la puerta (efectivo o tarjeta en un terminal externo con su referencia): un pedido pagado y su venta en la caja; el mismo clientId responde la misma venta',
      tag: 'sales',
      auth: 'user',
      params: tillParams,
      body: tillSaleRequest,
      response: tillSaleResponse,
      successStatus: 201,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user, params, body }) => {
      const r = await sellAtTill(ctx, { eventId: access.eventId, tillId: params.itemId, userId: user!._id, ...body });
      return { data: await tillFor(params.itemId, access, user!._id, r.position), receipt: r.receipt, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/till/:itemId/movement',
      summary: 'Ingreso o retiro de efectivo de la caja, con su motivo',
      tag: 'sales',
      auth: 'user',
      params: tillParams,
      body: cashMovementRequest,
      response: tillResponse,
      successStatus: 201,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user, params, body }) => {
      const r = await moveCash(ctx, { eventId: access.eventId, tillId: params.itemId, userId: user!._id, ...body });
      return { data: await tillFor(params.itemId, access, user!._id, r.position), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/till/:itemId/close',
      summary: 'Cierra la caja con el efectivo contado: se guarda lo esperado y la diferencia',
      tag: 'sales',
      auth: 'user',
      params: tillParams,
      body: closeTillRequest,
      response: tillResponse,
      access: { action: 'cashRegister.operate', event: (i) => i.params.id },
    },
    async ({ access, user, params, body }) => {
      const r = await closeTill(ctx, { eventId: access.eventId, tillId: params.itemId, userId: user!._id, ...body });
      return { data: await tillFor(params.itemId, access, user!._id, r.position), position: r.position };
    },
  );
  // ----- the registration desk ---------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/register/attendee',
      summary: 'Registra en la recepción a un asistente con una entrada gratuita (nombre, correo y el formulario de registro); el mismo clientId responde la misma entrada',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      body: deskAttendeeRequest,
      response: deskAttendeeResponse,
      successStatus: 201,
      access: { action: 'checkin.scan', event: (i) => i.params.id },
    },
    async ({ access, user, body }) => {
      const { ticket, position } = await registerAtDesk(ctx, { ...body, eventId: access.eventId, userId: user!._id });
      return { data: ticket, position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/ticket/:id/badge.pdf',
      summary: 'La credencial de una entrada como etiqueta PDF (102 x 62 mm) para cualquier impresora; checkin.scan en el evento de la entrada',
      tag: 'sales',
      auth: 'user',
      params: badgeParams,
      query: badgeQuery,
    },
    async ({ params, query, req, res }) => {
      const ticket = await findTicket(ctx.db, params.id);
      const missing = () => new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      if (!ticket) throw missing();
      try {
        await authorizeRequest(ctx, req, ticket.eventId, 'checkin.scan');
      } catch (err) {
        // Someone else's ticket reads as missing rather than confirming it exists.
        if (err instanceof HttpError && (err.status === 403 || err.status === 404)) throw missing();
        throw err;
      }
      const event = await findEvent(ctx.db, ticket.eventId);
      const pdf = await badgePdf({
        name: ticket.attendeeName ?? '',
        company: query.company,
        ticketType: ticket.ticketTypeName,
        eventName: event?.event_name ?? '',
        code: ticket.code,
      });
      res.set('Cache-Control', 'no-store, private');
      res.set('X-Content-Type-Options', 'nosniff');
      res.type('application/pdf');
      res.set('Content-Disposition', `inline; filename="credencial-${ticket.code}.pdf"`);
      res.send(pdf);
      return undefined;
    },
  );
}
