import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import type { EventAction, EventInformation, PaymentMethodKind } from '../../contracts/events.js';
import { eventDtoFromState, paymentMethodDtoFromState, ticketDtoFromState } from '../../commands/events/dto.js';
import { loadEvent } from '../../commands/events/service.js';
import { maximumPrice, rolesOf, sellableTotal, ticketsTotal, type CreatedEvent } from '../../domain/events/event.js';
import { messages } from '../../messages/es.js';
import { eventDtoFromRow, findEvent, paymentMethodsOf, ticketTypesOf, usersByIds } from '../../projections/events/queries.js';
import { registrationForm } from '../../projections/sales/settings.js';
import { HttpError } from '../errors.js';
import type { EventAccess } from './access.js';

/** Ticket settings of the spec (quantity of ticket types, maximum price, uses) and freeIncome. */
export function ticketSummary(state: CreatedEvent) {
  const quantity = state.tickets.length;
  const maxPrice = maximumPrice(state);
  // Sales come with the sales module; until then no ticket has been issued or used.
  return { ticket: { quantity, maximumPrice: maxPrice, uses: 0 }, freeIncome: quantity > 0 && maxPrice === 0 };
}

/**
 * GET eventInformation/:id, from the event's stream (the dashboard needs it exact right after a change). It
 * needs only `event.read`; the lists of ticket types (hidden ones included) and payment methods are what
 * GET event/:id/tickets and /paymentMethods guard with `ticket.read` and `paymentMethod.read`, so they come
 * empty to a caller without those actions. The summary (ticket figures, freeIncome, methods as a count,
 * checklist) stays for every reader: the publish flow reads it.
 */
export async function eventInformation(ctx: AppContext, a: EventAccess): Promise<EventInformation> {
  const s = a.state;
  // The registration form is the store's (manage/form); its read model may lag a save by a moment.
  const form = await registrationForm(ctx.db, s.id);
  const { ticket, freeIncome } = ticketSummary(s);
  const may = (action: EventAction) => a.actions.includes(action);
  return {
    data: eventDtoFromState(s, a.version),
    ticket,
    freeIncome,
    methods: s.paymentMethods.length,
    fields: form.fields.map((f) => ({ _id: f._id, label: f.label, type: f.type, required: f.required })),
    // No e-mail templates or virtual fair exist yet: real empty values.
    templates: [],
    virtualFair: null,
    ticketTypes: may('ticket.read') ? s.tickets.map((t) => ticketDtoFromState(s.id, t)) : [],
    paymentMethods: may('paymentMethod.read') ? s.paymentMethods.map((p) => paymentMethodDtoFromState(s.id, p)) : [],
    checklist: {
      hasTickets: s.tickets.length > 0,
      paymentMethodRequired: maximumPrice(s) > 0,
      hasPaymentMethod: s.paymentMethods.length > 0,
      hasCover: !!s.coverUrl,
      hasDescription: !!s.description,
      published: s.published,
      ticketsTotal: ticketsTotal(s),
      capacity: s.capacity,
      sellableTotal: sellableTotal(s),
    },
  };
}

/**
 * GET e/:eventCode: published events for everyone; an unpublished one only for its team (preview). Public
 * ticket types that are on sale or upcoming; payment options without any configuration detail.
 */
export async function publicEvent(ctx: AppContext, req: Request, eventCode: string) {
  const row = await findEvent(ctx.db, eventCode);
  const notFound = () => new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
  if (!row) throw notFound();
  let preview = false;
  // A cancelled event's page stays public: it says the event is cancelled (data.cancelledAt).
  if (!row.published && !row.cancelled_at) {
    const user = req.user;
    if (!user) throw notFound();
    const loaded = await loadEvent(ctx, row.id);
    if (!loaded || Object.keys(rolesOf(loaded.state, user._id)).length === 0) throw notFound();
    preview = true;
  }
  const now = ctx.clock().getTime();
  const tickets = (await ticketTypesOf(ctx.db, row.id))
    .filter((t) => t.visibility === 'public')
    .map((t) => ({
      _id: t._id,
      name: t.name,
      price: t.price,
      quantity: t.quantity,
      saleStart: t.saleStart,
      saleEnd: t.saleEnd,
      minPerOrder: t.minPerOrder,
      maxPerOrder: t.maxPerOrder,
      saleStatus: (t.saleStart && Date.parse(t.saleStart) > now ? 'upcoming' : t.saleEnd && Date.parse(t.saleEnd) <= now ? 'ended' : 'onSale') as
        | 'upcoming'
        | 'onSale'
        | 'ended',
    }))
    // A cancelled event sells nothing any more: its page only says it is cancelled.
    .filter((t) => t.saleStatus !== 'ended' && !row.cancelled_at);
  const [methods, owners] = await Promise.all([paymentMethodsOf(ctx.db, row.id), usersByIds(ctx.db, [row.owner_id])]);
  const card = methods.find((p) => p.kind === 'card');
  // The privacy policy promises the organizer's name and contact e-mail on every event page (accounts' query).
  const owner = owners.get(row.owner_id);
  const { version: _v, ownerId: _o, ...data } = eventDtoFromRow(row);
  return {
    data,
    ticketTypes: tickets,
    paymentOptions: [...new Set(methods.map((p) => p.kind))] as PaymentMethodKind[],
    cardPublicKey: card && card.kind === 'card' ? card.key : null,
    preview,
    organizer: owner ? { name: owner.displayName, email: owner.email } : null,
  };
}
