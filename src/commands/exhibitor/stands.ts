/**
 * Use cases of an event's stands (src/domain/exhibitor/stands.ts): the organizer's floor plan, a company's
 * reservation (held on the plan, paid through a sales order), its expiry, the sale once the order is paid, the
 * company's data and materials. Authorization happens before, in the HTTP layer.
 *
 * A reservation is two appends keyed by its id: the stand held on the plan (`reserve:<id>`, the guard against a
 * double sale), then its sales order (`stand-order:<id>`, sales' own ReserveOrder through reserveProductOrder). A
 * retry with the same id answers the same reservation and finishes an order a crash left unrecorded.
 */
import type { AppContext } from '../../context.js';
import type { StandCompanyInput, StandInput } from '../../contracts/exhibitor-stands.js';
import { STAND_COMPANY_QUOTAS } from '../../contracts/exhibitor-stands.js';
import { reservationOfOrder, standsDecider, standsStreamId, type Material, type StandsCommand, type StandsEvent, type StandsState } from '../../domain/exhibitor/stands.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { companiesOfEvent } from '../../projections/exhibitor/queries.js';
import { expireOrder } from '../sales/expire.js';
import { loadOrder } from '../sales/pay.js';
import { reserveProductOrder } from '../sales/product-order.js';
import { holdSecondsOf } from '../sales/reserve.js';
import { handleCommand, type CommandResult } from '../handle.js';
import { registerCompany } from './company-manage.js';
import { inviteToCompany } from './invitations.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
type DbCtx = Ctx & Pick<AppContext, 'db'>;
export type StandsResult = CommandResult<StandsState, StandsEvent>;
const m = messages.exhibitor.stands;

export function runStands(ctx: Ctx, eventId: string, command: StandsCommand, meta: { commandId?: string; by?: string | null } = {}): Promise<StandsResult> {
  return handleCommand(ctx, { streamId: standsStreamId(eventId), decider: standsDecider, command, meta: { commandId: meta.commandId, userId: meta.by ?? undefined } });
}

/** The plan folded from its stream, with the position of its last event. */
export async function loadStands(ctx: Pick<AppContext, 'store'>, eventId: string): Promise<{ state: StandsState; position: string | null }> {
  const recorded = (await ctx.store.readStream(standsStreamId(eventId))) as Recorded<StandsEvent>[];
  return { state: recorded.reduce(standsDecider.evolve, standsDecider.initialState()), position: recorded[recorded.length - 1]?.position ?? null };
}

export const saveStand = (ctx: Ctx, input: { eventId: string; standId: string; stand: StandInput; clientId?: string; by: string }) =>
  runStands(ctx, input.eventId, { type: 'exhibitor.SaveStand', data: { eventId: input.eventId, standId: input.standId, input: input.stand } }, { commandId: input.clientId ? `stand:${input.clientId}` : undefined, by: input.by });

export const removeStand = (ctx: Ctx, input: { eventId: string; standId: string; by: string }) =>
  runStands(ctx, input.eventId, { type: 'exhibitor.RemoveStand', data: { eventId: input.eventId, standId: input.standId } }, { by: input.by });

export const setPlanImage = (ctx: Ctx, input: { eventId: string; imageUrl: string | null; by: string }) =>
  runStands(ctx, input.eventId, { type: 'exhibitor.SetPlanImage', data: { eventId: input.eventId, imageUrl: input.imageUrl } }, { by: input.by });

/**
 * A company reserves a stand: held on the plan for the event's hold time (the sales store settings, like a ticket
 * reservation), then its sales order is recorded with the contact as buyer. Answers the plan and the order id.
 */
export async function reserveStand(
  ctx: DbCtx & Pick<AppContext, 'config'>,
  input: { eventId: string; reservationId: string; standId: string; company: StandCompanyInput; contact: { name: string; email: string; phone: string } },
): Promise<StandsResult & { orderId: string }> {
  const holdSeconds = await holdSecondsOf(ctx, input.eventId);
  const holdUntil = new Date(ctx.clock().getTime() + holdSeconds * 1000).toISOString();
  const held = await runStands(
    ctx,
    input.eventId,
    { type: 'exhibitor.ReserveStand', data: { eventId: input.eventId, reservationId: input.reservationId, standId: input.standId, orderId: ctx.newId(), company: input.company, holdUntil } },
    { commandId: `reserve:${input.reservationId}` },
  );
  const r = held.state.reservations[input.reservationId];
  if (!r) throw new NotFoundError('RESERVATION_NOT_FOUND', m.reservationNotFound);
  const stand = held.state.stands[r.standId];
  if (!stand) throw new NotFoundError('STAND_NOT_FOUND', m.notFound);
  const buyer = { name: input.contact.name.trim(), email: input.contact.email.trim().toLowerCase(), ...(input.contact.phone ? { phone: input.contact.phone } : {}) };
  await reserveProductOrder(ctx, {
    orderId: r.orderId,
    eventId: input.eventId,
    product: 'stand',
    productId: stand.standId,
    name: m.orderLine(stand.code),
    unitPrice: stand.price,
    currency: stand.currency,
    holdUntil: r.holdUntil,
    buyer,
    commandId: `stand-order:${r.reservationId}`,
  });
  return { ...held, orderId: r.orderId };
}

/**
 * The expiry job at a reservation's holdUntil. Its sales order is expired first (sales' own command, same command
 * id as sales' job): a payment that got in first wins and sells the stand; otherwise the stand is freed. An order
 * whose deposit is under review keeps its stand until reviewed.
 */
export async function expireStandReservation(ctx: DbCtx, input: { eventId: string; reservationId: string }): Promise<'expired' | 'sold' | 'kept' | 'none'> {
  const { state } = await loadStands(ctx, input.eventId);
  const r = state.reservations[input.reservationId];
  if (!r || r.status !== 'held') return 'none';
  const order = await loadOrder(ctx, r.orderId);
  if (order?.status === 'paid') return (await confirmStandSale(ctx, { eventId: input.eventId, orderId: r.orderId })) ? 'sold' : 'none';
  if (order) {
    await expireOrder(ctx, r.orderId);
    const after = await loadOrder(ctx, r.orderId);
    if (after?.status === 'paid') return (await confirmStandSale(ctx, { eventId: input.eventId, orderId: r.orderId })) ? 'sold' : 'none';
    if (after && after.status !== 'expired' && after.status !== 'cancelled') return 'kept';
  }
  await runStands(ctx, input.eventId, { type: 'exhibitor.ExpireStandReservation', data: { reservationId: r.reservationId } }, { commandId: `expire:${r.reservationId}` });
  return 'expired';
}

/**
 * A stand's sales order was paid: the stand is sold, the company becomes an exhibitor company of the event (its
 * reservation id is the company's id; a company of that RUC already in the event is the one used) and the
 * order's buyer is invited as its administrator. Every step is keyed by the reservation: a retried job or a second
 * trigger (the webhook and the expiry job) changes nothing twice. Null when the order is not a stand's.
 */
export async function confirmStandSale(ctx: DbCtx, input: { eventId: string; orderId: string }): Promise<{ companyId: string } | null> {
  const { state } = await loadStands(ctx, input.eventId);
  const r = reservationOfOrder(state, input.orderId);
  if (!r) return null;
  const order = await loadOrder(ctx, input.orderId);
  if (order?.status !== 'paid') throw new DomainError('ORDER_NOT_PAID', m.orderNotStand, 409);
  await runStands(ctx, input.eventId, { type: 'exhibitor.SellStand', data: { reservationId: r.reservationId } }, { commandId: `sell:${r.reservationId}` });
  const companyId = await companyFor(ctx, input.eventId, r.reservationId, r.company);
  const email = order.buyer?.email;
  if (email) {
    try {
      await inviteToCompany(ctx, { companyId, invitationId: r.reservationId, kind: 'admin', email, asOrganizer: true, by: null });
    } catch (err) {
      // The company was already there with this administrator invited (a second stand of the same company).
      if (!(err instanceof DomainError) || err.code !== 'ALREADY_INVITED') throw err;
    }
  }
  return { companyId };
}

async function companyFor(ctx: DbCtx, eventId: string, reservationId: string, company: { ruc: string; name: string; sector: string }): Promise<string> {
  try {
    const r = await registerCompany(ctx, { eventId, clientId: reservationId, company: { ...company, ...STAND_COMPANY_QUOTAS }, by: null });
    return r.state.companyId!;
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'RUC_TAKEN') throw err;
    const existing = (await companiesOfEvent(ctx.db, eventId)).find((c) => c.ruc === company.ruc);
    // Registered by a command whose row is not in the read model yet: the job's retry finds it.
    if (!existing) throw err;
    return existing._id;
  }
}

export const updateStandReservation = (ctx: Ctx, input: { eventId: string; reservationId: string; company: StandCompanyInput; clientId?: string }) =>
  runStands(ctx, input.eventId, { type: 'exhibitor.UpdateStandReservation', data: { reservationId: input.reservationId, company: input.company } }, { commandId: input.clientId ? `update:${input.clientId}` : undefined });

export const addStandMaterial = (ctx: Ctx, input: { eventId: string; reservationId: string; material: Omit<Material, 'at'> }) =>
  runStands(ctx, input.eventId, { type: 'exhibitor.AddStandMaterial', data: { reservationId: input.reservationId, material: input.material } });
