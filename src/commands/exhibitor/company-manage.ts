/**
 * Use cases of an exhibitor company (src/domain/exhibitor/company.ts): register, edit, logo. Authorization happens
 * before, in the HTTP layer. The client id is the company's id, so a retry answers the first result;
 * expectedVersion (the version the page edited) makes a stale save a 409.
 *
 * One RUC per event: `exhibitor-ruc:<eventId>` is reserved by the append that registers the company and moved
 * (new value reserved, old one released, in the same append) when an edit changes it.
 */
import type { AppContext } from '../../context.js';
import type { CompanyInput } from '../../contracts/exhibitor.js';
import { companyDecider, companyStreamId, type CompanyCommand, type CompanyEvent, type CompanyState } from '../../domain/exhibitor/company.js';
import { DomainError } from '../../domain/shared/errors.js';
import { ReservationConflictError, type Reservation } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
export type CompanyResult = CommandResult<CompanyState, CompanyEvent>;
const m = messages.exhibitor.companies;

export const rucScope = (eventId: string) => `exhibitor-ruc:${eventId}`;

const reserve = (events: CompanyEvent[]): Reservation[] =>
  events.flatMap((e) =>
    e.type === 'exhibitor.CompanyRegistered' || (e.type === 'exhibitor.CompanyChanged' && e.data.profile.ruc !== e.data.previousRuc)
      ? [{ scope: rucScope(e.data.eventId), value: e.data.profile.ruc }]
      : [],
  );
const release = (events: CompanyEvent[]): Reservation[] =>
  events.flatMap((e) => (e.type === 'exhibitor.CompanyChanged' && e.data.profile.ruc !== e.data.previousRuc ? [{ scope: rucScope(e.data.eventId), value: e.data.previousRuc }] : []));

export async function runCompany(ctx: Ctx, companyId: string, command: CompanyCommand, meta: { commandId?: string; by: string | null }): Promise<CompanyResult> {
  try {
    return await handleCommand(ctx, {
      streamId: companyStreamId(companyId),
      decider: companyDecider,
      command,
      meta: { commandId: meta.commandId, userId: meta.by ?? undefined },
      reserve,
      release,
    });
  } catch (err) {
    if (err instanceof ReservationConflictError) {
      const ruc = 'input' in command.data ? command.data.input.ruc.trim() : '';
      throw new DomainError('RUC_TAKEN', m.rucTaken(ruc), 409, { field: 'ruc' });
    }
    throw err;
  }
}

/** Registers a company of an event; an id already used by another event's company is a 409. */
export async function registerCompany(ctx: Ctx, input: { eventId: string; company: CompanyInput; clientId: string; by: string | null }): Promise<CompanyResult> {
  const r = await runCompany(
    ctx,
    input.clientId,
    { type: 'exhibitor.RegisterCompany', data: { companyId: input.clientId, eventId: input.eventId, input: input.company } },
    { commandId: `create:${input.clientId}`, by: input.by },
  );
  if (r.state.eventId !== input.eventId) throw new DomainError('COMPANY_EXISTS', m.exists, 409);
  return r;
}

export function changeCompany(ctx: Ctx, input: { companyId: string; company: CompanyInput; expectedVersion?: number; clientId?: string; by: string }): Promise<CompanyResult> {
  return runCompany(
    ctx,
    input.companyId,
    { type: 'exhibitor.ChangeCompany', data: { input: input.company, expectedVersion: input.expectedVersion } },
    { commandId: input.clientId ? `change:${input.clientId}` : undefined, by: input.by },
  );
}

export function changeCompanyLogo(ctx: Ctx, input: { companyId: string; logoUrl: string | null; by: string }): Promise<CompanyResult> {
  return runCompany(ctx, input.companyId, { type: 'exhibitor.ChangeCompanyLogo', data: { logoUrl: input.logoUrl } }, { by: input.by });
}
