import type { Request, Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { addStandMaterial, loadStands, removeStand, reserveStand, saveStand, setPlanImage, updateStandReservation } from '../../commands/exhibitor/stands.js';
import { loadOrder } from '../../commands/sales/pay.js';
import { loadSaleState, loadSaleStateByCode } from '../../commands/sales/sale-state.js';
import {
  MATERIAL_MAX_BYTES,
  PLAN_MAX_BYTES,
  eventStandsParams,
  expoParams,
  expoResponse,
  materialQuery,
  orderParams,
  planResponse,
  reservationResponse,
  reserveStandRequest,
  saveStandRequest,
  standParams,
  updateReservationRequest,
  uploadParams,
  type AdminStandDto,
  type MaterialKind,
  type ReservationDto,
  type StandDto,
} from '../../contracts/exhibitor-stands.js';
import { reservationOfOrder, standStatus, type ReservationState, type StandDef, type StandsState } from '../../domain/exhibitor/stands.js';
import { messages } from '../../messages/es.js';
import { storageFor } from '../../storage/local.js';
import { HttpError } from '../errors.js';
import { sniffImage } from '../events/files.js';
import { defineRoute } from '../route.js';

const TAG = 'exhibitor';
const m = messages.exhibitor.stands;

const standDto = (state: StandsState, s: StandDef): StandDto => ({
  _id: s.standId,
  code: s.code,
  x: s.x,
  y: s.y,
  w: s.w,
  h: s.h,
  area: s.area,
  price: s.price,
  currency: s.currency,
  zone: s.zone,
  status: standStatus(state, s.standId),
});
const byCode = (a: StandDef, b: StandDef) => a.code.localeCompare(b.code, 'es', { numeric: true });

function planDto(eventId: string, state: StandsState) {
  const stands: AdminStandDto[] = Object.values(state.stands)
    .sort(byCode)
    .map((s) => {
      const holder = state.holder[s.standId] ? state.reservations[state.holder[s.standId]!] : undefined;
      return {
        ...standDto(state, s),
        blocked: s.blocked,
        companyName: holder?.company.name ?? null,
        orderId: holder?.orderId ?? null,
        holdUntil: holder?.status === 'held' ? holder.holdUntil : null,
      };
    });
  return { eventId, imageUrl: state.imageUrl, stands, version: state.version };
}

function reservationDto(state: StandsState, r: ReservationState, event: { id: string; event_code: string; event_name: string }): ReservationDto {
  const stand = state.stands[r.standId];
  if (!stand) throw new HttpError(404, m.notFound, 'STAND_NOT_FOUND');
  return {
    _id: r.reservationId,
    eventId: event.id,
    eventCode: event.event_code,
    eventName: event.event_name,
    orderId: r.orderId,
    status: r.status,
    holdUntil: r.holdUntil,
    company: r.company,
    stand: standDto(state, stand),
    materials: Object.values(r.materials).filter((x) => x !== undefined),
  };
}

const planUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: PLAN_MAX_BYTES, files: 1, fields: 5 } }).single('plan');
const materialUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: Math.max(...Object.values(MATERIAL_MAX_BYTES)), files: 1, fields: 5 } }).single('file');

function readFile(handler: typeof planUpload, req: Request, res: Response, tooLarge: () => HttpError, missing: () => HttpError): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) =>
    handler(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) return reject(err.code === 'LIMIT_FILE_SIZE' ? tooLarge() : missing());
      if (err) return reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
      if (!req.file) return reject(missing());
      resolve(req.file);
    }),
  );
}

/** A material's type from its first bytes: images for the logo, PDF for the brochure, either for the stand card. */
function sniffMaterial(kind: MaterialKind, buf: Buffer): { ext: string; type: string } | null {
  const pdf = buf.length > 5 && buf.toString('ascii', 0, 5) === '%PDF-' ? { ext: 'pdf', type: 'application/pdf' } : null;
  if (kind === 'brochure') return pdf;
  if (kind === 'logo') return sniffImage(buf);
  return sniffImage(buf) ?? pdf;
}

const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'archivo';

/**
 * Stands of an event (issue 23): the organizer's floor plan (`stands/stands`, exhibitor.manage) and the public
 * expo pages: the plan with free stands, a company's reservation (paid through the sales checkout,
 * /reservationCulqi/{order}), its data (/update/{order}) and materials (/uploadCard/{order}). The public routes
 * act on a reservation or order by its random id (the secret link), like sales' anonymous orders.
 */
export function registerStandRoutes(router: Router, ctx: AppContext): void {
  const access = { action: 'exhibitor.manage' as const, event: (i: { params: { eventId: string } }) => i.params.eventId };

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/event/:eventId/exhibitorStands', summary: 'Plano de stands del evento: imagen, stands y quién los reservó', tag: TAG, auth: 'user', params: eventStandsParams, response: planResponse, access },
    async ({ access: a }) => {
      const { state, position } = await loadStands(ctx, a.eventId);
      return { data: planDto(a.eventId, state), position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/exhibitorStands',
      summary: 'Crea un stand en el plano (clientId es su id: un reintento responde el mismo stand; código único en el evento)',
      tag: TAG,
      auth: 'user',
      params: eventStandsParams,
      body: saveStandRequest.extend({ clientId: z.uuid({ message: 'Identificador no válido.' }) }),
      response: planResponse,
      successStatus: 201,
      access,
    },
    async ({ body, access: a, user }) => {
      const { clientId, ...stand } = body;
      const r = await saveStand(ctx, { eventId: a.eventId, standId: clientId, stand, clientId, by: user!._id });
      return { data: planDto(a.eventId, r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:eventId/exhibitorStands/:standId',
      summary: 'Guarda un stand (posición, tamaño, precio, zona, bloqueo); uno reservado o vendido solo se mueve',
      tag: TAG,
      auth: 'user',
      params: standParams,
      body: saveStandRequest,
      response: planResponse,
      access,
    },
    async ({ params, body, access: a, user }) => {
      const { state } = await loadStands(ctx, a.eventId);
      if (!state.stands[params.standId]) throw new HttpError(404, m.notFound, 'STAND_NOT_FOUND');
      const { clientId, ...stand } = body;
      const r = await saveStand(ctx, { eventId: a.eventId, standId: params.standId, stand, clientId, by: user!._id });
      return { data: planDto(a.eventId, r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/event/:eventId/exhibitorStands/:standId', summary: 'Elimina un stand libre del plano', tag: TAG, auth: 'user', params: standParams, response: planResponse, access },
    async ({ params, access: a, user }) => {
      const r = await removeStand(ctx, { eventId: a.eventId, standId: params.standId, by: user!._id });
      return { data: planDto(a.eventId, r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/exhibitorStands/plan',
      summary: 'Sube la imagen del plano (multipart, campo plan: JPEG, PNG o WebP, hasta 5 MB)',
      tag: TAG,
      auth: 'user',
      params: eventStandsParams,
      response: planResponse,
      access,
    },
    async ({ access: a, user, req, res }) => {
      const file = await readFile(planUpload, req, res, () => new HttpError(413, m.planTooLarge, 'PLAN_TOO_LARGE'), () => new HttpError(400, m.planMissing, 'PLAN_MISSING'));
      const kind = sniffImage(file.buffer);
      if (!kind) throw new HttpError(400, m.planType, 'PLAN_TYPE');
      const stored = await storageFor(ctx.config.dataDir).put(`exhibitor/${a.eventId}/plan-${ctx.newId()}.${kind.ext}`, file.buffer, kind.type);
      const r = await setPlanImage(ctx, { eventId: a.eventId, imageUrl: stored.url, by: user!._id });
      return { data: planDto(a.eventId, r.state), position: r.position };
    },
  );

  // ----- public expo pages ---------------------------------------------------------------------------------

  const openEvent = async (code: string) => {
    // From the event's stream (sales' cached sale state): a plan opens the moment the event is published.
    const sale = await loadSaleStateByCode(ctx, code);
    if (!sale?.event || !sale.event.published || sale.event.cancelledAt) throw new HttpError(404, m.expoClosed, 'EXPO_NOT_FOUND');
    return { id: sale.eventId, event_code: sale.event.eventCode, event_name: sale.event.eventName };
  };
  const eventById = async (eventId: string) => {
    const sale = await loadSaleState(ctx, eventId);
    if (!sale.event) throw new HttpError(404, m.reservationNotFound, 'RESERVATION_NOT_FOUND');
    return { id: eventId, event_code: sale.event.eventCode, event_name: sale.event.eventName };
  };
  /** The reservation of an order (the secret link of /update/{order} and /uploadCard/{order}). */
  const reservationByOrder = async (orderId: string) => {
    const order = await loadOrder(ctx, orderId);
    const { state } = order ? await loadStands(ctx, order.eventId) : { state: null };
    const r = state && reservationOfOrder(state, orderId);
    if (!order || !state || !r) throw new HttpError(404, m.reservationNotFound, 'RESERVATION_NOT_FOUND');
    return { state, r, event: await eventById(order.eventId) };
  };

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/expo/:eventCode', summary: 'Plano público de stands de un evento publicado, con su estado', tag: TAG, auth: 'none', params: expoParams, response: expoResponse },
    async ({ params }) => {
      const event = await openEvent(params.eventCode);
      const { state } = await loadStands(ctx, event.id);
      const stands = Object.values(state.stands).sort(byCode).map((s) => standDto(state, s));
      return { data: { eventId: event.id, eventCode: event.event_code, eventName: event.event_name, imageUrl: state.imageUrl, stands } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/expo/:eventCode/reservations',
      summary: 'Reserva un stand libre para una empresa (RUC validado); lo retiene el tiempo de reserva del evento y crea su orden de venta. reservationId es su id: un reintento responde la misma reserva',
      tag: TAG,
      auth: 'optional',
      params: expoParams,
      body: reserveStandRequest,
      response: reservationResponse,
      successStatus: 201,
    },
    async ({ params, body }) => {
      const event = await openEvent(params.eventCode);
      const r = await reserveStand(ctx, { eventId: event.id, reservationId: body.reservationId, standId: body.standId, company: body.company, contact: body.contact });
      const reservation = r.state.reservations[body.reservationId]!;
      return { data: reservationDto(r.state, reservation, event), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/expo/:eventCode/reservations/:reservation',
      summary: 'Una reserva de stand (por su id secreto): stand, empresa, estado y vencimiento',
      tag: TAG,
      auth: 'optional',
      params: expoParams.extend({ reservation: z.uuid({ message: 'Identificador no válido.' }) }),
      response: reservationResponse,
    },
    async ({ params }) => {
      const event = await openEvent(params.eventCode);
      const { state } = await loadStands(ctx, event.id);
      const r = state.reservations[params.reservation];
      if (!r) throw new HttpError(404, m.reservationNotFound, 'RESERVATION_NOT_FOUND');
      return { data: reservationDto(state, r, event) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/expo/orders/:order', summary: 'La reserva de stand de una orden (/update/{order}, /uploadCard/{order})', tag: TAG, auth: 'optional', params: orderParams, response: reservationResponse },
    async ({ params }) => {
      const { state, r, event } = await reservationByOrder(params.order);
      return { data: reservationDto(state, r, event) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/expo/orders/:order',
      summary: 'La empresa actualiza sus datos de reserva y facturación (RUC validado)',
      tag: TAG,
      auth: 'optional',
      params: orderParams,
      body: updateReservationRequest,
      response: reservationResponse,
    },
    async ({ params, body }) => {
      const { r, event } = await reservationByOrder(params.order);
      const done = await updateStandReservation(ctx, { eventId: event.id, reservationId: r.reservationId, company: body.company, clientId: body.clientId });
      return { data: reservationDto(done.state, done.state.reservations[r.reservationId]!, event), position: done.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/expo/uploadCard/:code',
      summary: 'Sube un material del stand pagado (multipart, campo file; kind=logo: imagen hasta 2 MB, brochure: PDF hasta 10 MB, card: imagen o PDF hasta 2 MB)',
      tag: TAG,
      auth: 'optional',
      params: uploadParams,
      query: materialQuery,
      response: reservationResponse,
    },
    async ({ params, query, req, res }) => {
      const { r, event } = await reservationByOrder(params.code);
      const kind = query.kind;
      const max = MATERIAL_MAX_BYTES[kind];
      const tooLarge = () => new HttpError(413, m.materialTooLarge(max / (1024 * 1024)), 'MATERIAL_TOO_LARGE');
      const file = await readFile(materialUpload, req, res, tooLarge, () => new HttpError(400, m.materialMissing, 'MATERIAL_MISSING'));
      if (file.size > max) throw tooLarge();
      const type = sniffMaterial(kind, file.buffer);
      if (!type) throw new HttpError(400, m.materialType[kind], 'MATERIAL_TYPE');
      if (r.status !== 'sold') throw new HttpError(409, m.notPaid, 'NOT_PAID');
      const stored = await storageFor(ctx.config.dataDir).put(`exhibitor/${event.id}/stands/${r.reservationId}/${kind}-${ctx.newId()}.${type.ext}`, file.buffer, type.type);
      const done = await addStandMaterial(ctx, { eventId: event.id, reservationId: r.reservationId, material: { kind, url: stored.url, fileName: safeName(file.originalname), size: file.size } });
      return { data: reservationDto(done.state, done.state.reservations[r.reservationId]!, event), position: done.position };
    },
  );
}
