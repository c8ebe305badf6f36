import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  addGuestRequest,
  addGuestResponse,
  adminOrdersResponseSchema,
  adminTicketsResponseSchema,
  createReminderRequest,
  eventParams,
  guestCsvImportResponse,
  guestCsvPreviewResponse,
  guestCsvRequest,
  incomeResponseSchema,
  reminderParams,
  remindersResponseSchema,
  reminderWriteResponse,
  salesExportQuerySchema,
  salesGridQuerySchema,
  storeDashboardResponseSchema,
  updateReminderRequest,
  type AdminOrderRow,
  type AdminTicketRow,
} from '../../contracts/sales-admin.js';
import { loadEvent } from '../../commands/events/service.js';
import { guestRowClientId, parseGuestCsv } from '../../commands/sales/guest-list.js';
import { issueGuestOrder } from '../../commands/sales/guest-order.js';
import { cancelReminder, changeReminder, scheduleReminder, type ReminderResult } from '../../commands/sales/reminders.js';
import { sellableTotal } from '../../domain/events/event.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { adminOrders, adminTickets, EXPORT_MAX_ROWS, remindersOfEvent } from '../../projections/sales/admin.js';
import { checkinsByHour, income, orderFigures, ticketsByType } from '../../projections/sales/stats.js';
import { defineRoute } from '../route.js';
import { sendExport, type ExportColumn } from './export.js';

const TAG = 'sales';
const m = messages.salesAdmin;
const read = { action: 'order.read' as const, event: (i: { params: { id: string } }) => i.params.id };
const manage = { action: 'order.manage' as const, event: (i: { params: { id: string } }) => i.params.id };
const base = '/event/:id/manageAttendees';

const money = (minor: number) => minor / 100;
const dateOrNull = (v: string | null) => (v ? new Date(v) : null);
const status = (s: string) => m.statuses[s] ?? s;
const method = (x: string | null) => (x ? (m.methods[x] ?? x) : '');
const c = m.exportColumns;

const orderExport: ExportColumn<AdminOrderRow>[] = [
  { title: c.id, value: (r) => r.id, width: 38 },
  { title: c.status, value: (r) => status(r.status) },
  { title: c.buyerName, value: (r) => r.buyerName ?? '', width: 26 },
  { title: c.buyerEmail, value: (r) => r.buyerEmail ?? '', width: 30 },
  { title: c.tickets, value: (r) => r.tickets, width: 10 },
  { title: c.total, value: (r) => money(r.total), width: 12 },
  { title: c.currency, value: (r) => r.currency, width: 8 },
  { title: c.method, value: (r) => method(r.method) },
  { title: c.createdAt, value: (r) => new Date(r.createdAt), width: 22 },
  { title: c.paidAt, value: (r) => dateOrNull(r.paidAt), width: 22 },
  // A boleta unless the buyer asked for a factura; the factura's data for the accountant.
  { title: c.receipt, value: (r) => m.receiptKinds[r.receipt?.kind ?? 'boleta'], width: 12 },
  { title: c.receiptRuc, value: (r) => (r.receipt?.kind === 'factura' ? r.receipt.ruc : ''), width: 14 },
  { title: c.receiptBusinessName, value: (r) => (r.receipt?.kind === 'factura' ? r.receipt.businessName : ''), width: 28 },
  { title: c.receiptAddress, value: (r) => (r.receipt?.kind === 'factura' ? r.receipt.address : ''), width: 32 },
];
const ticketExport: ExportColumn<AdminTicketRow>[] = [
  { title: c.ticketId, value: (r) => r.id, width: 38 },
  { title: c.orderId, value: (r) => r.orderId, width: 38 },
  { title: c.ticketTypeName, value: (r) => r.ticketTypeName, width: 22 },
  { title: c.attendeeName, value: (r) => r.attendeeName ?? '', width: 26 },
  { title: c.attendeeEmail, value: (r) => r.attendeeEmail ?? '', width: 30 },
  { title: c.status, value: (r) => status(r.status) },
  { title: c.method, value: (r) => method(r.method) },
  { title: c.checkedIn, value: (r) => (r.checkedIn ? m.yes : m.no), width: 10 },
  { title: c.checkedInAt, value: (r) => dateOrNull(r.checkedInAt), width: 22 },
  { title: c.createdAt, value: (r) => new Date(r.createdAt), width: 22 },
];

const reminderWrite = (r: ReminderResult, message: string) => {
  const { reminderId, subject, body, when, dueAt, status: st, revision } = r.state;
  return { data: { id: reminderId, subject, body, when, dueAt, status: st, revision }, message, position: r.position };
};

/** The organizer's attendee management and the store's Tablero (order.read to read, order.manage to write). */
export function registerAdminRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:id/store/dashboard', summary: 'Tablero de la tienda: vendidas y disponibles por tipo, ingresos, pedidos por estado, ingresos a la puerta', tag: TAG, auth: 'user', params: eventParams, response: storeDashboardResponseSchema, access: read },
    async ({ access }) => {
      const ev = await loadEvent(ctx, access.eventId);
      if (!ev) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
      const [byType, orders, door] = await Promise.all([ticketsByType(ctx.db, access.eventId), orderFigures(ctx.db, access.eventId), checkinsByHour(ctx.db, access.eventId)]);
      const ticketTypes = ev.state.tickets.map((t) => {
        const n = byType.get(t.id) ?? { sold: 0, held: 0 };
        return { ticketTypeId: t.id, name: t.name, price: t.price, quantity: t.quantity, sold: n.sold, held: n.held, remaining: Math.max(0, t.quantity - n.sold - n.held) };
      });
      const sold = [...byType.values()].reduce((s, x) => s + x.sold, 0);
      const held = [...byType.values()].reduce((s, x) => s + x.held, 0);
      return {
        currency: ev.state.currency,
        capacity: ev.state.capacity,
        ticketTypes,
        sold,
        held,
        remaining: Math.max(0, sellableTotal(ev.state) - sold - held),
        revenue: orders.revenue,
        ordersByStatus: orders.byStatus,
        checkedIn: door.total,
        checkinsByHour: door.byHour,
      };
    },
  );

  // ----- grids and their exports
  defineRoute(
    router,
    ctx,
    { method: 'get', path: `${base}/orders`, summary: 'Pedidos del evento (paginado, orden, filtro y búsqueda en el servidor; status para uno solo)', tag: TAG, auth: 'user', params: eventParams, query: salesGridQuerySchema, response: adminOrdersResponseSchema, access: read },
    async ({ access, query }) => adminOrders(ctx.db, access.eventId, query),
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: `${base}/orders/export`, summary: 'Exporta los pedidos filtrados (CSV o XLSX)', tag: TAG, auth: 'user', params: eventParams, query: salesExportQuerySchema, access: read },
    async ({ access, query, res }) => {
      const { rows } = await adminOrders(ctx.db, access.eventId, { ...query, page: 0, pageSize: EXPORT_MAX_ROWS });
      await sendExport(res, query.format, `pedidos-${access.eventCode}`, m.exportSheet.orders, orderExport, rows);
      return undefined;
    },
  );
  for (const grid of [
    { path: 'participants', guests: false, summary: 'Participantes (entradas emitidas con su asistente y su ingreso)', sheet: m.exportSheet.participants, file: 'participantes' },
    { path: 'guestList', guests: true, summary: 'Lista de invitados (entradas de cortesía)', sheet: m.exportSheet.guestList, file: 'invitados' },
  ]) {
    defineRoute(
      router,
      ctx,
      { method: 'get', path: `${base}/${grid.path}`, summary: grid.summary, tag: TAG, auth: 'user', params: eventParams, query: salesGridQuerySchema, response: adminTicketsResponseSchema, access: read },
      async ({ access, query }) => adminTickets(ctx.db, access.eventId, query, { guests: grid.guests }),
    );
    defineRoute(
      router,
      ctx,
      { method: 'get', path: `${base}/${grid.path}/export`, summary: `${grid.summary}: exportación CSV o XLSX`, tag: TAG, auth: 'user', params: eventParams, query: salesExportQuerySchema, access: read },
      async ({ access, query, res }) => {
        const { rows } = await adminTickets(ctx.db, access.eventId, { ...query, page: 0, pageSize: EXPORT_MAX_ROWS }, { guests: grid.guests });
        await sendExport(res, query.format, `${grid.file}-${access.eventCode}`, grid.sheet, ticketExport, rows);
        return undefined;
      },
    );
  }

  // ----- guest list
  const ticketTypesOf = async (eventId: string) => {
    const ev = await loadEvent(ctx, eventId);
    if (!ev) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
    return ev.state.tickets.map((t) => ({ id: t.id, name: t.name }));
  };
  defineRoute(
    router,
    ctx,
    { method: 'post', path: `${base}/guestList`, summary: 'Agrega un invitado (entrada de cortesía); el mismo clientId responde el mismo pedido', tag: TAG, auth: 'user', params: eventParams, body: addGuestRequest, response: addGuestResponse, successStatus: 201, access: manage },
    async ({ access, body, user }) => {
      const types = await ticketTypesOf(access.eventId);
      if (!types.some((t) => t.id === body.ticketTypeId)) throw new DomainError('UNKNOWN_TICKET_TYPE', m.unknownTicketType, 400, { field: 'ticketTypeId' });
      const r = await issueGuestOrder(ctx, {
        eventId: access.eventId,
        ticketTypeId: body.ticketTypeId,
        attendees: [{ name: body.name, email: body.email.toLowerCase() }],
        by: user!._id,
        clientId: body.clientId,
        method: 'guest',
      });
      return { orderId: r.order._id, message: m.guestAdded, position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: `${base}/guestList/preview`, summary: 'Revisa un CSV de invitados (nombre, correo, tipo de entrada) sin emitir nada: errores por fila', tag: TAG, auth: 'user', params: eventParams, body: guestCsvRequest, response: guestCsvPreviewResponse, access: manage },
    async ({ access, body }) => {
      const rows = parseGuestCsv(body.csv, await ticketTypesOf(access.eventId));
      const invalid = rows.filter((r) => r.error).length;
      return { rows, valid: rows.length - invalid, invalid };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: `${base}/guestList/import`, summary: 'Importa un CSV de invitados: emite las filas válidas (una vez por fila y archivo) y responde los errores por fila', tag: TAG, auth: 'user', params: eventParams, body: guestCsvRequest, response: guestCsvImportResponse, access: manage },
    async ({ access, body, user }) => {
      const rows = parseGuestCsv(body.csv, await ticketTypesOf(access.eventId));
      const failed: { line: number; error: string }[] = rows.filter((r) => r.error).map((r) => ({ line: r.line, error: r.error! }));
      let imported = 0;
      let position: string | null = null;
      for (const r of rows) {
        if (r.error || !r.ticketTypeId) continue;
        try {
          const res = await issueGuestOrder(ctx, {
            eventId: access.eventId,
            ticketTypeId: r.ticketTypeId,
            attendees: [{ name: r.name, email: r.email }],
            by: user!._id,
            clientId: guestRowClientId(access.eventId, body.csv, r.line),
            method: 'guest',
          });
          imported++;
          position = res.position ?? position;
        } catch (err) {
          // A refused row (sold out, a type no longer on offer) is reported with the others; the rest go on.
          if (!(err instanceof DomainError)) throw err;
          failed.push({ line: r.line, error: err.messagePublic });
        }
      }
      failed.sort((a, b) => a.line - b.line);
      return { imported, failed, message: m.guestsImported(imported), position };
    },
  );

  // ----- income control
  defineRoute(
    router,
    ctx,
    { method: 'get', path: `${base}/incomeControl`, summary: 'Ingresos por medio de pago, tipo de entrada y día (pedidos pagados)', tag: TAG, auth: 'user', params: eventParams, response: incomeResponseSchema, access: read },
    async ({ access }) => {
      const ev = await findEvent(ctx.db, access.eventId);
      if (!ev) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
      return { currency: ev.currency as 'PEN' | 'USD' | 'EUR', ...(await income(ctx.db, access.eventId, ev.time_zone)) };
    },
  );

  // ----- reminders
  defineRoute(
    router,
    ctx,
    { method: 'get', path: `${base}/reminders`, summary: 'Recordatorios por correo del evento con su estado', tag: TAG, auth: 'user', params: eventParams, response: remindersResponseSchema, access: read },
    async ({ access }) => ({ data: await remindersOfEvent(ctx.db, access.eventId) }),
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: `${base}/reminders`, summary: 'Programa un recordatorio por correo a los asistentes (N horas/días antes o en una fecha)', tag: TAG, auth: 'user', params: eventParams, body: createReminderRequest, response: reminderWriteResponse, successStatus: 201, access: manage },
    async ({ access, body, user }) => reminderWrite(await scheduleReminder(ctx, { ...body, eventId: access.eventId, userId: user!._id }), m.reminderScheduled),
  );
  defineRoute(
    router,
    ctx,
    { method: 'put', path: `${base}/reminders/:reminderId`, summary: 'Cambia y reprograma un recordatorio', tag: TAG, auth: 'user', params: reminderParams, body: updateReminderRequest, response: reminderWriteResponse, access: manage },
    async ({ access, body, params, user }) =>
      reminderWrite(await changeReminder(ctx, { ...body, eventId: access.eventId, reminderId: params.reminderId, userId: user!._id }), m.reminderChanged),
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: `${base}/reminders/:reminderId/cancel`, summary: 'Cancela un recordatorio programado', tag: TAG, auth: 'user', params: reminderParams, response: reminderWriteResponse, access: manage },
    async ({ access, params, user }) => reminderWrite(await cancelReminder(ctx, { eventId: access.eventId, reminderId: params.reminderId, userId: user!._id }), m.reminderCancelledDone),
  );
}
