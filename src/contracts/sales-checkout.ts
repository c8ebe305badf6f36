import { z } from 'zod';
import { currencySchema } from './events.js';

/** Contracts of the buyer's pages (checkout): what the public event page needs to offer tickets. */

export const availabilityParams = z.object({ code: z.string().trim().min(1).max(100) });

export const availableTicketTypeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Minor units (céntimos) of the event's currency. */
  unitPrice: z.number().int(),
  saleStart: z.string().nullable(),
  saleEnd: z.string().nullable(),
  /** 'upcoming' before saleStart, 'onSale', 'ended' after saleEnd. */
  saleStatus: z.enum(['upcoming', 'onSale', 'ended']),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  /** Seats still free for this type: its own quantity left, capped by what is left of the event's capacity. */
  remaining: z.number().int(),
  soldOut: z.boolean(),
});
export type AvailableTicketType = z.infer<typeof availableTicketTypeSchema>;

/**
 * GET event/:code/availability (public): the public ticket types of a published event with the seats left now
 * (held and sold seats counted from the event's quota stream). Hidden and invitation-only types are left out.
 */
export const availabilityResponseSchema = z.object({
  eventId: z.string(),
  eventCode: z.string(),
  currency: currencySchema,
  /** False for a cancelled or ended event: the page offers nothing. */
  onSale: z.boolean(),
  /** Seats left of the event's shared capacity (null: no shared capacity). */
  capacityLeft: z.number().int().nullable(),
  ticketTypes: z.array(availableTicketTypeSchema),
});
export type Availability = z.infer<typeof availabilityResponseSchema>;
