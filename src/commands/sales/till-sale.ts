import type { AppContext } from '../../context.js';
import type { SaleReceiptDto, TillSaleRequest } from '../../contracts/sales-boxoffice.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { OrderState } from '../../domain/sales/order.js';
import { tillDecider } from '../../domain/sales/till.js';
import { messages } from '../../messages/es.js';
import { oneAtATime } from '../handle.js';
import { issueGuestOrder } from './guest-order.js';
import { loadTill, runTill, tillQueueKey } from './till.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;
const m = messages.boxOffice;

/**
 * Sells tickets at the door on the cashier's open till: ONE order holding every line (ticket types with one
 * attendee each), issued paid in cash or by card on an external terminal (its voucher reference kept as the
 * charge id), and the sale recorded on the till. The order is issued by issueGuestOrder, as the events team
 * issues guest orders (seats held on the event's quota, then reserved, named, paid and ticketed in one append),
 * with several ticket types in the one order so that a sale is whole or nothing.
 *
 * Idempotent by clientId: the hold, the order and the till entry all carry `till-sale:<till>:<clientId>`, so a
 * retried sale answers the same order and one till entry, also after a crash between the appends.
 */
export async function sellAtTill(
  ctx: Ctx,
  input: { eventId: string; tillId: string; userId: string } & TillSaleRequest,
): Promise<{ position: string | null; receipt: SaleReceiptDto; duplicate: boolean }> {
  return oneAtATime(ctx.store, tillQueueKey(input.tillId), async () => {
    const commandId = `till-sale:${input.tillId}:${input.clientId}`;
    const { state: till, recorded } = await loadTill(ctx, input.tillId);
    if (till.status === 'none' || till.eventId !== input.eventId) throw new NotFoundError('TILL_NOT_FOUND', m.tillNotFound);
    const retry = recorded.some((e) => e.metadata.commandId === commandId);
    const reference = input.reference?.trim() || null;
    if (!retry) {
      // Refuse before any seat is held: a closed till, another cashier's till, a card sale without reference.
      tillDecider.decide(
        { type: 'sales.RecordSales', data: { sales: [{ orderId: '', eventId: input.eventId, amount: 0, tickets: 0 }], method: input.method, reference } },
        till,
        { now: ctx.clock(), userId: input.userId, newId: ctx.newId },
      );
    }

    const order = await issueDoorOrder(ctx, { ...input, commandId, reference });
    if (order.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
    const tickets = order.tickets.length;
    const result = await runTill(ctx, {
      eventId: input.eventId,
      tillId: input.tillId,
      userId: input.userId,
      commandId,
      command: {
        type: 'sales.RecordSales',
        data: { sales: [{ orderId: order.orderId, eventId: input.eventId, amount: order.total, tickets }], method: input.method, reference },
      },
    });
    const price = new Map(order.lines.map((l) => [l.ticketTypeId, l.unitPrice]));
    return {
      position: result.position,
      duplicate: result.duplicate || retry,
      receipt: {
        method: input.method,
        reference,
        currency: order.currency,
        total: order.total,
        at: order.paidAt ?? order.updatedAt,
        orders: [
          {
            orderId: order.orderId,
            total: order.total,
            tickets: order.tickets.map((t) => ({
              ticketId: t.ticketId,
              code: t.code,
              ticketTypeName: t.ticketTypeName,
              attendeeName: t.attendeeName ?? '',
              unitPrice: price.get(t.ticketTypeId) ?? 0,
            })),
          },
        ],
      },
    };
  });
}

/** The order of a door sale: issueGuestOrder with one line per ticket type, at the types' prices, on a published event. */
async function issueDoorOrder(
  ctx: Ctx,
  input: { eventId: string; userId: string; clientId: string; method: 'cash' | 'card'; reference: string | null; commandId: string; lines: TillSaleRequest['lines'] },
): Promise<OrderState> {
  const { state } = await issueGuestOrder(ctx, {
    eventId: input.eventId,
    by: input.userId,
    clientId: input.clientId,
    commandId: input.commandId,
    method: input.method,
    publishedOnly: true,
    lines: input.lines.map((l) => ({ ticketTypeId: l.ticketTypeId, attendees: l.attendees.map((a) => ({ name: a.name, email: a.email ?? '' })) })),
    ...(input.reference ? { chargeId: input.reference } : {}),
  });
  return state;
}
