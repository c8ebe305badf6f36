import { CURRENCY_PREFIX, type EventDto, type PaymentMethodDto, type TicketTypeDto } from '../../contracts/events.js';
import type { CreatedEvent, PaymentMethodState, TicketTypeState } from '../../domain/events/event.js';

/** Write responses are built from the aggregate state just decided, so they never lag the read model. */
export function eventDtoFromState(s: CreatedEvent, version: number): EventDto {
  return {
    _id: s.id,
    ownerId: s.ownerId,
    eventCode: s.eventCode,
    eventName: s.eventName,
    description: s.description,
    venue: s.venue,
    onlineUrl: s.onlineUrl,
    startDate: new Date(s.startDate).toISOString(),
    endDate: new Date(s.endDate).toISOString(),
    timeZone: s.timeZone,
    currency: s.currency,
    currencyPrefix: CURRENCY_PREFIX[s.currency],
    capacity: s.capacity,
    coverUrl: s.coverUrl,
    // As the read model: a cancelled event is no longer published (src/projections/events/read-models.ts).
    published: s.published && !s.cancelledAt,
    publishedAt: s.publishedAt,
    cancelledAt: s.cancelledAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    version,
  };
}

export function ticketDtoFromState(eventId: string, t: TicketTypeState): TicketTypeDto {
  return {
    _id: t.id,
    eventId,
    name: t.name,
    price: t.price,
    quantity: t.quantity,
    saleStart: t.saleStart ? new Date(t.saleStart).toISOString() : null,
    saleEnd: t.saleEnd ? new Date(t.saleEnd).toISOString() : null,
    minPerOrder: t.minPerOrder,
    maxPerOrder: t.maxPerOrder,
    visibility: t.visibility,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** The public view of a payment method configuration (no secret, only whether one is set). */
export function publicMethodConfig(method: PaymentMethodState['method']): Record<string, unknown> {
  if (method.kind === 'card') return { kind: 'card', key: method.key };
  return { ...method };
}

export function paymentMethodDtoFromState(eventId: string, p: PaymentMethodState): PaymentMethodDto {
  const base = { _id: p.id, eventId, createdAt: p.createdAt, updatedAt: p.updatedAt };
  if (p.method.kind === 'card') return { ...base, kind: 'card', key: p.method.key, hasSecretKey: !!p.method.secretKeyCipher };
  return { ...base, ...(p.method as Exclude<PaymentMethodState['method'], { kind: 'card' }>) } as PaymentMethodDto;
}
