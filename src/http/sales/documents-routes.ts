import type { Request, Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  confirmationMailSchema,
  confirmationMailWriteResponse,
  documentEventParams,
  documentOrderParams,
  previewConfirmationMailRequest,
  previewConfirmationMailResponse,
  resendTicketsRequest,
  resendTicketsResponse,
  resetConfirmationMailRequest,
  setConfirmationMailRequest,
  ticketCodeParams,
  type ConfirmationMailDto,
} from '../../contracts/sales-documents.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { OrderDto, TicketDto } from '../../contracts/sales.js';
import { resendTickets, resetConfirmationMailTemplate, setConfirmationMailTemplate } from '../../commands/sales/confirmation-mail.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findUserById } from '../../projections/accounts/queries.js';
import { findConfirmationMail } from '../../projections/sales/confirmation-mail.js';
import { findOrder, findTicketByCode } from '../../projections/sales/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { orderCalendar } from '../../sales-documents/ical.js';
import { loadTicketDocuments } from '../../sales-documents/load.js';
import { documentLinks, previewConfirmationMail } from '../../sales-documents/mail.js';
import { ticketsPdf } from '../../sales-documents/pdf.js';
import { ticketQrPng } from '../../sales-documents/qr.js';
import { defaultTemplate } from '../../sales-documents/template.js';
import { authorizeRequest } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const TAG = 'sales';
const m = messages.ticketDocuments;

/** The documents hold the tickets' codes: never in a shared cache, never kept by the browser. */
function sendFile(res: Response, body: Buffer | string, type: string, fileName?: string) {
  res.set('Cache-Control', 'no-store, private');
  res.set('X-Content-Type-Options', 'nosniff');
  res.type(type);
  if (fileName) res.set('Content-Disposition', `attachment; filename="${fileName}"`);
  res.send(body);
}

/**
 * Who may read an order's documents, and which tickets: an anonymous order by its id (its random id is the
 * secret, as GET reservation/:id), its signed-in buyer (all tickets), a ticket holder (theirs: the account holds
 * them, or they are in the account's proven e-mail), or the event's team with order.read. Anyone else learns
 * nothing: the order reads as missing.
 */
async function documentAccess(ctx: AppContext, req: Request, user: AuthUser | undefined, orderId: string): Promise<{ order: OrderDto; only?: (t: TicketDto) => boolean }> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (order.buyerId === null || order.buyerId === user?._id) return { order };
  if (!user) throw new HttpError(401);
  const account = await findUserById(ctx.db, user._id);
  const email = account?.emailVerified ? account.email.toLowerCase() : null;
  const mine = (t: TicketDto) => t.holderUserId === user._id || (email !== null && t.attendeeEmail?.toLowerCase() === email);
  try {
    await authorizeRequest(ctx, req, order.eventId, 'order.read');
    return { order };
  } catch (err) {
    if (!(err instanceof HttpError) || (err.status !== 403 && err.status !== 404)) throw err;
  }
  return { order, only: mine };
}

async function documentsOf(ctx: AppContext, req: Request, user: AuthUser | undefined, orderId: string) {
  const { order, only } = await documentAccess(ctx, req, user, orderId);
  const docs = await loadTicketDocuments(ctx.db, order, only);
  // A holder of none of its tickets reads the order as missing; an order without issued tickets says so.
  if (!docs || (only && docs.tickets.length === 0)) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
  if (docs.tickets.length === 0) throw new NotFoundError('NO_TICKETS', m.noTickets);
  return docs;
}

/** A template write answers the template once the confirmation-mail projection has applied it. */
async function templateWritten(ctx: AppContext, eventId: string, position: string | null) {
  if (position) await waitForPosition(ctx.db, ctx.store, position, { projections: ['sales.confirmation-mail'], timeoutMs: 5000 });
  return { data: await templateDto(ctx, eventId), position };
}

async function templateDto(ctx: AppContext, eventId: string): Promise<ConfirmationMailDto> {
  const stored = await findConfirmationMail(ctx.db, eventId);
  const fallback = defaultTemplate();
  return {
    eventId,
    custom: stored.custom,
    subject: stored.custom && stored.subject !== null ? stored.subject : fallback.subject,
    html: stored.custom && stored.html !== null ? stored.html : fallback.html,
    version: stored.version,
    updatedAt: stored.updatedAt,
    defaultSubject: fallback.subject,
    defaultHtml: fallback.html,
  };
}

/** Routes of the documents area: the QR, the tickets' PDF, the calendar file, the template, resending. */
export function registerDocumentsRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/ticket/:code/qr.png',
      summary: 'El código QR de una entrada (PNG); lo ve quien tenga el código, que es el secreto de la entrada',
      tag: TAG,
      auth: 'none',
      params: ticketCodeParams,
    },
    async ({ params, res }) => {
      const ticket = await findTicketByCode(ctx.db, params.code);
      if (!ticket || ticket.status !== 'valid') throw new NotFoundError('TICKET_NOT_FOUND', m.ticketNotFound);
      sendFile(res, await ticketQrPng(ticket.code), 'image/png');
      return undefined;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/order/:id/tickets.pdf',
      summary: 'Las entradas de un pedido en PDF (una página por entrada con su QR): el comprador, quien tenga una entrada o el equipo con order.read',
      tag: TAG,
      auth: 'optional',
      params: documentOrderParams,
    },
    async ({ params, user, req, res }) => {
      const docs = await documentsOf(ctx, req, user, params.id);
      sendFile(res, await ticketsPdf(docs), 'application/pdf', `entradas-${docs.event.eventCode}.pdf`);
      return undefined;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/order/:id/calendar.ics',
      summary: 'El evento de un pedido como archivo de calendario (iCalendar, UID estable por evento y pedido)',
      tag: TAG,
      auth: 'optional',
      params: documentOrderParams,
    },
    async ({ params, user, req, res }) => {
      const docs = await documentsOf(ctx, req, user, params.id);
      const ics = orderCalendar({ event: docs.event, orderId: docs.order.id, url: documentLinks(ctx.config.appUrl, docs).orderUrl, stamp: ctx.clock() });
      sendFile(res, ics, 'text/calendar; charset=utf-8', `${docs.event.eventCode}.ics`);
      return undefined;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/order/:id/resend',
      summary: 'Reenvía las entradas al comprador (un correo nuevo por solicitud; el mismo clientId es el mismo envío; limitado por pedido)',
      tag: TAG,
      auth: 'user',
      params: documentOrderParams,
      body: resendTicketsRequest,
      response: resendTicketsResponse,
      successStatus: 202,
    },
    async ({ params, body, req }) => {
      const order = await findOrder(ctx.db, params.id);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
      try {
        await authorizeRequest(ctx, req, order.eventId, 'order.manage');
      } catch (err) {
        // Another organizer's order reads as missing rather than confirming it exists.
        if (err instanceof HttpError && err.status === 404) throw new NotFoundError('ORDER_NOT_FOUND', m.orderNotFound);
        throw err;
      }
      return resendTickets(ctx, { orderId: order._id, clientId: body.clientId });
    },
  );

  const edit = { action: 'event.edit' as const, event: (i: { params: { id: string } }) => i.params.id };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/confirmationMail',
      summary: 'La plantilla del correo de confirmación del evento (o la predeterminada) con su versión',
      tag: TAG,
      auth: 'user',
      params: documentEventParams,
      response: confirmationMailSchema,
      access: edit,
    },
    async ({ access }) => templateDto(ctx, access.eventId),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id/confirmationMail',
      summary: 'Guarda la plantilla del correo de confirmación (asunto y HTML con campos Liquid); se revisa con datos de ejemplo antes de guardar',
      tag: TAG,
      auth: 'user',
      params: documentEventParams,
      body: setConfirmationMailRequest,
      response: confirmationMailWriteResponse,
      access: edit,
    },
    async ({ body, user, access }) => {
      const result = await setConfirmationMailTemplate(ctx, { eventId: access.eventId, subject: body.subject, html: body.html, userId: user!._id, clientId: body.clientId, expectedVersion: body.expectedVersion });
      return templateWritten(ctx, access.eventId, result.position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'delete',
      path: '/event/:id/confirmationMail',
      summary: 'Vuelve a la plantilla predeterminada del correo de confirmación',
      tag: TAG,
      auth: 'user',
      params: documentEventParams,
      body: resetConfirmationMailRequest,
      response: confirmationMailWriteResponse,
      access: edit,
    },
    async ({ body, user, access }) => {
      const result = await resetConfirmationMailTemplate(ctx, { eventId: access.eventId, userId: user!._id, clientId: body.clientId, expectedVersion: body.expectedVersion });
      return templateWritten(ctx, access.eventId, result.position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/confirmationMail/preview',
      summary: 'Vista previa de una plantilla con datos de ejemplo (no guarda nada)',
      tag: TAG,
      auth: 'user',
      params: documentEventParams,
      body: previewConfirmationMailRequest,
      response: previewConfirmationMailResponse,
      access: edit,
    },
    async ({ body }) => previewConfirmationMail(body, ctx.config.appUrl),
  );
}
