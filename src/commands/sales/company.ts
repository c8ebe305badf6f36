import type { AppContext } from '../../context.js';
import type { CompanyRegistrationRequest } from '../../contracts/sales-codes.js';
import { companyDecider, companyStreamId } from '../../domain/sales/company.js';
import { handleCommand } from '../handle.js';
import { reserveOrder } from './reserve.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db' | 'config'>;

/**
 * A company buys several tickets in one order (/{eventCode}/register/company): the seats are reserved like any
 * order (the contact as the buyer, so the tickets carry the contact until each is named), then the company is
 * recorded beside the order. The attendees are named later, ticket by ticket (PUT ticket/:id/attendee). The
 * client id keys both steps: a retry answers the same order and registration.
 */
export async function registerCompany(ctx: Ctx, input: { eventCode: string; body: CompanyRegistrationRequest; userId: string | null }) {
  const { clientId, lines, ...company } = input.body;
  const { order, position } = await reserveOrder(ctx, {
    eventCode: input.eventCode,
    lines,
    clientId,
    buyerId: input.userId,
    buyer: { name: company.contactName, email: company.email, phone: company.phone },
  });
  const result = await handleCommand(ctx, {
    streamId: companyStreamId(order._id),
    decider: companyDecider,
    command: { type: 'sales.RegisterCompany', data: { ...company, companyId: ctx.newId(), orderId: order._id, eventId: order.eventId } },
    meta: { commandId: `company:${clientId}`, userId: input.userId ?? undefined },
  });
  if (result.state.status !== 'registered') throw new Error('company registration not recorded');
  return { order, companyId: result.state.data.companyId, position: result.position ?? position };
}
