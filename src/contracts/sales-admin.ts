import { z } from 'zod';
import { clientId } from './common.js';
import { currencySchema, gridQuerySchema } from './events.js';
import { orderStatusSchema, receiptSchema } from './sales.js';

/**
 * The organizer's store pages (manageAttendees/* and the store's Tablero): server-side grids with exports, the
 * guest list, income control, reminders and the dashboard. Routes in src/http/sales/admin-routes.ts, all under
 * /event/:id/manageAttendees/... or /event/:id/store/..., readable with order.read, writable with order.manage.
 */

export const eventParams = z.object({ id: z.string().min(1).max(100) });

/** A grid's query: paging, one sort, one filter item, a quick search, and for the orders grid a status. */
export const salesGridQuerySchema = gridQuerySchema.extend({
  search: z.string().max(200).optional(),
  status: orderStatusSchema.optional(),
});
export type SalesGridQuery = z.infer<typeof salesGridQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** Exports take the grid's query (without paging) and a format. */
export const salesExportQuerySchema = salesGridQuerySchema.omit({ page: true, pageSize: true }).extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const adminOrderRowSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  /** Minor units of `currency`. */
  total: z.number().int(),
  currency: currencySchema,
  method: z.string().nullable(),
  tickets: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The buyer's receipt; null until chosen (a boleta then). */
  receipt: receiptSchema.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
/** GET event/:id/manageAttendees/orders: fields status, buyerName, buyerEmail, total, method, tickets, createdAt, paidAt. */
export const adminOrdersResponseSchema = z.object({ rows: z.array(adminOrderRowSchema), rowCount: z.number().int() });

export const TICKET_STATUSES = ['valid', 'cancelled', 'refunded'] as const;
export const adminTicketRowSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  status: z.string(),
  method: z.string().nullable(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;
/** GET event/:id/manageAttendees/participants (and .../guestList: only guests). */
export const adminTicketsResponseSchema = z.object({ rows: z.array(adminTicketRowSchema), rowCount: z.number().int() });

// ----- guest list -----------------------------------------------------------------------------------------

export const guestSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
});
/** POST event/:id/manageAttendees/guestList: one free guest added by hand. */
export const addGuestRequest = guestSchema.extend({ ticketTypeId: z.string().min(1).max(100), clientId });
export type AddGuestRequest = z.infer<typeof addGuestRequest>;
export const addGuestResponse = z.object({ orderId: z.string(), message: z.string(), position: z.string().nullable() });

/** Largest guest-list file accepted (characters of CSV text). */
export const GUEST_CSV_MAX_CHARS = 400_000;
export const GUEST_CSV_MAX_ROWS = 2000;
/** The CSV's text as read by the browser; columns nombre, correo, tipo de entrada (header row required). */
export const guestCsvRequest = z.object({ csv: z.string().min(1).max(GUEST_CSV_MAX_CHARS) });
export const guestCsvRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  ticketType: z.string(),
  ticketTypeId: z.string().nullable(),
  /** Spanish reason the row cannot be imported, or null. */
  error: z.string().nullable(),
});
export type GuestCsvRow = z.infer<typeof guestCsvRowSchema>;
export const guestCsvPreviewResponse = z.object({ rows: z.array(guestCsvRowSchema), valid: z.number().int(), invalid: z.number().int() });
export const guestCsvImportResponse = z.object({
  /** Rows issued now or by an earlier import of the same file (a retry issues nothing twice). */
  imported: z.number().int(),
  failed: z.array(z.object({ line: z.number().int(), error: z.string() })),
  message: z.string(),
  position: z.string().nullable(),
});

// ----- income control and dashboard ----------------------------------------------------------------------

export const incomeResponseSchema = z.object({
  currency: currencySchema,
  /** Minor units, paid orders (refunded ones are not income). */
  total: z.number().int(),
  orders: z.number().int(),
  byMethod: z.array(z.object({ method: z.string(), amount: z.number().int(), orders: z.number().int() })),
  byTicketType: z.array(z.object({ ticketTypeId: z.string(), name: z.string(), amount: z.number().int(), tickets: z.number().int() })),
  /** Day in the event's time zone (YYYY-MM-DD). */
  byDay: z.array(z.object({ day: z.string(), amount: z.number().int(), orders: z.number().int() })),
});
export type IncomeResponse = z.infer<typeof incomeResponseSchema>;

export const storeDashboardResponseSchema = z.object({
  currency: currencySchema,
  capacity: z.number().int().nullable(),
  ticketTypes: z.array(
    z.object({ ticketTypeId: z.string(), name: z.string(), price: z.number(), quantity: z.number().int(), sold: z.number().int(), held: z.number().int(), remaining: z.number().int() }),
  ),
  sold: z.number().int(),
  held: z.number().int(),
  remaining: z.number().int(),
  /** Minor units of paid orders. */
  revenue: z.number().int(),
  ordersByStatus: z.record(z.string(), z.number().int()),
  checkedIn: z.number().int(),
  /** Check-ins per hour (ISO hour start), oldest first. */
  checkinsByHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
});
export type StoreDashboard = z.infer<typeof storeDashboardResponseSchema>;

// ----- reminders -----------------------------------------------------------------------------------------

export const REMINDER_UNITS = ['hours', 'days'] as const;
export const reminderWhenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('before'), amount: z.number().int().min(1).max(365), unit: z.enum(REMINDER_UNITS) }),
  z.object({ kind: z.literal('at'), at: z.iso.datetime({ offset: true }) }),
]);
export type ReminderWhen = z.infer<typeof reminderWhenSchema>;
export const reminderFields = z.object({
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
  when: reminderWhenSchema,
});
/** POST event/:id/manageAttendees/reminders. */
export const createReminderRequest = reminderFields.extend({ clientId });
/** PUT event/:id/manageAttendees/reminders/:reminderId (reschedules). */
export const updateReminderRequest = reminderFields.extend({ clientId });
export const reminderParams = z.object({ id: z.string().min(1).max(100), reminderId: z.string().min(1).max(100) });

export const REMINDER_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export const reminderSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  when: reminderWhenSchema,
  dueAt: z.string(),
  status: z.enum(REMINDER_STATUSES),
  revision: z.number().int(),
  sentCount: z.number().int(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReminderDto = z.infer<typeof reminderSchema>;
export const remindersResponseSchema = z.object({ data: z.array(reminderSchema) });
export const reminderWriteResponse = z.object({ data: reminderSchema.omit({ sentCount: true, sentAt: true, createdAt: true, updatedAt: true }), message: z.string(), position: z.string().nullable() });
