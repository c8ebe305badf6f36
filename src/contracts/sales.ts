import { z } from 'zod';
import { clientId, uuid } from './common.js';
import { currencySchema } from './events.js';

/** Sales (store) contracts shared by the API and the web app: reservations and orders (issue 20, first slice). */

export const ORDER_STATUSES = ['reserved', 'awaiting_payment', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatusDto = z.infer<typeof orderStatusSchema>;

/** Most tickets one line may ask for (the type's own maxPerOrder is checked by the domain). */
export const MAX_LINE_QUANTITY = 1000;

/**
 * POST reservation: the event by eventCode or eventId, the quantities per ticket type and a client-made id
 * (a retry with the same clientId answers the same order).
 */
export const reserveRequest = z
  .object({
    eventCode: z.string().min(1).max(100).optional(),
    eventId: uuid.optional(),
    lines: z
      .array(z.object({ ticketTypeId: z.string().min(1).max(100), quantity: z.number().int().min(0).max(MAX_LINE_QUANTITY) }))
      .min(1)
      .max(50),
    clientId,
  })
  .refine((b) => b.eventCode !== undefined || b.eventId !== undefined, { message: 'Indica el evento.', path: ['eventCode'] });
export type ReserveRequest = z.infer<typeof reserveRequest>;

export const orderLineSchema = z.object({
  ticketTypeId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Minor units (céntimos) of `currency`. */
  unitPrice: z.number().int(),
  currency: currencySchema,
});

export const orderSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  buyerId: z.string().nullable(),
  status: orderStatusSchema,
  lines: z.array(orderLineSchema),
  currency: currencySchema,
  /** Minor units. */
  total: z.number().int(),
  /** Until when the seats are held (ISO 8601); the expiry job frees them then if the order is unpaid. */
  holdUntil: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderDto = z.infer<typeof orderSchema>;

/** The answer of POST reservation: the order and the position to read it back after (`?after=`). */
export const reserveResponse = z.object({ order: orderSchema, position: z.string().nullable() });

export const orderParams = z.object({ id: uuid });
