import type { AppContext } from '../../context.js';
import type { DeskAttendeeRequest, DeskTicketDto } from '../../contracts/sales-boxoffice.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { normalizeAnswers, validateAnswers } from '../../domain/sales/settings.js';
import { messages } from '../../messages/es.js';
import { registrationForm } from '../../projections/sales/settings.js';
import { loadEvent } from '../events/service.js';
import { issueGuestOrder } from './guest-order.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

/**
 * The registration desk creates an attendee who is not on any list yet: a free ticket type, name, e-mail and the
 * registration form's answers (checked as at checkout), issued as a guest order by the desk's team member. Paid
 * types are sold at the cash register. The same clientId of the same member answers the same ticket.
 */
export async function registerAtDesk(ctx: Ctx, input: { eventId: string; userId: string } & DeskAttendeeRequest): Promise<{ ticket: DeskTicketDto; position: string | null }> {
  const loaded = await loadEvent(ctx, input.eventId);
  if (!loaded || !loaded.state.published || loaded.state.cancelledAt) throw new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const type = loaded.state.tickets.find((t) => t.id === input.ticketTypeId);
  if (!type) throw new DomainError('UNKNOWN_TICKET_TYPE', messages.sales.unknownTicketType, 400, { field: 'ticketTypeId' });
  if (type.price > 0) throw new DomainError('PAID_AT_CASH_REGISTER', messages.boxOffice.paidAtCashRegister(type.name), 409, { field: 'ticketTypeId' });
  const { fields } = await registrationForm(ctx.db, input.eventId);
  const raw = input.answers ?? {};
  const errors = Object.entries(validateAnswers(fields, raw, type.id));
  if (errors.length) throw new DomainError('INVALID_ANSWERS', errors[0][1], 400, { field: `answers.${errors[0][0]}` });
  const r = await issueGuestOrder(ctx, {
    eventId: input.eventId,
    ticketTypeId: type.id,
    attendees: [{ name: input.name, email: input.email, answers: normalizeAnswers(fields, raw, type.id) }],
    by: input.userId,
    clientId: `desk:${input.clientId}`,
    method: 'guest',
  });
  const t = r.tickets[0];
  if (!t) throw new NotFoundError('TICKET_NOT_FOUND', messages.boxOffice.ticketNotFound);
  return {
    ticket: {
      _id: t.ticketId,
      code: t.code,
      orderId: r.order._id,
      eventId: input.eventId,
      ticketTypeId: t.ticketTypeId,
      ticketTypeName: t.ticketTypeName,
      attendeeName: t.attendeeName,
      attendeeEmail: t.attendeeEmail,
      status: t.status,
    },
    position: r.position,
  };
}
