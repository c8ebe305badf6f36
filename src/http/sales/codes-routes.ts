import type { Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  codeGridQuery,
  codeGridResponse,
  codeLinkParams,
  codeLinkResponse,
  codeParams,
  codeWriteResponse,
  companyRegistrationRequest,
  companyRegistrationResponse,
  createCodeRequest,
  eventCodeParams,
  eventParams,
  joinWaitlistRequest,
  joinWaitlistResponse,
  updateCodeRequest,
  validateCodeRequest,
  validateCodeResponse,
  waitlistResponse,
} from '../../contracts/sales-codes.js';
import { createCode, describeCodeForEvent, updateCode } from '../../commands/sales/codes.js';
import { registerCompany } from '../../commands/sales/company.js';
import { joinWaitlist } from '../../commands/sales/waitlist.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { codeByToken, codesGrid, findCode, waitlistOfEvent } from '../../projections/sales/codes-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

/**
 * Refused code look-ups per client IP (validateCode, codeLink) within a window: codes are short words an
 * organizer chose, so guessing them must be slow. Successful look-ups do not count (a buyer trying the right
 * code twice is no attack). Counters in Redis, shared by every API process; read at request time so tests can
 * tune them.
 */
export const codeGuessLimit = { windowMs: 15 * 60 * 1000, limit: 20 };

const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Refusals that count as a guess: the code or link does not exist or cannot be used. */
const GUESS_CODES = new Set(['UNKNOWN_CODE', 'CODE_NOT_YET_VALID', 'CODE_EXPIRED', 'CODE_EXHAUSTED', 'CODE_LINK_NOT_FOUND']);

/** The per-IP guard on refused codes; POST reservation with a code uses it too (a code there is a guess as well). */
export function codeGuessGuard(ctx: AppContext) {
  const key = (req: Request) => `${ctx.config.redisPrefix}:rl:codes.guess:${req.ip ?? 'unknown'}`;
  return {
    async check(req: Request) {
      const n = Number((await ctx.redis.get(key(req))) ?? 0);
      if (n >= codeGuessLimit.limit) throw new HttpError(429, messages.codes.tooManyAttempts, 'TOO_MANY_CODE_ATTEMPTS');
    },
    async count(req: Request, err: unknown) {
      if (err instanceof DomainError && GUESS_CODES.has(err.code)) await ctx.redis.eval(INCREMENT, 1, key(req), String(codeGuessLimit.windowMs));
    },
  };
}

/**
 * Routes of the store's codes area (issue 20): the organizer's discount and invitation codes (manage/codes), a
 * code checked by a buyer, a shared code link, company registrations and the waiting list.
 */
export function registerCodesRoutes(router: Router, ctx: AppContext) {
  const guesses = codeGuessGuard(ctx);
  /** A code's write answers the code as the projection has it once the write is applied. */
  const codeWritten = async (eventId: string, codeId: string, position: string | null) => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
    return { data: (await findCode(ctx.db, eventId, codeId))!, position };
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/codes',
      summary: 'Códigos de descuento e invitación del evento con sus usos (paginado, orden y filtro en el servidor)',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      query: codeGridQuery,
      response: codeGridResponse,
      access: { action: 'ticket.manage', event: (i) => i.params.id },
    },
    async ({ params, query }) => codesGrid(ctx.db, params.id, query),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:id/codes',
      summary: 'Crea un código de descuento o de invitación (el clientId es su id: un reintento responde el mismo código)',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      body: createCodeRequest,
      response: codeWriteResponse,
      successStatus: 201,
      access: { action: 'ticket.manage', event: (i) => i.params.id },
    },
    async ({ params, body, user }) => {
      const { code, position } = await createCode(ctx, { eventId: params.id, body, userId: user!._id });
      return codeWritten(params.id, code.codeId, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/event/:id/codes/:codeId',
      summary: 'Cambia un código (descuento, tipos de entrada, límite de usos, vigencia, activo); el texto y la clase no cambian',
      tag: 'sales',
      auth: 'user',
      params: codeParams,
      body: updateCodeRequest,
      response: codeWriteResponse,
      access: { action: 'ticket.manage', event: (i) => i.params.id },
    },
    async ({ params, body, user }) => {
      if (!(await findCode(ctx.db, params.id, params.codeId))) throw new NotFoundError('CODE_NOT_FOUND', messages.codes.codeNotFound);
      const { position } = await updateCode(ctx, { eventId: params.id, codeId: params.codeId, body, userId: user!._id });
      return codeWritten(params.id, params.codeId, position);
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/validateCode',
      summary: 'Qué hace un código en un evento (o por qué no sirve); limitado por IP contra adivinanzas',
      tag: 'sales',
      auth: 'optional',
      body: validateCodeRequest,
      response: validateCodeResponse,
    },
    async ({ body, req }) => {
      await guesses.check(req);
      try {
        const { data } = await describeCodeForEvent(ctx, body);
        return { data };
      } catch (err) {
        await guesses.count(req, err);
        throw err;
      }
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/codeLink/:token',
      summary: 'El evento y el código de un enlace compartido (/validateCode/{token})',
      tag: 'sales',
      auth: 'optional',
      params: codeLinkParams,
      response: codeLinkResponse,
    },
    async ({ params, req }) => {
      await guesses.check(req);
      try {
        const found = await codeByToken(ctx.db, params.token);
        if (!found) throw new NotFoundError('CODE_LINK_NOT_FOUND', messages.codes.linkNotFound);
        const { eventId, eventCode, eventName, data } = await describeCodeForEvent(ctx, { eventId: found.eventId, code: found.code });
        return { data: { ...data, eventId, eventCode, eventName } };
      } catch (err) {
        await guesses.count(req, err);
        throw err;
      }
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:code/company',
      summary: 'Una empresa (RUC) reserva varias entradas en un pedido; nombra a los asistentes después',
      tag: 'sales',
      // Signed in: the order is the contact's, who names each ticket later from /mytickets/{order}.
      auth: 'user',
      params: eventCodeParams,
      body: companyRegistrationRequest,
      response: companyRegistrationResponse,
      successStatus: 201,
    },
    async ({ params, body, user }) => registerCompany(ctx, { eventCode: params.code, body, userId: user!._id }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/event/:code/waitlist',
      summary: 'Se inscribe en la lista de espera de un tipo de entrada agotado, para un grupo (el clientId es la inscripción)',
      tag: 'sales',
      auth: 'optional',
      params: eventCodeParams,
      body: joinWaitlistRequest,
      response: joinWaitlistResponse,
      successStatus: 201,
    },
    async ({ params, body, user }) => {
      const { entry, position } = await joinWaitlist(ctx, { eventCode: params.code, body, userId: user?._id ?? null });
      return { data: { _id: entry.entryId, position: entry.position, quantity: entry.quantity, ticketTypeName: entry.ticketTypeName }, position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/event/:id/waitlist',
      summary: 'La lista de espera del evento: posiciones y estados (en espera, ofertada, comprada, vencida)',
      tag: 'sales',
      auth: 'user',
      params: eventParams,
      response: waitlistResponse,
      access: { action: 'order.read', event: (i) => i.params.id },
    },
    async ({ params }) => ({ data: await waitlistOfEvent(ctx.db, params.id) }),
  );
}
