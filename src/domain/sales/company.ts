/**
 * A company's registration for an event (stream `sales-company-<orderId>`): who buys the order's tickets (RUC,
 * business name, contact), recorded beside the order so the organizer knows whom to invoice and whom to ask for
 * the attendees' names, which the company gives later ticket by ticket. Pure.
 */
import { isValidRuc } from '../../contracts/ruc.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

export const companyStreamId = (orderId: string) => `sales-company-${orderId}`;

export type CompanyData = { ruc: string; businessName: string; contactName: string; email: string; phone: string };

export type CompanyRegistered = {
  type: 'sales.CompanyRegistered';
  data: CompanyData & { companyId: string; orderId: string; eventId: string; by: string | null; at: string };
};
export type CompanyEvent = CompanyRegistered;
export type RegisterCompany = { type: 'sales.RegisterCompany'; data: CompanyData & { companyId: string; orderId: string; eventId: string } };

export type CompanyState = { status: 'none' } | { status: 'registered'; data: CompanyRegistered['data'] };

export const companyDecider: Decider<RegisterCompany, CompanyEvent, CompanyState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, ctx: DecideContext) {
    if (state.status === 'registered') return []; // one registration per order; a retry
    // The contract validates the RUC already; the domain keeps the rule for any other caller.
    if (!isValidRuc(command.data.ruc)) throw new DomainError('INVALID_RUC', messages.codes.invalidRuc, 400, { field: 'ruc' });
    return [{ type: 'sales.CompanyRegistered', data: { ...command.data, by: ctx.userId ?? null, at: ctx.now.toISOString() } }];
  },
  evolve: (_state, event) => ({ status: 'registered', data: event.data }),
};
