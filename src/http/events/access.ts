/**
 * The events module's use of the access guard (src/http/access/guard.ts). Routes that only need permission
 * declare `access` in defineRoute (one query on the memberships read model); handlers that need the event's
 * state to answer or decide then call `loadState`, which reads it through the command path.
 */
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { CreatedEvent } from '../../domain/events/event.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../../commands/events/service.js';
import { readAccessHeaders, type AccessGrant, type AccessHeaders } from '../access/guard.js';
import { HttpError } from '../errors.js';

export type { AccessHeaders };

/** Parses the spec's access headers into `req.access` (used by routes that find the event in a header). */
export function accessHeaders(): RequestHandler {
  return (req, _res, next) => {
    req.access = readAccessHeaders(req);
    next();
  };
}

export interface EventAccess extends AccessGrant {
  state: CreatedEvent;
  version: number;
}

export function requireUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401);
  return req.user;
}

/** The event's state for a handler that needs it; 404 when its stream does not exist. */
export async function loadState(ctx: AppContext, grant: AccessGrant): Promise<EventAccess> {
  const loaded = await loadEvent(ctx, grant.eventId);
  if (!loaded) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
  return { ...grant, state: loaded.state, version: loaded.version };
}

