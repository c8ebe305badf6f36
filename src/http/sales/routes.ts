import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  approveDepositRequest,
  cancelOrderRequest,
  myOrderResponse,
  myTicketsResponse,
  orderDetailSchema,
  orderParams,
  orderWriteResponse,
  rejectDepositRequest,
  reserveRequest,
  reserveResponse,
  setAttendeesRequest,
  ticketPersonRequest,
  ticketWriteResponse,
  type MyOrderDto,
  type OrderDetailDto,
  type OrderDto,
} from '../../contracts/sales.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { AccessAction } from '../../domain/access/matrix.js';
import { setAttendees } from '../../commands/sales/attendees.js';
import { cancelOrder } from '../../commands/sales/cancel.js';
import { approveDeposit, rejectDeposit } from '../../commands/sales/deposit.js';
import { refundOrder } from '../../commands/sales/refund.js';
import { changeTicketHolder } from '../../commands/sales/transfer.js';
import { findEvent } from '../../projections/events/queries.js';
import { storageFor } from '../../storage/local.js';
import { buyersOrder, registerPaymentRoutes } from './payment-routes.js';
import { codeGuessGuard } from './codes-routes.js';
import { paymentInfo } from '../../commands/sales/providers.js';
import { reserveOrder } from '../../commands/sales/reserve.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findOrder, findOrders, findTicket, orderHistory, ordersOfBuyer, ticketsOfOrder, ticketsVisibleTo, voucherOf } from '../../projections/sales/queries.js';
import { authorize } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

/**
 * The team's order routes take an order id, not an event's: the event comes from the order, so they authorize in
 * the handler with the access module's guard (the matrix walk of test/access covers routes whose `:id` is the
 * event). Someone without the action learns nothing: 404 like a missing order.
 */
async function teamOrder(ctx: AppContext, orderId: string, user: AuthUser | undefined, action: AccessAction): Promise<OrderDto> {
  if (!user) throw new HttpError(401);
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
  try {
    await authorize(ctx, user, { event: order.eventId, action });
  } catch (err) {
    if (err instanceof HttpError && (err.status === 403 || err.status === 404)) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
    throw err;
  }
  return order;
}

/** The signed-in user's proven e-mail: tickets transferred to it are theirs to see. */
const provenEmail = (user: AuthUser) => (user.emailVerified ? user.email : null);

/** Orders with their events and visible tickets, upcoming events first (soonest first), then past ones (latest first). */
async function myOrders(ctx: AppContext, user: AuthUser, orderIds: string[]): Promise<MyOrderDto[]> {
  const orders = await findOrders(ctx.db, orderIds);
  const events = new Map<string, MyOrderDto['event']>();
  for (const eventId of new Set(orders.map((o) => o.eventId))) {
    const e = await findEvent(ctx.db, eventId);
    if (!e) continue;
    events.set(eventId, {
      _id: e.id,
      eventCode: e.event_code,
      eventName: e.event_name,
      startDate: new Date(e.start_date).toISOString(),
      endDate: new Date(e.end_date).toISOString(),
      timeZone: e.time_zone,
      venue: e.venue,
      coverUrl: e.cover_url,
    });
  }
  const out: MyOrderDto[] = [];
  for (const o of orders) {
    const event = events.get(o.eventId);
    if (!event) continue;
    out.push({ ...o, event, tickets: await ticketsVisibleTo(ctx.db, o._id, user._id, provenEmail(user)) });
  }
  const now = Date.now();
  const upcoming = (o: MyOrderDto) => Date.parse(o.event.endDate) >= now;
  return out.sort((a, b) => {
    if (upcoming(a) !== upcoming(b)) return upcoming(a) ? -1 : 1;
    const d = Date.parse(a.event.startDate) - Date.parse(b.event.startDate);
    return (upcoming(a) ? d : -d) || b.createdAt.localeCompare(a.createdAt);
  });
}

/** Routes of the sales module's orders: reserving, attendee data, cancelling, my tickets, the team's order actions. */
export function registerSalesRoutes(router: Router, ctx: AppContext) {
  registerPaymentRoutes(router, ctx);
  const codeGuesses = codeGuessGuard(ctx);

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservation',
      summary: 'Reserva entradas de un evento publicado (las retiene hasta holdUntil); el mismo clientId responde la misma reserva',
      tag: 'sales',
      // The public buys: a signed-in buyer's order is theirs (and only theirs to read); an anonymous one is read by its id.
      auth: 'optional',
      body: reserveRequest,
      response: reserveResponse,
      successStatus: 201,
    },
    async ({ body, user, req }) => {
      // A code is a guess like validateCode's: refused ones count against the same per-IP limit.
      if (body.code) await codeGuesses.check(req);
      try {
        const { order, position } = await reserveOrder(ctx, { ...body, buyerId: user?._id ?? null });
        return { order, position };
      } catch (err) {
        if (body.code) await codeGuesses.count(req, err);
        throw err;
      }
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/reservation/:id',
      summary:
        'Una reserva con sus entradas, su historial y cómo pagarla: la ve quien la hizo o el equipo del evento con order.read (una reserva anónima, quien tenga su id)',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      response: orderDetailSchema,
    },
    async ({ params, user }) => {
      const order = await findOrder(ctx.db, params.id);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
      const detail = async (o: OrderDto): Promise<OrderDetailDto> => {
        const [tickets, history, payment] = await Promise.all([ticketsOfOrder(ctx.db, o._id), orderHistory(ctx.db, o._id), paymentInfo(ctx, o.eventId)]);
        return { ...o, tickets, history, payment };
      };
      // An anonymous reservation's random id is its secret (pretix's order secret link); a buyer's order is theirs.
      if (order.buyerId === null || order.buyerId === user?._id) return detail(order);
      if (!user) throw new HttpError(401);
      try {
        await authorize(ctx, user, { event: order.eventId, action: 'order.read' });
      } catch (err) {
        // Someone else's order reads as missing rather than confirming it exists.
        if (err instanceof HttpError && (err.status === 403 || err.status === 404)) {
          throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
        }
        throw err;
      }
      return detail(order);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/reservation/:id/attendees',
      summary: 'Los datos del comprador y de un asistente por entrada, con las respuestas al formulario de inscripción del evento',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      body: setAttendeesRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await buyersOrder(ctx, params.id, user);
      return setAttendees(ctx, { orderId: params.id, buyer: body.buyer, attendees: body.attendees, receipt: body.receipt, userId: user?._id ?? null, clientId: body.clientId });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/reservation/:id/cancel',
      summary: 'El comprador cancela su reserva (sin pagar o con un depósito pendiente); las entradas se liberan',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      body: cancelOrderRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await buyersOrder(ctx, params.id, user);
      return cancelOrder(ctx, { orderId: params.id, reason: body.reason ?? null, by: user?._id ?? null, byTeam: false });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/mytickets',
      summary: 'Los pedidos del usuario (los que compró y los que tienen entradas a su correo verificado), próximos eventos primero',
      tag: 'sales',
      auth: 'user',
      response: myTicketsResponse,
    },
    async ({ user }) => {
      const ids = await ordersOfBuyer(ctx.db, user!._id, provenEmail(user!));
      return { data: await myOrders(ctx, user!, ids.map((o) => o.orderId)) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/mytickets/:id',
      summary: 'Un pedido del usuario con sus entradas (QR), su evento y lo que puede hacer con ellas',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
      response: myOrderResponse,
    },
    async ({ params, user }) => {
      const mine = await ordersOfBuyer(ctx.db, user!._id, provenEmail(user!));
      if (!mine.some((o) => o.orderId === params.id)) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
      const [order] = await myOrders(ctx, user!, [params.id]);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
      return { data: order };
    },
  );

  for (const kind of ['transfer', 'assign'] as const) {
    defineRoute(
      router,
      ctx,
      {
        method: kind === 'transfer' ? 'post' : 'put',
        path: kind === 'transfer' ? '/ticket/:id/transfer' : '/ticket/:id/attendee',
        summary:
          kind === 'transfer'
            ? 'Transfiere una entrada a otra persona (su correo); solo quien hizo la compra'
            : 'Pone nombre y correo al asistente de una entrada (pedidos de empresa); solo quien hizo la compra',
        tag: 'sales',
        auth: 'user',
        params: orderParams,
        body: ticketPersonRequest,
        response: ticketWriteResponse,
      },
      async ({ params, body, user }) => {
        const ticket = await findTicket(ctx.db, params.id);
        if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND', messages.sales.ticketNotFound);
        const order = await findOrder(ctx.db, ticket.orderId);
        if (!order || order.buyerId !== user!._id) throw new NotFoundError('TICKET_NOT_FOUND', messages.sales.ticketNotFound);
        return changeTicketHolder(ctx, { ticketId: params.id, name: body.name, email: body.email, userId: user!._id, clientId: body.clientId, kind });
      },
    );
  }

  // ----- the event team (order.manage / order.read), authorized per order in the handler

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/order/:id/refund',
      summary: 'Devuelve un pedido pagado (tarjeta: por la pasarela); sus entradas se anulan y los asientos se liberan (order.manage)',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
      body: cancelOrderRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await teamOrder(ctx, params.id, user, 'order.manage');
      return refundOrder(ctx, { orderId: params.id, reason: body.reason ?? null, by: user!._id });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/order/:id/cancel',
      summary: 'El equipo cancela un pedido (también pagado, sin devolver dinero); los asientos se liberan (order.manage)',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
      body: cancelOrderRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await teamOrder(ctx, params.id, user, 'order.manage');
      return cancelOrder(ctx, { orderId: params.id, reason: body.reason ?? null, by: user!._id, byTeam: true });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/order/:id/deposit/approve',
      summary: 'Aprueba el depósito bancario de un pedido: queda pagado y se emiten sus entradas (order.manage)',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
      body: approveDepositRequest,
      response: orderWriteResponse,
    },
    async ({ params, user }) => {
      await teamOrder(ctx, params.id, user, 'order.manage');
      return approveDeposit(ctx, { orderId: params.id, by: user!._id });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/order/:id/deposit/reject',
      summary: 'Rechaza el depósito bancario de un pedido con un motivo: se cancela y los asientos se liberan (order.manage)',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
      body: rejectDepositRequest,
      response: orderWriteResponse,
    },
    async ({ params, body, user }) => {
      await teamOrder(ctx, params.id, user, 'order.manage');
      return rejectDeposit(ctx, { orderId: params.id, reason: body.reason, by: user!._id });
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/order/:id/voucher',
      summary: 'El comprobante del depósito de un pedido, tal como se subió (order.read)',
      tag: 'sales',
      auth: 'user',
      params: orderParams,
    },
    async ({ params, user, res }) => {
      await teamOrder(ctx, params.id, user, 'order.read');
      const voucher = await voucherOf(ctx.db, params.id);
      const file = voucher ? await storageFor(ctx.config.dataDir).get(voucher.ref) : null;
      if (!voucher || !file) throw new NotFoundError('VOUCHER_NOT_FOUND', messages.sales.voucherNotFound);
      res.setHeader('Content-Type', voucher.contentType);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('Content-Disposition', `inline; filename="${encodeURIComponent(voucher.fileName)}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      file.stream.pipe(res);
      return undefined;
    },
  );
}
