import type { AppContext } from '../../context.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId, seatTypes, type AnswerValue, type Buyer, type Receipt } from '../../domain/sales/order.js';
import { checkOrderLimits, normalizeAnswers, validateAnswers } from '../../domain/sales/settings.js';
import { messages } from '../../messages/es.js';
import { ordersOfEmail, registrationForm, storeSettings } from '../../projections/sales/settings.js';
import { handleCommand } from '../handle.js';
import { loadOrder } from './pay.js';
import { orderDto } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.sales;

/**
 * PUT reservation/:id/attendees: the buyer's contact and one attendee per ticket (in the order of the lines),
 * each with the answers to the event's registration form for their ticket type (manage/form). Answers are checked
 * with the form's own rules and kept normalised; every wrong answer is named by `attendees.<i>.answers.<field>`.
 */
export async function setAttendees(
  ctx: Ctx,
  input: {
    orderId: string;
    buyer: Buyer;
    attendees: { ticketTypeId: string; name: string; email: string; answers: Record<string, AnswerValue> }[];
    /** A factura only where the store offers the choice (manage/settings `receiptChoice`). */
    receipt?: Receipt;
    userId: string | null;
    clientId: string;
  },
) {
  const order = await loadOrder(ctx, input.orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  const seats = seatTypes(order.lines);
  if (input.attendees.length !== seats.length || input.attendees.some((a, i) => a.ticketTypeId !== seats[i].ticketTypeId)) {
    throw new DomainError('ATTENDEES_MISMATCH', m.attendeesMismatch, 400, { field: 'attendees' });
  }
  const [{ fields }, settings] = await Promise.all([registrationForm(ctx.db, order.eventId), storeSettings(ctx.db, order.eventId)]);
  if (input.receipt?.kind === 'factura' && !settings.invoice.receiptChoice) throw new DomainError('RECEIPT_NOT_OFFERED', m.receiptNotOffered, 400, { field: 'receipt' });
  // The store's limit of orders per buyer e-mail (manage/settings), now that the e-mail is known.
  if (settings.maxOrdersPerEmail !== null) {
    checkOrderLimits(settings, { tickets: 0, earlierOrdersOfEmail: await ordersOfEmail(ctx.db, order.eventId, input.buyer.email, order.orderId) });
  }
  const errors: { path: string; message: string }[] = [];
  input.attendees.forEach((a, i) => {
    for (const [fieldId, message] of Object.entries(validateAnswers(fields, a.answers, a.ticketTypeId))) errors.push({ path: `attendees.${i}.answers.${fieldId}`, message });
  });
  if (errors.length) throw new DomainError('INVALID_ANSWERS', m.invalidAnswers, 400, { errors });
  const attendees = input.attendees.map((a) => ({ ticketTypeId: a.ticketTypeId, name: a.name, email: a.email, answers: normalizeAnswers(fields, a.answers, a.ticketTypeId) }));
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(order.orderId),
    decider: orderDecider,
    command: { type: 'sales.SetAttendees', data: { orderId: order.orderId, buyer: input.buyer, attendees, ...(input.receipt ? { receipt: input.receipt } : {}) } },
    meta: { commandId: `attendees:${input.clientId}`, userId: input.userId ?? undefined },
  });
  return { order: orderDto(r.state), position: r.position };
}
