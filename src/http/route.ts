import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import type { AuthUser } from '../contracts/accounts.js';
import type { AppContext } from '../context.js';
import { waitForPosition } from '../projections/wait.js';
import { messages } from '../messages/es.js';
import { HttpError, toErrorBody } from './errors.js';
import type { AccessAction } from '../domain/access/matrix.js';
import { authorizeRequest, type AccessGrant } from './access/guard.js';
import { rawJsonBody } from './json-body.js';

export type AuthLevel = 'none' | 'optional' | 'user' | 'admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: Method;
  /** Express path below /api/v2, e.g. `/event/:id`. */
  path: string;
  summary: string;
  tag: string;
  auth: AuthLevel;
  params?: P;
  query?: Q;
  body?: B;
  /** Documented success body. */
  response?: z.ZodType;
  successStatus?: number;
  /**
   * Authorization by the access module's guard (src/http/access/guard.ts) before the handler: the action the route
   * needs and where the event (id or code) is found, e.g. `{ action: 'ticket.manage', event: (i) => i.params.id }`.
   * The spec's access headers (client, event, module, page...) narrow it. The grant reaches the handler as `access`.
   */
  access?: RouteAccess<z.infer<P>, z.infer<Q>>;
}

export interface RouteAccess<P = any, Q = any> {
  action?: AccessAction;
  event: (input: { params: P; query: Q; req: Request }) => string | undefined;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  user: AuthUser | undefined;
  req: Request;
  res: Response;
  /** What the route's `access` option granted (set only on routes that declare it). */
  access: AccessGrant;
}

/** Everything registered, for the OpenAPI document. */
export const routeRegistry: RouteDef<z.ZodType, z.ZodType, z.ZodType>[] = [];

/**
 * Declares one API route: zod validation of params, query and body (400 from the catalogue on failure),
 * authentication level, read-your-writes (`after=<position>` on GETs), Idempotency-Key replay on writes, and
 * an entry in the OpenAPI document. The handler returns the body to send (or sends itself and returns
 * undefined).
 */
export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, string>>,
  Q extends z.ZodType = z.ZodType<Record<string, unknown>>,
  B extends z.ZodType = z.ZodType<unknown>,
>(
  router: Router,
  ctx: AppContext,
  def: RouteDef<P, Q, B>,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>,
): void {
  routeRegistry.push(def as never);
  router[def.method](def.path, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const user = req.user;
      if ((def.auth === 'user' || def.auth === 'admin') && !user) throw new HttpError(401);
      if (def.auth === 'admin' && !user?.administrator) throw new HttpError(403);

      const { after, ...rawQuery } = req.query as Record<string, unknown>;
      const params = def.params ? def.params.parse(req.params) : req.params;
      const query = def.query ? def.query.parse(rawQuery) : rawQuery;

      if (def.method === 'get' && typeof after === 'string' && /^[\w:.-]{1,80}$/.test(after)) {
        await waitForPosition(ctx.db, ctx.store, after, { timeoutMs: ctx.config.readAfterTimeoutMs });
      }

      let access: AccessGrant | undefined;
      if (def.access) {
        const event = def.access.event({ params, query, req } as never);
        if (!user) throw new HttpError(401);
        if (!event) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
        access = req.accessGrant = await authorizeRequest(ctx, req, event, def.access.action);
      }
      // The body is checked after authorization: who may not act learns nothing from its validation.
      const body = def.body ? def.body.parse(req.body ?? {}) : req.body;

      const idemKey = def.method !== 'get' ? req.get('Idempotency-Key') : undefined;
      if (idemKey && user) {
        const replay = await claimIdempotencyKey(ctx, user._id, idemKey, req);
        if (replay) {
          res.status(replay.status).json(replay.body);
          return;
        }
      }
      try {
        const result = await handler({ params, query, body, user, req, res, access } as never);
        const status = def.successStatus ?? 200;
        if (idemKey && user) await storeIdempotentResponse(ctx, user._id, idemKey, status, result);
        if (result !== undefined && !res.headersSent) res.status(status).json(result);
      } catch (err) {
        if (idemKey && user) await releaseIdempotencyKey(ctx, user._id, idemKey);
        throw err;
      }
    } catch (err) {
      next(err);
    }
  });
}

async function claimIdempotencyKey(ctx: AppContext, userId: string, key: string, req: Request) {
  if (key.length > 200) throw new HttpError(400);
  const path = req.originalUrl.slice(0, 500);
  // The key answers only the request it was first used with (same method, path and body). The body is hashed
  // as the bytes received, never re-serialised: walking a hostile parsed body overflowed the stack (500).
  const requestHash = createHash('sha256')
    .update(`${req.method} ${path}\n`)
    .update(rawJsonBody(req) ?? '')
    .digest('base64url');
  const inserted = await ctx.db
    .insertInto('http_idempotency')
    .values({ key, user_id: userId, method: req.method, path, request_hash: requestHash })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return null;
  const prior = await ctx.db
    .selectFrom('http_idempotency')
    .select(['status', 'body', 'method', 'path', 'request_hash'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (prior && (prior.method !== req.method || prior.path !== path || (prior.request_hash !== null && prior.request_hash !== requestHash))) {
    throw new HttpError(409, messages.validation.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
  }
  if (!prior || prior.status === null) {
    // The first request with this key is still running.
    return { status: 409, body: toErrorBody(new HttpError(409)) };
  }
  return { status: prior.status, body: prior.body };
}

async function storeIdempotentResponse(ctx: AppContext, userId: string, key: string, status: number, body: unknown) {
  await ctx.db
    .updateTable('http_idempotency')
    .set({ status, body: JSON.stringify(body ?? null) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

async function releaseIdempotencyKey(ctx: AppContext, userId: string, key: string) {
  await ctx.db.deleteFrom('http_idempotency').where('user_id', '=', userId).where('key', '=', key).execute();
}
