/**
 * Authorization of every command and query of an event by client (organizer), event, module, page and action.
 *
 * The web client sends the spec's headers (path, user, event, module, page, businessconference,
 * exhibitorcompany). `accessHeaders` parses them into `req.access`; `authorizeEvent` then decides with the
 * permission matrix (src/domain/events/permissions.ts):
 * - the event must exist (404) and the user be signed in (401);
 * - roles come from the event's stream (exact right after a grant, no read-model lag): the owner holds
 *   administrator in every module, collaborators their granted roles; platform administrators may read;
 * - `user` header (the client in /module/{client}/...) must be the event's owner when present (403);
 * - `event` header, when present, must name the same event (id or eventCode) (403);
 * - `module` header narrows the roles to that module; `page` (with module) must be a page the role may open;
 * - the action must be granted (403).
 */
import type { RequestHandler, Request } from 'express';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { EventAction, ModuleName, RoleName } from '../../contracts/events.js';
import { rolesOf, type CreatedEvent } from '../../domain/events/event.js';
import { actionsFor, isModule, pageAllowed, type RolesByModule } from '../../domain/events/permissions.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../../commands/events/service.js';
import { findEvent } from '../../projections/events/queries.js';
import { HttpError } from '../errors.js';

export interface AccessHeaders {
  path?: string;
  client?: string;
  event?: string;
  module?: string;
  page?: string;
  businessConference?: string;
  exhibitorCompany?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The spec's access headers of this request (all optional). */
    access?: AccessHeaders;
  }
}

const clean = (v: string | string[] | undefined): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  if (!s || s === 'null' || s === 'undefined') return undefined;
  return s.slice(0, 300);
};

export function accessHeaders(): RequestHandler {
  return (req, _res, next) => {
    const h = req.headers;
    req.access = {
      path: clean(h.path as string | undefined),
      client: clean(h.user as string | undefined),
      event: clean(h.event as string | undefined),
      module: clean(h.module as string | undefined),
      page: clean(h.page as string | undefined),
      businessConference: clean(h.businessconference as string | undefined),
      exhibitorCompany: clean(h.exhibitorcompany as string | undefined),
    };
    next();
  };
}

/** What platform administrators may do on any event: look, never change. */
const ADMIN_READ: EventAction[] = ['event.read', 'ticket.read', 'paymentMethod.read', 'collaborator.read', 'history.read'];

export interface EventAccess {
  state: CreatedEvent;
  version: number;
  roles: RolesByModule;
  actions: EventAction[];
  owner: boolean;
}

export function requireUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401);
  return req.user;
}

/** Roles and actions of a user in an event (no headers involved). */
export function accessOf(state: CreatedEvent, user: AuthUser, module?: ModuleName): { roles: RolesByModule; actions: EventAction[] } {
  const roles = rolesOf(state, user._id);
  const actions = new Set(actionsFor(roles, module));
  if (user.administrator) ADMIN_READ.forEach((a) => actions.add(a));
  return { roles, actions: [...actions] };
}

export async function authorizeEvent(ctx: AppContext, req: Request, eventIdOrCode: string, action: EventAction): Promise<EventAccess> {
  return resolveEventAccess(ctx, requireUser(req), eventIdOrCode, req.access ?? {}, action);
}

/**
 * The decision itself, for headers or for validateRole's query. Without an action it only requires a role in
 * the event (or in the named module).
 */
export async function resolveEventAccess(
  ctx: AppContext,
  user: AuthUser,
  eventIdOrCode: string,
  h: AccessHeaders,
  action?: EventAction,
): Promise<EventAccess> {
  let eventId = eventIdOrCode;
  if (!/^[0-9a-f-]{36}$/i.test(eventIdOrCode)) {
    const row = await findEvent(ctx.db, eventIdOrCode);
    if (!row) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
    eventId = row.id;
  }
  const loaded = await loadEvent(ctx, eventId);
  if (!loaded) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
  const { state, version } = loaded;
  const forbidden = (msg: string = messages.events.forbidden) => new HttpError(403, msg, 'FORBIDDEN');

  if (h.client && h.client !== state.ownerId && !user.administrator) throw forbidden(messages.events.wrongClient);
  if (h.event && h.event !== state.id && h.event.toLowerCase() !== state.eventCode) throw forbidden();

  const module = isModule(h.module) ? h.module : undefined;
  const { roles, actions } = accessOf(state, user, module);
  if (module) {
    const role = roles[module] as RoleName | undefined;
    if (!role && !user.administrator) throw forbidden();
    if (role && h.page !== undefined && !pageAllowed(module, role, h.page)) throw forbidden();
  }
  if (action ? !actions.includes(action) : actions.length === 0) throw forbidden();
  return { state, version, roles, actions, owner: state.ownerId === user._id };
}
