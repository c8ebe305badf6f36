import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { changeCatalogueFilter, changeRound, changeRoundFields, createRound, deleteRound, earlierDelete } from '../../commands/businessConference/round-manage.js';
import {
  createRoundRequest,
  deleteRoundRequest,
  eventRoundsParams,
  roundFieldsParams,
  roundParams,
  roundResponse,
  roundsResponse,
  updateCatalogueFilterRequest,
  updateFieldsRequest,
  updateRoundRequest,
  type RoundSummaryDto,
} from '../../contracts/businessConference-rounds.js';
import { roundDtoOf } from '../../domain/businessConference/round.js';
import { messages } from '../../messages/es.js';
import { membershipInEvent } from '../../projections/access/queries.js';
import { roundsOfEvent, roundsVisibleTo } from '../../projections/businessConference/rounds-queries.js';
import { participantsOfRound } from '../../projections/businessConference/participants-queries.js';
import { meetingsOfRound } from '../../projections/businessConference/meetings-queries.js';
import { readAccessHeaders } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const TAG = 'businessConference';

/**
 * Routes of the business conference's rounds: the team reads the rounds of its event (meeting.read), the
 * administrator and production configure them (meeting.manage: settings/businessConference, offer and demand
 * fields, catalogue filter); businessConferencesByPermission lists the rounds a caller may see (the toolbar's
 * round selector), participants included.
 */
export function registerRoundsRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConferencesByPermission',
      summary: 'Ruedas de negocios del evento que el usuario puede ver (equipo: todas; participantes: aquellas en que tienen un rol)',
      tag: TAG,
      auth: 'user',
      query: z.object({ event: z.string().max(100).optional() }),
      response: z.object({ data: z.object({ data: z.unknown() }) }),
    },
    async ({ query, req, user }) => {
      const event = query.event ?? readAccessHeaders(req).event;
      if (!event) throw new HttpError(400, messages.businessConference.rounds.eventNotFound, 'EVENT_REQUIRED');
      const mem = await membershipInEvent(ctx.db, user!._id, event);
      if (!mem) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
      // Each round carries the caller's role in it: the web redirects a participant whose role in the chosen
      // round does not open the page shown (spec 4, round switching).
      const rounds = await roundsVisibleTo(ctx.db, user!, mem);
      return { data: { data: rounds } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/businessConferences',
      summary: 'Ruedas de negocios del evento (equipo de la rueda), por fecha de inicio',
      tag: TAG,
      auth: 'user',
      params: eventRoundsParams,
      response: roundsResponse,
      access: { action: 'meeting.read', event: (i) => i.params.eventId },
    },
    async ({ access }) => ({ data: await roundsOfEvent(ctx.db, access.eventId) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:eventId/businessConferences/summary',
      summary: 'Cifras de cada rueda del evento para el Tablero (participantes por estado y tipo, reuniones por estado)',
      tag: TAG,
      auth: 'user',
      params: eventRoundsParams,
      response: roundsResponse,
      access: { action: 'meeting.read', event: (i) => i.params.eventId },
    },
    async ({ access }) => {
      const rounds = await roundsOfEvent(ctx.db, access.eventId);
      const data: RoundSummaryDto[] = await Promise.all(
        rounds.map(async (r) => {
          const [participants, meetings] = await Promise.all([participantsOfRound(ctx.db, r._id), meetingsOfRound(ctx.db, r._id)]);
          const count = <T>(list: T[], pick: (x: T) => boolean) => list.filter(pick).length;
          const approved = participants.filter((p) => p.status === 'approved');
          return {
            roundId: r._id,
            participants: {
              pending: count(participants, (p) => p.status === 'pending'),
              approved: approved.length,
              rejected: count(participants, (p) => p.status === 'rejected'),
              offer: count(approved, (p) => p.type === 'offer'),
              demand: count(approved, (p) => p.type === 'demand'),
              offerDemand: count(approved, (p) => p.type === 'offer_demand'),
            },
            meetings: {
              requested: count(meetings, (m) => m.status === 'requested'),
              accepted: count(meetings, (m) => m.status === 'accepted'),
              declined: count(meetings, (m) => m.status === 'declined'),
              expired: count(meetings, (m) => m.status === 'expired'),
              cancelled: count(meetings, (m) => m.status === 'cancelled'),
            },
          };
        }),
      );
      return { data };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:eventId/businessConferences',
      summary: 'Crea una rueda de negocios (clientId es su id: un reintento responde la misma rueda)',
      tag: TAG,
      auth: 'user',
      params: eventRoundsParams,
      body: createRoundRequest,
      response: roundResponse,
      successStatus: 201,
      access: { action: 'meeting.manage', event: (i) => i.params.eventId },
    },
    async ({ body, access, user }) => {
      const { clientId, ...round } = body;
      const r = await createRound(ctx, { eventId: access.eventId, round, clientId, by: user!._id });
      return { data: roundDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConferences/:roundId',
      summary: 'Una rueda de negocios (su equipo y sus participantes)',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      response: roundResponse,
    },
    async ({ params, req }) => {
      const { round } = await authorizeRound(ctx, req, params.roundId);
      return { data: round };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConferences/:roundId',
      summary: 'Guarda la configuración de la rueda (completa); expectedVersion es la versión editada: si otro la cambió, 409',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: updateRoundRequest,
      response: roundResponse,
    },
    async ({ params, body, req, user }) => {
      await authorizeRound(ctx, req, params.roundId, 'meeting.manage');
      const { clientId, expectedVersion, ...round } = body;
      const r = await changeRound(ctx, { roundId: params.roundId, round, expectedVersion, clientId, by: user!._id });
      return { data: roundDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConferences/:roundId/fields/:side',
      summary: 'Guarda los campos personalizados de ofertantes (offer) o demandantes (demand), en orden',
      tag: TAG,
      auth: 'user',
      params: roundFieldsParams,
      body: updateFieldsRequest,
      response: roundResponse,
    },
    async ({ params, body, req, user }) => {
      await authorizeRound(ctx, req, params.roundId, 'meeting.manage');
      const r = await changeRoundFields(ctx, { roundId: params.roundId, side: params.side, fields: body.fields, expectedVersion: body.expectedVersion, clientId: body.clientId, by: user!._id });
      return { data: roundDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConferences/:roundId/catalogueFilter',
      summary: 'Guarda qué campos (y el sector) filtran el catálogo de la rueda',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: updateCatalogueFilterRequest,
      response: roundResponse,
    },
    async ({ params, body, req, user }) => {
      await authorizeRound(ctx, req, params.roundId, 'meeting.manage');
      const r = await changeCatalogueFilter(ctx, { roundId: params.roundId, filter: body.filter, expectedVersion: body.expectedVersion, clientId: body.clientId, by: user!._id });
      return { data: roundDtoOf(r.state), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'delete',
      path: '/businessConferences/:roundId',
      summary: 'Elimina una rueda de negocios',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: deleteRoundRequest,
      response: z.object({ data: z.null(), position: z.string().nullable() }),
    },
    async ({ params, body, req, user }) => {
      const clientId = body?.clientId;
      try {
        await authorizeRound(ctx, req, params.roundId, 'meeting.manage');
      } catch (err) {
        // A retried delete finds the round gone: the first delete's answer, if this user made it.
        const earlier = clientId && err instanceof HttpError && err.status === 404 ? await earlierDelete(ctx, { roundId: params.roundId, clientId, by: user!._id }) : null;
        if (earlier) return { data: null, position: earlier.position };
        throw err;
      }
      // Participants' registrations, products and meetings hang on the round: it goes only while it has none.
      if ((await participantsOfRound(ctx.db, params.roundId)).length > 0) {
        throw new HttpError(409, messages.businessConference.rounds.hasParticipants, 'ROUND_HAS_PARTICIPANTS');
      }
      const r = await deleteRound(ctx, { roundId: params.roundId, clientId, by: user!._id });
      return { data: null, position: r.position };
    },
  );
}
