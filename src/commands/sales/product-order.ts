import type { AppContext } from '../../context.js';
import type { Currency } from '../../contracts/events.js';
import { orderDecider, orderStreamId, type Buyer, type OrderEvent, type OrderState } from '../../domain/sales/order.js';
import { handleCommand, type CommandResult } from '../handle.js';

/** A product line's key: `<product>:<id>` (an exhibitor's stand: `stand:<standId>`), never a ticket type's id. */
export const productKey = (product: string, id: string) => `${product}:${id}`;

/**
 * Reserves an order for a product other than the event's tickets (an exhibitor's stand, issue 23): one priced line,
 * no seats held on the event's quota, since the product guards its own stock (the stand's plan sells it once).
 * Everything after is the sales module's as for tickets: the expiry job at `holdUntil`, the checkout's payment pages
 * and routes (/reservationCulqi/{order}), the providers' webhooks, the organizer's orders. `commandId` is the
 * caller's idempotency key: a retry answers the same order.
 */
export function reserveProductOrder(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>,
  input: { orderId: string; eventId: string; product: string; productId: string; name: string; unitPrice: number; currency: Currency; holdUntil: string; buyer: Buyer; commandId: string },
): Promise<CommandResult<OrderState, OrderEvent>> {
  const line = { ticketTypeId: productKey(input.product, input.productId), name: input.name, quantity: 1, unitPrice: input.unitPrice, currency: input.currency };
  return handleCommand(ctx, {
    streamId: orderStreamId(input.orderId),
    decider: orderDecider,
    command: {
      type: 'sales.ReserveOrder',
      data: { orderId: input.orderId, eventId: input.eventId, buyerId: null, currency: input.currency, lines: [line], holdUntil: input.holdUntil, buyer: input.buyer },
    },
    meta: { commandId: input.commandId },
  });
}
