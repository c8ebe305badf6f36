import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { availabilityParams, availabilityResponseSchema, type Availability } from '../../contracts/sales-checkout.js';
import { loadEvent } from '../../commands/events/service.js';
import { loadQuota } from '../../commands/sales/quota-state.js';
import { toMinorUnits } from '../../domain/sales/order.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { defineRoute } from '../route.js';

/** Routes of the buyer's pages (checkout) that the order routes do not cover. */
export function registerCheckoutRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:code/availability',
      summary: 'Entradas a la venta de un evento publicado y cuántas quedan de cada tipo (público; sin tipos ocultos ni de invitación)',
      tag: 'sales',
      auth: 'none',
      params: availabilityParams,
      response: availabilityResponseSchema,
    },
    async ({ params }) => availability(ctx, params.code),
  );
}

/**
 * What the ticket picker offers. The ticket types and the capacity are read from the event's stream and the seats
 * taken from the quota stream (both what POST reservation decides on), so "sold out" here is what a reservation
 * would meet, not a lagging read model.
 */
export async function availability(ctx: AppContext, code: string): Promise<Availability> {
  const notOnSale = () => new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const row = await findEvent(ctx.db, code);
  if (!row) throw notOnSale();
  const loaded = await loadEvent(ctx, row.id);
  // A draft is not public (its page is a preview for the team only); a cancelled one answers, with nothing on sale.
  if (!loaded || (!loaded.state.published && !loaded.state.cancelledAt)) throw notOnSale();
  const event = loaded.state;
  const now = ctx.clock().getTime();
  const onSale = !event.cancelledAt && Date.parse(event.endDate) > now;
  const quota = onSale ? (await loadQuota(ctx, event.id)).state : { byType: {} as Record<string, number>, total: 0 };
  const capacityLeft = event.capacity === null ? null : Math.max(0, event.capacity - quota.total);
  const ticketTypes = onSale
    ? event.tickets
        .filter((t) => t.visibility === 'public')
        .map((t) => {
          const saleStatus = t.saleStart && Date.parse(t.saleStart) > now ? 'upcoming' : t.saleEnd && Date.parse(t.saleEnd) <= now ? 'ended' : 'onSale';
          const own = Math.max(0, t.quantity - (quota.byType[t.id] ?? 0));
          const remaining = capacityLeft === null ? own : Math.min(own, capacityLeft);
          return {
            _id: t.id,
            name: t.name,
            unitPrice: toMinorUnits(t.price),
            saleStart: t.saleStart,
            saleEnd: t.saleEnd,
            saleStatus: saleStatus as 'upcoming' | 'onSale' | 'ended',
            minPerOrder: t.minPerOrder,
            maxPerOrder: t.maxPerOrder,
            remaining,
            // Sold out also when fewer seats are left than the type's minimum per order.
            soldOut: remaining === 0 || remaining < t.minPerOrder,
          };
        })
        .filter((t) => t.saleStatus !== 'ended')
    : [];
  return { eventId: event.id, eventCode: event.eventCode, currency: event.currency, onSale, capacityLeft, ticketTypes };
}
