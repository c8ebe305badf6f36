import { z } from 'zod';
import { clientId, nonEmpty, uuid } from './common.js';
import { currencySchema } from './events.js';

/**
 * The box office (issue 20): the registration desk (role `register`, page /register) and the cash register
 * (role `cash_register`, page /cashRegister) with its tills. Shared by the API and the web app.
 */

export const TILL_SALE_METHODS = ['cash', 'card'] as const;
export type TillSaleMethod = (typeof TILL_SALE_METHODS)[number];
export const TILL_STATUSES = ['open', 'closed'] as const;

/** Largest amount a till takes in one field (minor units): ten million of the currency. */
export const MAX_TILL_AMOUNT = 1_000_000_000;
const amount = z.number().int().min(0).max(MAX_TILL_AMOUNT);

export const tillParams = z.object({ id: uuid, itemId: uuid });
export const eventParams = z.object({ id: uuid });

/** POST event/:id/till: opens the caller's till with its starting float (minor units). */
export const openTillRequest = z.object({ clientId, float: amount });

const attendee = z.object({ name: nonEmpty(120), email: z.union([z.literal(''), z.email({ message: 'Correo no válido.' }).max(200)]).optional() });

/**
 * POST event/:id/till/:itemId/sale: tickets sold at the door, one attendee (name, optional e-mail) per ticket,
 * paid in cash or on an external card terminal (its voucher reference). One order per ticket type; the same
 * clientId answers the same orders and till entries.
 */
export const tillSaleRequest = z.object({
  clientId,
  method: z.enum(TILL_SALE_METHODS),
  reference: z.string().trim().max(100).optional(),
  lines: z
    .array(z.object({ ticketTypeId: z.string().min(1).max(100), attendees: z.array(attendee).min(1).max(50) }))
    .min(1)
    .max(20),
});
export type TillSaleRequest = z.infer<typeof tillSaleRequest>;

/** POST event/:id/till/:itemId/movement: cash put in or taken out of the drawer, with its reason. */
export const cashMovementRequest = z.object({
  clientId,
  direction: z.enum(['in', 'out']),
  amount: amount.min(1),
  reason: nonEmpty(200),
});

/** POST event/:id/till/:itemId/close: the cash counted in the drawer. */
export const closeTillRequest = z.object({ clientId, counted: amount, note: z.string().trim().max(500).optional() });

export const tillEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['sale', 'movement']),
  at: z.string(),
  amount: z.number().int(),
  orderId: z.string().nullable(),
  method: z.enum(TILL_SALE_METHODS).nullable(),
  reference: z.string().nullable(),
  tickets: z.number().int().nullable(),
  direction: z.enum(['in', 'out']).nullable(),
  reason: z.string().nullable(),
});
export type TillEntryDto = z.infer<typeof tillEntrySchema>;

export const tillSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  openedBy: z.string(),
  openedByName: z.string().nullable(),
  status: z.enum(TILL_STATUSES),
  currency: currencySchema,
  float: z.number().int(),
  cashSales: z.number().int(),
  cardSales: z.number().int(),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  /** What the drawer should hold now (open) or held at closing. */
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  salesCount: z.number().int(),
  ticketsCount: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TillDto = z.infer<typeof tillSchema>;

/** The till's sales against the orders they made: every sale's amount equals its order's paid total. */
export const tillReconciliationSchema = z.object({
  salesTotal: z.number().int(),
  ordersTotal: z.number().int(),
  matches: z.boolean(),
  /** Orders of the till that are no longer paid (cancelled or refunded later) or differ in amount. */
  mismatched: z.array(z.object({ orderId: z.string(), sale: z.number().int(), order: z.number().int().nullable(), status: z.string().nullable() })),
});

export type TillReconciliationDto = z.infer<typeof tillReconciliationSchema>;

export const tillDetailSchema = tillSchema.extend({ entries: z.array(tillEntrySchema), reconciliation: tillReconciliationSchema });
export type TillDetailDto = z.infer<typeof tillDetailSchema>;

export const tillResponse = z.object({ data: tillDetailSchema, position: z.string().nullable() });
export const tillListResponse = z.object({ data: z.array(tillSchema), mine: tillSchema.nullable() });

/** A sale's receipt: the orders it made with their tickets. */
export const saleReceiptSchema = z.object({
  method: z.enum(TILL_SALE_METHODS),
  reference: z.string().nullable(),
  currency: currencySchema,
  total: z.number().int(),
  at: z.string(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      total: z.number().int(),
      tickets: z.array(z.object({ ticketId: z.string(), code: z.string(), ticketTypeName: z.string(), attendeeName: z.string(), unitPrice: z.number().int() })),
    }),
  ),
});
export type SaleReceiptDto = z.infer<typeof saleReceiptSchema>;
export const tillSaleResponse = z.object({ data: tillDetailSchema, receipt: saleReceiptSchema, position: z.string().nullable() });

// ----- the registration desk -----------------------------------------------------------------------------

export const deskTicketSchema = z.object({
  _id: z.string(),
  code: z.string(),
  orderId: z.string(),
  eventId: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  status: z.string(),
});
export type DeskTicketDto = z.infer<typeof deskTicketSchema>;

/**
 * POST event/:id/register/attendee: an attendee created at the desk on a free ticket type (paid types are sold at
 * the cash register), with the registration form's answers. The same clientId answers the same ticket.
 */
export const deskAttendeeRequest = z.object({
  clientId,
  ticketTypeId: z.string().min(1).max(100),
  name: nonEmpty(120),
  email: z.email({ message: 'Correo no válido.' }).max(200),
  company: z.string().trim().max(120).optional(),
  answers: z.record(z.string().max(100), z.union([z.string().max(2000), z.array(z.string().max(500)).max(50), z.boolean()])).optional(),
});
export type DeskAttendeeRequest = z.infer<typeof deskAttendeeRequest>;
export const deskAttendeeResponse = z.object({ data: deskTicketSchema, position: z.string().nullable() });

export const badgeParams = z.object({ id: z.string().min(1).max(100) });
export const badgeQuery = z.object({ company: z.string().trim().max(120).optional() });
