import type { Request, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  catalogueQuery,
  decisionRequest,
  participantIdParams,
  participantsListQuery,
  productIdParams,
  productRequest,
  registerParticipantRequest,
  roundIdParams,
  updateParticipantRequest,
  type ParticipantDto,
} from '../../contracts/businessConference-participants.js';
import { registerParticipant, updateParticipantProfile } from '../../commands/businessConference/participant-register.js';
import { decideParticipant } from '../../commands/businessConference/participant-decide.js';
import { addProduct, removeProduct, updateProduct } from '../../commands/businessConference/product-manage.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { waitForMemberships } from '../../projections/access/queries.js';
import { findRound, roundByCode, roundsOfEvent } from '../../projections/businessConference/rounds-queries.js';
import {
  catalogueOfRound,
  companiesOfRound,
  findParticipant,
  participantOfUser,
  participantsOfRound,
  productCountsOfRound,
  productsOf,
  sectorsOfRound,
} from '../../projections/businessConference/participants-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { storageFor } from '../../storage/local.js';
import { HttpError } from '../errors.js';
import { sniffImage } from '../events/files.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const TAG = 'businessConference';
const m = messages.businessConference.participants;
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } }).single('image');

const dataResponse = z.object({ data: z.unknown(), position: z.string().nullable().optional() });

/**
 * Routes of the business conference's participants area: the public registration (signed-in user), the
 * participant's own profile and products, the organizer's review (approve / reject), the catalogue and the spec's
 * `offerParticipants`. Round-scoped calls go through authorizeRound: team roles pass for every round of their
 * event, participants only for the rounds they were approved in; a participant's own registration is theirs.
 */
export function registerParticipantsRoutes(router: Router, ctx: AppContext): void {
  /** The participant as the read model has it once the write at `position` is applied. */
  const written = async (participantId: string, position: string | null) => {
    if (position) await waitForPosition(ctx.db, ctx.store, position, { projections: ['businessConference.participants'] });
    const participant = await findParticipant(ctx.db, participantId);
    return { data: { participant, products: participant ? await productsOf(ctx.db, participantId) : [] }, position };
  };

  /** The caller's own participant (404 for anyone else: whether it exists is not theirs to know). */
  const ownParticipant = async (req: Request, participantId: string) => {
    const p = await findParticipant(ctx.db, participantId);
    if (!p || p.userId !== req.user?._id) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
    const round = await findRound(ctx.db, p.roundId);
    if (!round) throw new NotFoundError('ROUND_NOT_FOUND', m.roundNotFound);
    return { participant: p, round };
  };

  // ----- public registration ------------------------------------------------------------------------------
  /** The public registration's view of a round: enough to fill the form, nothing of its participants. */
  const publicRound = async (eventCode: string, code: string | undefined) => {
    const event = await findEvent(ctx.db, eventCode);
    // Without a BCCode (the spec's {BCCode?}) the event's first round by start date.
    const round = event ? (code ? await roundByCode(ctx.db, event.id, code) : ((await roundsOfEvent(ctx.db, event.id))[0] ?? null)) : null;
    if (!event || !round) throw new NotFoundError('ROUND_NOT_FOUND', m.roundNotFound);
    return {
      data: {
        event: { _id: event.id, eventCode: event.event_code, eventName: event.event_name },
        round: {
          _id: round._id,
          code: round.code,
          name: round.name,
          startDate: round.startDate,
          endDate: round.endDate,
          timeZone: round.timeZone,
          productDeadline: round.productDeadline,
          offerFields: round.offerFields,
          demandFields: round.demandFields,
        },
      },
    };
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/public/:eventCode/:code',
      summary: 'Rueda de negocios por código de evento y BCCode, para la página pública de registro (nombre, fechas, campos)',
      tag: TAG,
      auth: 'optional',
      params: z.object({ eventCode: z.string().min(1).max(80), code: z.string().min(1).max(80) }),
      response: dataResponse,
    },
    async ({ params }) => publicRound(params.eventCode, params.code),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/public/:eventCode',
      summary: 'La primera rueda de negocios del evento (registro sin BCCode), para la página pública de registro',
      tag: TAG,
      auth: 'optional',
      params: z.object({ eventCode: z.string().min(1).max(80) }),
      response: dataResponse,
    },
    async ({ params }) => publicRound(params.eventCode, undefined),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/myRegistration',
      summary: 'El registro del usuario en la rueda (null si no se registró) con sus productos: validate y las páginas del participante',
      tag: TAG,
      auth: 'user',
      params: roundIdParams,
      response: dataResponse,
    },
    async ({ params, user }) => {
      const round = await findRound(ctx.db, params.roundId);
      if (!round) throw new NotFoundError('ROUND_NOT_FOUND', m.roundNotFound);
      const participant = await participantOfUser(ctx.db, params.roundId, user!._id);
      return {
        data: {
          participant,
          products: participant ? await productsOf(ctx.db, participant._id) : [],
          round: { _id: round._id, code: round.code, eventId: round.eventId, name: round.name, productDeadline: round.productDeadline },
        },
      };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/register',
      summary: 'Registro en una rueda como ofertante, demandante o ambos (una vez por rueda; el clientId hace idempotente el reintento)',
      tag: TAG,
      auth: 'user',
      body: registerParticipantRequest,
      response: dataResponse,
      successStatus: 201,
    },
    async ({ body, user }) => {
      const event = await findEvent(ctx.db, body.eventCode);
      const round = event ? await roundByCode(ctx.db, event.id, body.code) : null;
      if (!event || !round) throw new NotFoundError('ROUND_NOT_FOUND', m.roundNotFound);
      const { participantId, position } = await registerParticipant(ctx, { round, user: user!, body });
      return written(participantId, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/participants/image',
      summary: 'Sube un logo o la imagen de un producto (multipart, campo image: JPEG, PNG o WebP, hasta 2 MB)',
      tag: TAG,
      auth: 'user',
      response: dataResponse,
      successStatus: 201,
    },
    async ({ req, res, user }) => {
      await new Promise<void>((resolve, reject) =>
        upload(req, res, (err: unknown) => {
          if (!err) return resolve();
          if (err instanceof multer.MulterError) {
            if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.imageTooLarge, 'IMAGE_TOO_LARGE'));
            return reject(new HttpError(400, m.imageMissing, err.code));
          }
          reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
        }),
      );
      const file = req.file;
      if (!file) throw new HttpError(400, m.imageMissing, 'IMAGE_MISSING');
      const kind = sniffImage(file.buffer);
      if (!kind) throw new HttpError(400, m.imageType, 'IMAGE_TYPE');
      const stored = await storageFor(ctx.config.dataDir).put(`bc-participants/${user!._id}/image-${ctx.newId()}.${kind.ext}`, file.buffer, kind.type);
      return { data: { url: stored.url } };
    },
  );

  // ----- the participant's own profile and products ----------------------------------------------------------
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/participant/:id',
      summary: 'Un participante con sus productos: el propio participante o el equipo del evento',
      tag: TAG,
      auth: 'user',
      params: participantIdParams,
      response: dataResponse,
    },
    async ({ params, req, user }) => {
      const p = await findParticipant(ctx.db, params.id);
      if (!p) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
      if (p.userId !== user!._id) await authorizeRound(ctx, req, p.roundId, 'event.read');
      return { data: { participant: p, products: await productsOf(ctx.db, p._id) } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/participant/:id',
      summary: 'El participante cambia su perfil: empresa, contacto y campos de la rueda',
      tag: TAG,
      auth: 'user',
      params: participantIdParams,
      body: updateParticipantRequest,
      response: dataResponse,
    },
    async ({ params, body, req, user }) => {
      const { participant, round } = await ownParticipant(req, params.id);
      const { position } = await updateParticipantProfile(ctx, { round, participantId: participant._id, type: participant.type, user: user!, body });
      return written(participant._id, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/participant/:id/products',
      summary: 'El ofertante agrega un producto (hasta la fecha límite de productos de la rueda)',
      tag: TAG,
      auth: 'user',
      params: participantIdParams,
      body: productRequest,
      response: dataResponse,
      successStatus: 201,
    },
    async ({ params, body, req, user }) => {
      const { participant, round } = await ownParticipant(req, params.id);
      const { position } = await addProduct(ctx, { participantId: participant._id, userId: user!._id, productDeadline: round.productDeadline, body });
      return written(participant._id, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/participant/:id/products/:productId',
      summary: 'El ofertante cambia un producto (hasta la fecha límite de productos)',
      tag: TAG,
      auth: 'user',
      params: productIdParams,
      body: productRequest,
      response: dataResponse,
    },
    async ({ params, body, req, user }) => {
      const { participant, round } = await ownParticipant(req, params.id);
      const { position } = await updateProduct(ctx, { participantId: participant._id, productId: params.productId, userId: user!._id, productDeadline: round.productDeadline, body });
      return written(participant._id, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'delete',
      path: '/businessConference/participant/:id/products/:productId',
      summary: 'El ofertante quita un producto (hasta la fecha límite de productos)',
      tag: TAG,
      auth: 'user',
      params: productIdParams,
      response: dataResponse,
    },
    async ({ params, req, user }) => {
      const { participant, round } = await ownParticipant(req, params.id);
      const { position } = await removeProduct(ctx, { participantId: participant._id, productId: params.productId, userId: user!._id, productDeadline: round.productDeadline });
      return written(participant._id, position);
    },
  );

  // ----- the organizer's review ------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/participants',
      summary: 'Participantes de la rueda (myOffer, myDemand), por tipo y estado: solo el equipo del evento',
      tag: TAG,
      auth: 'user',
      params: roundIdParams,
      query: participantsListQuery,
      response: dataResponse,
    },
    async ({ params, query, req }) => {
      await authorizeRound(ctx, req, params.roundId, 'event.read');
      const [list, counts] = await Promise.all([participantsOfRound(ctx.db, params.roundId, query), productCountsOfRound(ctx.db, params.roundId)]);
      return { data: list.map((p) => ({ ...p, productCount: counts.get(p._id) ?? 0 })) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/participant/:id/decision',
      summary: 'El organizador aprueba o rechaza a un participante (aprobar da acceso a la rueda y lo notifica)',
      tag: TAG,
      auth: 'user',
      params: participantIdParams,
      body: decisionRequest,
      response: dataResponse,
    },
    async ({ params, body, req, user }) => {
      const p = await findParticipant(ctx.db, params.id);
      if (!p) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
      await authorizeRound(ctx, req, p.roundId, 'participant.manage');
      const { position } = await decideParticipant(ctx, { participantId: p._id, userId: user!._id, body });
      // The role is the access read model's: answer once the participant may enter the round.
      await waitForMemberships(ctx.db, ctx.store, position);
      return written(p._id, position);
    },
  );

  // ----- the catalogue (team and the round's participants) ---------------------------------------------------
  const companyCards = async (req: Request, roundId: string, side: 'offer' | 'demand', q: z.infer<typeof catalogueQuery>) => {
    await authorizeRound(ctx, req, roundId);
    return companiesOfRound(ctx.db, roundId, side, q);
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/offerParticipants',
      summary: 'Ofertantes aprobados de la rueda (_businessConference): data.data es la lista',
      tag: TAG,
      auth: 'user',
      query: z.object({ _businessConference: z.string().min(1).max(100) }),
      response: dataResponse,
    },
    async ({ query, req }) => {
      const list = await companyCards(req, query._businessConference, 'offer', { search: '', filters: {} });
      return { data: list.map((c) => ({ _id: c.participantId, ...c })) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/companies/:side',
      summary: 'Empresas aprobadas de la rueda (ofertantes u demandantes) con los filtros del catálogo y búsqueda sin tildes',
      tag: TAG,
      auth: 'user',
      params: roundIdParams.extend({ side: z.enum(['offer', 'demand']) }),
      query: catalogueQuery,
      response: dataResponse,
    },
    async ({ params, query, req }) => ({ data: await companyCards(req, params.roundId, params.side, query) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/catalogue',
      summary: 'Catálogo de productos de los ofertantes aprobados, con los filtros de la rueda y búsqueda sin tildes',
      tag: TAG,
      auth: 'user',
      params: roundIdParams,
      query: catalogueQuery,
      response: dataResponse,
    },
    async ({ params, query, req }) => {
      await authorizeRound(ctx, req, params.roundId);
      const [products, sectors] = await Promise.all([catalogueOfRound(ctx.db, params.roundId, query), sectorsOfRound(ctx.db, params.roundId)]);
      return { data: { products, sectors } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/company/:participantId',
      summary: 'Ficha pública de una empresa aprobada de la rueda con sus productos (sin correo ni teléfono)',
      tag: TAG,
      auth: 'user',
      params: roundIdParams.extend({ participantId: z.string().min(1).max(100) }),
      response: dataResponse,
    },
    async ({ params, req }) => {
      await authorizeRound(ctx, req, params.roundId);
      const p = await findParticipant(ctx.db, params.participantId);
      if (!p || p.roundId !== params.roundId || p.status !== 'approved') throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
      return { data: { company: publicCard(p), products: await productsOf(ctx.db, p._id) } };
    },
  );
}

/** A participant as other participants see them: no e-mail, phone or user id (a RUC is public in Peru). */
function publicCard(p: ParticipantDto) {
  return { participantId: p._id, type: p.type, company: p.company, contactName: p.contactName, fields: p.fields };
}
