import { z } from 'zod';
import { clientId, uuid } from './common.js';

/** Contracts of the store's documents area: tickets' QR, PDF and calendar file; the confirmation mail template. */

export const TEMPLATE_SUBJECT_MAX = 300;
export const TEMPLATE_BODY_MAX = 50_000;

/** A ticket's code as the QR carries it (random, URL-safe). */
export const ticketCodeParams = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'El código no es válido.' }) });
export const documentOrderParams = z.object({ id: uuid });
export const documentEventParams = z.object({ id: z.string().min(1).max(100) });

/** The merge fields a template may use (the editor lists them; the server renders exactly these). */
export const MERGE_FIELDS = [
  'buyer.name',
  'buyer.email',
  'event.name',
  'event.code',
  'event.startDate',
  'event.endDate',
  'event.timeZone',
  'event.venue',
  'event.url',
  'order.id',
  'order.total',
  'order.url',
  'order.ticketCount',
  'tickets',
  'ticket.type',
  'ticket.attendee',
  'ticket.email',
  'ticket.code',
  'ticket.qr',
] as const;

/** GET event/:id/confirmationMail: the stored template (custom false: the default applies) and the default. */
export const confirmationMailSchema = z.object({
  eventId: z.string(),
  custom: z.boolean(),
  subject: z.string(),
  html: z.string(),
  /** The template's stream revision (-1: never edited); send it back as expectedVersion. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  defaultSubject: z.string(),
  defaultHtml: z.string(),
});
export type ConfirmationMailDto = z.infer<typeof confirmationMailSchema>;

export const setConfirmationMailRequest = z.object({
  subject: z.string().max(TEMPLATE_SUBJECT_MAX * 2),
  html: z.string().max(TEMPLATE_BODY_MAX * 2),
  /** The version the editor loaded: a save over someone else's newer one is a 409. */
  expectedVersion: z.number().int().min(-1).optional(),
  clientId: clientId.optional(),
});
export type SetConfirmationMailRequest = z.infer<typeof setConfirmationMailRequest>;

export const resetConfirmationMailRequest = z.object({ expectedVersion: z.number().int().min(-1).optional(), clientId: clientId.optional() });

export const confirmationMailWriteResponse = z.object({ data: confirmationMailSchema, position: z.string().nullable() });

/** POST event/:id/confirmationMail/preview: the template rendered with example data (nothing saved). */
export const previewConfirmationMailRequest = z.object({ subject: z.string().max(TEMPLATE_SUBJECT_MAX * 2), html: z.string().max(TEMPLATE_BODY_MAX * 2) });
export const previewConfirmationMailResponse = z.object({ subject: z.string(), html: z.string() });

/** POST order/:id/resend: mails the tickets again (a retry with the same clientId is the same mail). */
export const resendTicketsRequest = z.object({ clientId });
export const resendTicketsResponse = z.object({ orderId: z.string(), queued: z.boolean() });
