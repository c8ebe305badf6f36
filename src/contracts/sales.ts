import { z } from 'zod';
import { clientId, uuid } from './common.js';
import { currencySchema } from './events.js';
import { rucSchema } from './ruc.js';

/** Sales (store) contracts shared by the API and the web app: reservations and orders (issue 20, first slice). */

export const ORDER_STATUSES = ['reserved', 'awaiting_payment', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatusDto = z.infer<typeof orderStatusSchema>;

/** How an order was paid: card (Culqi), the second card provider, a reviewed bank deposit, cash at the box office, free, a guest. */
export const PAYMENT_METHODS = ['card', 'merchant', 'deposit', 'cash', 'free', 'guest'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethodDto = z.infer<typeof paymentMethodSchema>;
export const TICKET_STATUSES = ['valid', 'cancelled', 'refunded'] as const;

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
    /** A discount or invitation code (src/domain/sales/codes.ts): its prices become the order's; its uses are limited. */
    code: z.string().trim().min(1).max(60).optional(),
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

export const buyerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().optional() });
export type BuyerDto = z.infer<typeof buyerSchema>;

/** A ticket as its holder and the team see it; `code` is the QR's content (random, unguessable). */
export const ticketSchema = z.object({
  _id: z.string(),
  code: z.string(),
  orderId: z.string(),
  eventId: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  holderUserId: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
});
export type TicketDto = z.infer<typeof ticketSchema>;

/** One line of an order's history: each event of its stream, in order. */
export const orderHistoryEntrySchema = z.object({
  type: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  /** A short detail (method and amount, reason, the new attendee...). */
  detail: z.record(z.string(), z.unknown()),
});
export type OrderHistoryEntryDto = z.infer<typeof orderHistoryEntrySchema>;

/** The receipt the buyer asks for: a boleta, or a factura to a company's RUC when the store offers it. */
export const receiptSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('boleta') }),
    z.object({
      kind: z.literal('factura'),
      ruc: rucSchema,
      businessName: z.string().trim().min(1, 'Indica la razón social.').max(200, 'Máximo 200 caracteres.'),
      address: z.string().trim().min(1, 'Indica la dirección fiscal.').max(300, 'Máximo 300 caracteres.'),
    }),
  ],
  { message: 'Elige boleta o factura.' },
);
export type ReceiptDto = z.infer<typeof receiptSchema>;

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
  buyer: buyerSchema.nullable().optional(),
  paymentMethod: paymentMethodSchema.nullable().optional(),
  paidAt: z.string().nullable().optional(),
  /** Null until the buyer chose (a boleta then). */
  receipt: receiptSchema.nullable().optional(),
});
export type OrderDto = z.infer<typeof orderSchema>;

/** What the checkout needs to pay: the event's public keys and where Culqi's token endpoint lives. */
export const orderPaymentSchema = z.object({
  culqiPublicKey: z.string().nullable(),
  culqiTokensUrl: z.string(),
  merchantId: z.string().nullable(),
  merchantMode: z.enum(['sandbox', 'production']).nullable(),
  /** The merchant provider's checkout script for the browser (by the event's mode, or the config's); null without that method. */
  merchantCheckoutUrl: z.string().nullable(),
  /** The organizer's bank-deposit instructions, when the event takes deposits. */
  depositInstructions: z.string().nullable(),
  /** Whether the buyer may ask for a factura (the store's invoice data is set and it offers the choice). */
  receiptChoice: z.boolean(),
});
export type OrderPaymentDto = z.infer<typeof orderPaymentSchema>;

/** GET reservation/:id: the order with its tickets, history and how to pay it. */
export const orderDetailSchema = orderSchema.extend({
  tickets: z.array(ticketSchema),
  history: z.array(orderHistoryEntrySchema),
  payment: orderPaymentSchema,
});
export type OrderDetailDto = z.infer<typeof orderDetailSchema>;

/** The answer of POST reservation: the order and the position to read it back after (`?after=`). */
export const reserveResponse = z.object({ order: orderSchema, position: z.string().nullable() });

export const orderParams = z.object({ id: uuid });

/** Writes about one order answer the order and the position to read after. */
export const orderWriteResponse = z.object({ order: orderSchema, position: z.string().nullable() });

const personName = z.string().trim().min(1, 'Indica el nombre.').max(150);
const personEmail = z.email('Correo electrónico no válido.').max(254);
export const answerValueSchema = z.union([z.string().max(2000), z.array(z.string().max(500)).max(50), z.boolean()]);

/** PUT reservation/:id/attendees: the buyer's contact and one attendee per ticket, in the order of the lines. */
export const setAttendeesRequest = z.object({
  buyer: z.object({ name: personName, email: personEmail, phone: z.string().trim().max(30).optional() }),
  attendees: z
    .array(z.object({ ticketTypeId: z.string().min(1).max(100), name: personName, email: personEmail, answers: z.record(z.string().max(100), answerValueSchema).default({}) }))
    .min(1)
    .max(MAX_LINE_QUANTITY),
  receipt: receiptSchema.optional(),
  clientId,
});
export type SetAttendeesRequest = z.infer<typeof setAttendeesRequest>;

/** POST reservationCulqi/:id: the card token Culqi made in the browser with the event's public key. */
export const culqiPaymentRequest = z.object({ token: z.string().trim().min(1).max(200), email: personEmail, clientId });
/** POST reservation/:id/merchant: the transaction token of the merchant provider's form. */
export const merchantPaymentRequest = z.object({ transactionToken: z.string().trim().min(1).max(500), email: personEmail.optional(), clientId });
/**
 * POST reservation/:id/merchant/session. With the client id the payment will be sent with, the answer carries the
 * purchase number its authorization will use, which the browser's form is configured with.
 */
export const merchantSessionRequest = z.object({ clientId: clientId.optional() });
export const merchantSessionResponse = z.object({
  sessionKey: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  purchaseRef: z.string(),
  /** Numeric, up to 12 digits; null when no clientId was sent. */
  purchaseNumber: z.string().nullable(),
  merchantId: z.string().nullable(),
});
export type MerchantSessionDto = z.infer<typeof merchantSessionResponse>;

/** POST reservation/:id/cancel (the buyer), POST order/:id/cancel and order/:id/refund (the team). */
export const cancelOrderRequest = z.object({ reason: z.string().trim().max(500).optional(), clientId: clientId.optional() });
export const rejectDepositRequest = z.object({ reason: z.string().trim().min(1, 'Indica el motivo del rechazo.').max(500), clientId: clientId.optional() });
export const approveDepositRequest = z.object({ clientId: clientId.optional() });

/** POST ticket/:id/transfer and PUT ticket/:id/attendee. */
export const ticketPersonRequest = z.object({ name: personName, email: personEmail, clientId });
export const ticketWriteResponse = z.object({ ticket: ticketSchema, position: z.string().nullable() });

/** One order of GET mytickets: the order with its event and the tickets the user may see. */
export const myOrderSchema = orderSchema.extend({
  event: z.object({
    _id: z.string(),
    eventCode: z.string(),
    eventName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    venue: z.string().nullable(),
    coverUrl: z.string().nullable(),
  }),
  tickets: z.array(ticketSchema),
});
export type MyOrderDto = z.infer<typeof myOrderSchema>;
export const myTicketsResponse = z.object({ data: z.array(myOrderSchema) });
export const myOrderResponse = z.object({ data: myOrderSchema });
