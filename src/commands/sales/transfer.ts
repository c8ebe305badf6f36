import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { orderDecider, orderStreamId } from '../../domain/sales/order.js';
import { messages } from '../../messages/es.js';
import { findTicket } from '../../projections/sales/queries.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.sales;

/**
 * A ticket moves to someone else (POST ticket/:id/transfer) or is named later (PUT ticket/:id/attendee, a company
 * order's tickets): only the order's buyer may do either (checked by the caller). The ticket's order comes from
 * the read model; the decision from the order's stream.
 */
export async function changeTicketHolder(
  ctx: Ctx,
  input: { ticketId: string; name: string; email: string; userId: string; clientId: string; kind: 'transfer' | 'assign' },
) {
  const ticket = await findTicket(ctx.db, input.ticketId);
  if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
  const data = { orderId: ticket.orderId, ticketId: ticket._id, name: input.name, email: input.email.trim().toLowerCase() };
  const r = await handleCommand(ctx, {
    streamId: orderStreamId(ticket.orderId),
    decider: orderDecider,
    command: input.kind === 'transfer' ? { type: 'sales.TransferTicket', data } : { type: 'sales.AssignAttendee', data },
    meta: { commandId: `${input.kind}:${input.clientId}`, userId: input.userId },
  });
  if (r.state.status === 'none') throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
  const t = r.state.tickets.find((x) => x.ticketId === ticket._id)!;
  return { ticket: { ...ticket, attendeeName: t.attendeeName, attendeeEmail: t.attendeeEmail, holderUserId: input.kind === 'transfer' ? null : ticket.holderUserId }, position: r.position };
}
