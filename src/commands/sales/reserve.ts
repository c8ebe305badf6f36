import type { AppContext } from '../../context.js';
import type { Currency } from '../../contracts/events.js';
import type { OrderDto, ReserveRequest } from '../../contracts/sales.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId, priceLines, toMinorUnits, type Buyer, type OfferedTicket, type OrderLine, type OrderState } from '../../domain/sales/order.js';
import { quotaDecider, quotaStreamId, type HoldSeats, type QuotaEvent, type ReleaseReason, type SeatsHeld } from '../../domain/sales/quota.js';
import { messages } from '../../messages/es.js';
import { usersByIds } from '../../projections/accounts/queries.js';
import { storeSettings } from '../../projections/sales/settings.js';
import { checkOrderLimits } from '../../domain/sales/settings.js';
import { handleCommand } from '../handle.js';
import { codeForOrder } from './codes.js';
import { holdSeatsGrouped } from './quota-group.js';
import { loadQuota } from './quota-state.js';
import { loadSaleState, loadSaleStateByCode } from './sale-state.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

/**
 * Reserves tickets: the seats are held on the event's quota stream first (the guard against overselling,
 * src/domain/sales/quota.ts), then the order is recorded on its own stream. Both appends carry the command id
 * `reserve:<buyer>:<clientId>`, so the buyer's retry with the same client id answers the same order, and a retry after a crash
 * between the two appends finishes the order from the hold (which carries the priced lines).
 *
 * The event's ticket types, prices, windows and capacity come from the events module's command side
 * (`loadEvent`: the current stream, not a lagging read model, since they cap what may be sold).
 */
export async function reserveOrder(
  ctx: Ctx,
  input: Pick<ReserveRequest, 'eventCode' | 'eventId' | 'lines' | 'clientId' | 'code'> & {
    buyerId: string | null;
    /** Overrides the event's hold time (a waiting-list offer lasts its own time). */
    holdSeconds?: number;
    /** The buyer's name and e-mail when known up front (a company's contact); else the signed-in account's. */
    buyer?: Buyer | null;
  },
): Promise<{ order: OrderDto; position: string | null; duplicate: boolean }> {
  const notOnSale = () => new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  // The event and its store settings (manage/settings: hold time, tickets per purchase) from their streams, both
  // folded per process and read by their tails in one multi-stream read (./sale-state.ts).
  const sale = input.eventId ? await loadSaleState(ctx, input.eventId) : await loadSaleStateByCode(ctx, input.eventCode!);
  if (!sale?.event || !sale.event.published || sale.event.cancelledAt) throw notOnSale();
  const { eventId, event, settings } = sale;
  const offer: OfferedTicket[] = event.tickets.map((t) => ({
    ticketTypeId: t.id,
    name: t.name,
    unitPrice: toMinorUnits(t.price),
    saleStart: t.saleStart,
    saleEnd: t.saleEnd,
    minPerOrder: t.minPerOrder,
    maxPerOrder: t.maxPerOrder,
    visibility: t.visibility,
  }));
  const now = ctx.clock();
  // An event that has ended sells nothing, whatever its ticket types' windows say.
  if (Date.parse(event.endDate) <= now.getTime()) throw notOnSale();
  // Refuses unknown types, closed windows and per-order limits before any seat is touched.
  // A code (discount or invitation, src/domain/sales/codes.ts) prices the lines and unlocks hidden types; its use
  // limit is checked by the quota's append below.
  const code = input.code ? await codeForOrder(ctx, eventId, input.code, now) : null;
  const lines = priceLines(offer, input.lines, event.currency, now, code);
  checkOrderLimits(settings, { tickets: lines.reduce((n, l) => n + l.quantity, 0) });
  const holdUntil = new Date(now.getTime() + (input.holdSeconds ?? settings.holdSeconds) * 1000).toISOString();
  // A client id is an idempotency key of its buyer only: another buyer's retry is not a retry.
  const commandId = `reserve:${input.buyerId ?? 'anonymous'}:${input.clientId}`;

  // This process's reservations of one event are decided one after the other on the cached quota and appended
  // together (group commit): decided in parallel on one state, all but one would fail their append.
  const hold = await holdSeats(
    ctx,
    {
      type: 'sales.HoldSeats',
      data: {
        eventId,
        orderId: ctx.newId(),
        buyerId: input.buyerId,
        lines,
        holdUntil,
        quantities: Object.fromEntries(event.tickets.map((t) => [t.id, t.quantity])),
        capacity: event.capacity,
        code: code ? { codeId: code.codeId, maxUses: code.maxUses } : null,
      },
    },
    { commandId, userId: input.buyerId ?? undefined },
  );
  const held = hold.events.find((e): e is SeatsHeld => e.type === 'sales.SeatsHeld');
  if (!held) throw notOnSale();
  const { orderId } = held.data;
  const buyer = input.buyer ?? (input.buyerId ? await buyerOf(ctx, input.buyerId) : null);

  try {
    // The hold's lines were priced before the seats were taken (also on a retry that finishes an order after a
    // crash): the order records them as they are, never priced again.
    const order = await handleCommand(ctx, {
      streamId: orderStreamId(orderId),
      decider: orderDecider,
      command: {
        type: 'sales.ReserveOrder',
        data: { orderId, eventId, buyerId: held.data.buyerId, currency: event.currency, lines: heldLines(held, event.currency), holdUntil: held.data.holdUntil, buyer },
      },
      meta: { commandId, userId: input.buyerId ?? undefined },
      // A fresh hold minted this order id: its stream cannot exist yet, so nothing is read before the append (a
      // retry, whose hold was a duplicate, reads the stream and finds its first order).
      ...(hold.duplicate ? {} : { load: async () => ({ state: orderDecider.initialState(), version: -1 }) }),
    });
    return { order: orderDto(order.state), position: order.position, duplicate: hold.duplicate && order.duplicate };
  } catch (err) {
    // The order was refused after its seats were held (on a retry after a crash between the two appends): free
    // them. Releasing is idempotent (no hold, no event; same command id).
    await releaseSeats(ctx, eventId, orderId, 'cancelled', `release:${orderId}`);
    throw err;
  }
}

/** A SeatsHeld's lines as the order's (the hold keeps the currency as plain text). */
export const heldLines = (held: SeatsHeld, currency: Currency): OrderLine[] =>
  held.data.lines.map((l) => ({ ticketTypeId: l.ticketTypeId, name: l.name, quantity: l.quantity, unitPrice: l.unitPrice, currency }));

/** The signed-in buyer's name and e-mail from the accounts read model (null when not found). */
export async function buyerOf(ctx: Pick<AppContext, 'db'>, userId: string): Promise<Buyer | null> {
  const user = (await usersByIds(ctx.db, [userId])).get(userId);
  return user ? { name: user.displayName, email: user.email } : null;
}

/**
 * How long a reservation holds its seats: the event's store settings (manage/settings) when set, else the
 * configured default (SALES_HOLD_SECONDS).
 */
export async function holdSecondsOf(ctx: Pick<AppContext, 'db' | 'config'>, eventId: string): Promise<number> {
  return (await storeSettings(ctx.db, eventId, { defaultHoldSeconds: ctx.config.salesHoldSeconds })).holdSeconds;
}

/** Frees an order's seats on its event's quota (no hold: nothing appended). */
export async function releaseSeats(ctx: Pick<AppContext, 'store' | 'clock' | 'newId'>, eventId: string, orderId: string, reason: ReleaseReason, commandId: string) {
  return handleCommand(ctx, {
    streamId: quotaStreamId(eventId),
    decider: quotaDecider,
    command: { type: 'sales.ReleaseSeats', data: { eventId, orderId, reason } },
    meta: { commandId },
    // The cached quota at its exact version (a hot event's stream is long); the store's command-id claim answers a retry.
    load: async () => {
      const quota = await loadQuota(ctx, eventId);
      return { state: quota.state, version: quota.version };
    },
  });
}

/**
 * The guarded append: holds of one event are grouped per process (./quota-group.ts) and appended at the exact
 * version of the cached quota they were decided on, so a concurrent hold from anywhere makes the append fail and
 * the group is decided again on the new tail. A command id already in the stream answers its first hold before
 * anything is decided (a retry must get its order back even if the event sold out since).
 */
export async function holdSeats(ctx: Ctx, command: HoldSeats, meta: { commandId: string; userId?: string }): Promise<{ events: QuotaEvent[]; duplicate: boolean }> {
  const { events, duplicate } = await holdSeatsGrouped(ctx, command, meta);
  return { events, duplicate };
}

/** The answer's order, from the command's own state (the read model may not have it yet). */
export function orderDto(state: OrderState): OrderDto {
  if (state.status === 'none') throw new NotFoundError('ORDER_NOT_FOUND', messages.sales.orderNotFound);
  return {
    _id: state.orderId,
    eventId: state.eventId,
    buyerId: state.buyerId,
    status: state.status,
    lines: state.lines,
    currency: state.currency,
    total: state.total,
    holdUntil: state.holdUntil,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    buyer: state.buyer,
    paymentMethod: state.method,
    paidAt: state.paidAt,
    receipt: state.receipt,
  };
}
