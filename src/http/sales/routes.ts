import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { orderParams, orderSchema, reserveRequest, reserveResponse } from '../../contracts/sales.js';
import { reserveOrder } from '../../commands/sales/reserve.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findOrder } from '../../projections/sales/queries.js';
import { authorize } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

/** Routes of the sales module (issue 20, first slice): reserving tickets and reading a reservation. */
export function registerSalesRoutes(router: Router, ctx: AppContext) {
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
    async ({ body, user }) => {
      const { order, position } = await reserveOrder(ctx, { ...body, buyerId: user?._id ?? null });
      return { order, position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/reservation/:id',
      summary: 'Una reserva: la ve quien la hizo o el equipo del evento con order.read (una reserva anónima, quien tenga su id)',
      tag: 'sales',
      auth: 'optional',
      params: orderParams,
      response: orderSchema,
    },
    async ({ params, user }) => {
      const order = await findOrder(ctx.db, params.id);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
      // An anonymous reservation's random id is its secret (pretix's order secret link); a buyer's order is theirs.
      if (order.buyerId === null || order.buyerId === user?._id) return order;
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
      return order;
    },
  );
}
