import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { AppliedCodeDto, CreateCodeRequest, UpdateCodeRequest } from '../../contracts/sales-codes.js';
import {
  codesDecider,
  codeAppliesTo,
  codesStreamId,
  describeCode,
  priceWithCode,
  usableCode,
  type AppliedCode,
  type CodesEvent,
  type CodesState,
  type KnownTicketType,
} from '../../domain/sales/codes.js';
import { toMinorUnits } from '../../domain/sales/order.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { loadEvent } from '../events/service.js';
import { handleCommand } from '../handle.js';
import { loadQuota } from './quota-state.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;

/** The event's codes, folded (a handful of events per code: no cache needed). */
export async function loadCodes(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<CodesState> {
  const recorded = (await ctx.store.readStream(codesStreamId(eventId))) as Recorded<CodesEvent>[];
  return recorded.reduce(codesDecider.evolve, codesDecider.initialState());
}

async function ticketTypesOf(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<KnownTicketType[]> {
  const loaded = await loadEvent(ctx, eventId);
  if (!loaded) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
  return loaded.state.tickets.map((t) => ({ ticketTypeId: t.id, visibility: t.visibility }));
}

/** Creates a code; the client id is the code's id, so a retry answers the same code. */
export async function createCode(ctx: Ctx, input: { eventId: string; body: CreateCodeRequest; userId: string }) {
  const { clientId, code, kind, ...fields } = input.body;
  const ticketTypes = await ticketTypesOf(ctx, input.eventId);
  const result = await handleCommand(ctx, {
    streamId: codesStreamId(input.eventId),
    decider: codesDecider,
    // The token is the code's public link: 128 random bits, unguessable (a retry keeps the first one).
    command: { type: 'sales.CreateCode', data: { eventId: input.eventId, codeId: clientId, token: randomBytes(16).toString('base64url'), code, kind, fields, ticketTypes } },
    meta: { commandId: `code:${clientId}`, userId: input.userId },
  });
  const state = result.state.codes[clientId];
  // The same client id used for another code text of this event.
  if (!state) throw new DomainError('CODE_TAKEN', messages.codes.codeTaken(code), 409, { field: 'code' });
  return { code: state, position: result.position };
}

export async function updateCode(ctx: Ctx, input: { eventId: string; codeId: string; body: UpdateCodeRequest; userId: string }) {
  const ticketTypes = await ticketTypesOf(ctx, input.eventId);
  const result = await handleCommand(ctx, {
    streamId: codesStreamId(input.eventId),
    decider: codesDecider,
    command: { type: 'sales.UpdateCode', data: { codeId: input.codeId, fields: input.body, ticketTypes } },
    meta: { userId: input.userId },
  });
  return { code: result.state.codes[input.codeId], position: result.position };
}

/**
 * The code an order applies, usable now (active, inside its window), for reserveOrder. The use limit travels on
 * with it and is checked by the quota's append.
 */
export async function codeForOrder(ctx: Pick<AppContext, 'store'>, eventId: string, text: string, now: Date): Promise<AppliedCode> {
  return usableCode(await loadCodes(ctx, eventId), text, now);
}

/**
 * What a code does for an event, for the buyer before reserving: refusals as the reservation would give them
 * (unknown, not yet valid, expired, exhausted), and the hidden types it unlocks priced with it.
 */
export async function describeCodeForEvent(
  ctx: Pick<AppContext, 'store' | 'clock' | 'db'>,
  input: { eventId?: string; eventCode?: string; code: string; ticketTypeIds?: string[] },
): Promise<{ eventId: string; eventCode: string; eventName: string; data: AppliedCodeDto }> {
  const eventId = input.eventId ?? (await findEvent(ctx.db, input.eventCode!))?.id;
  const loaded = eventId ? await loadEvent(ctx, eventId) : null;
  if (!eventId || !loaded || !loaded.state.published || loaded.state.cancelledAt) throw new NotFoundError('EVENT_NOT_ON_SALE', messages.sales.eventNotOnSale);
  const event = loaded.state;
  const code = usableCode(await loadCodes(ctx, eventId), input.code, ctx.clock());
  if (code.maxUses !== null) {
    const quota = await loadQuota(ctx, eventId);
    if ((quota.state.codeUses[code.codeId] ?? 0) >= code.maxUses) throw new DomainError('CODE_EXHAUSTED', messages.codes.exhausted, 409);
  }
  if (input.ticketTypeIds?.length && !input.ticketTypeIds.some((id) => codeAppliesTo(code, id))) {
    throw new DomainError('CODE_NOT_FOR_TICKETS', messages.codes.notForTickets, 409, { field: 'code' });
  }
  const names = Object.fromEntries(event.tickets.map((t) => [t.id, t.name]));
  const unlocked = code.kind === 'invitation' ? event.tickets.filter((t) => code.ticketTypeIds.includes(t.id)) : [];
  return {
    eventId,
    eventCode: event.eventCode,
    eventName: event.eventName,
    data: {
      code: code.code,
      kind: code.kind,
      summary: describeCode(code, names, event.currency),
      discountType: code.discountType,
      percent: code.percent,
      amount: code.amount,
      free: code.free,
      currency: event.currency,
      ticketTypeIds: code.ticketTypeIds,
      unlocked: unlocked.map((t) => ({
        _id: t.id,
        name: t.name,
        unitPrice: priceWithCode(code, t.id, toMinorUnits(t.price)),
        minPerOrder: t.minPerOrder,
        maxPerOrder: t.maxPerOrder,
      })),
    },
  };
}
