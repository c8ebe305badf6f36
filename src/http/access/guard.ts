/**
 * The access module's guard: one decision for every HTTP route and socket event that concerns an event, by
 * client (organizer), event, module, page and action, read from the access matrix (src/domain/access/matrix.ts)
 * and answered by ONE indexed query on the memberships read model (src/projections/access/queries.ts), never by
 * folding the event's stream.
 *
 * - the user must be signed in (401) and the event exist (404);
 * - the organizer (client) holds administrator in every module, collaborators their granted roles (a role held
 *   in one business-conference round or exhibitor company counts when the request names it); platform
 *   administrators may look (read actions) at any event;
 * - `client`, when given, must be the event's organizer (403); `headerEvent`, when given, must name the same
 *   event (id or code) (403);
 * - `module` narrows the roles to that module, `page` (with module) must be a page the role may open (403);
 * - the action must be granted (403); without an action, any role in the event (or module) will do.
 */
import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import {
  OWNER_ROLES,
  actionsFor,
  isModule,
  pageAllowed,
  type AccessAction,
  type AccessRole,
  type RolesByModule,
} from '../../domain/access/matrix.js';
import type { ModuleName } from '../../contracts/events.js';
import { messages } from '../../messages/es.js';
import { membershipInEvent } from '../../projections/access/queries.js';
import { HttpError } from '../errors.js';

export interface AccessQuery {
  /** Event id or eventCode. */
  event: string;
  client?: string;
  /** The `event` header: when present it must name the same event. */
  headerEvent?: string;
  module?: string;
  page?: string;
  action?: AccessAction;
  businessConference?: string;
  exhibitorCompany?: string;
}

export interface AccessGrant {
  eventId: string;
  clientId: string;
  eventCode: string;
  owner: boolean;
  roles: RolesByModule;
  actions: AccessAction[];
}

/** The spec's access headers of a request (all optional). */
export interface AccessHeaders {
  path?: string;
  client?: string;
  event?: string;
  module?: string;
  page?: string;
  businessConference?: string;
  exhibitorCompany?: string;
}

const clean = (v: string | string[] | undefined): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  if (!s || s === 'null' || s === 'undefined') return undefined;
  return s.slice(0, 300);
};

export function readAccessHeaders(req: Request): AccessHeaders {
  const h = req.headers;
  return {
    path: clean(h.path as string | undefined),
    client: clean(h.user as string | undefined),
    event: clean(h.event as string | undefined),
    module: clean(h.module as string | undefined),
    page: clean(h.page as string | undefined),
    businessConference: clean(h.businessconference as string | undefined),
    exhibitorCompany: clean(h.exhibitorcompany as string | undefined),
  };
}

const forbidden = (msg: string = messages.events.forbidden) => new HttpError(403, msg, 'FORBIDDEN');

/** The roles a membership row set gives for the request's scope (round / exhibitor company named or not). */
function rolesFrom(grants: { module: string; role: string; roundId: string | null; exhibitorCompanyId: string | null }[], q: AccessQuery): RolesByModule {
  const roles: RolesByModule = {};
  for (const g of grants) {
    if (!isModule(g.module)) continue;
    if (g.roundId !== null && g.roundId !== q.businessConference) continue;
    if (g.exhibitorCompanyId !== null && g.exhibitorCompanyId !== q.exhibitorCompany) continue;
    // An event-wide role wins over a narrower one of the same module.
    if (roles[g.module] && g.roundId === null && g.exhibitorCompanyId === null) roles[g.module] = g.role as AccessRole;
    else roles[g.module] ??= g.role as AccessRole;
  }
  return roles;
}

export async function authorize(ctx: Pick<AppContext, 'db'>, user: AuthUser | undefined, q: AccessQuery): Promise<AccessGrant> {
  if (!user) throw new HttpError(401);
  const m = await membershipInEvent(ctx.db, user._id, q.event);
  if (!m) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
  const owner = m.clientId === user._id;
  if (q.client && q.client !== m.clientId && !user.administrator) throw forbidden(messages.events.wrongClient);
  if (q.headerEvent && q.headerEvent !== m.eventId && q.headerEvent.toLowerCase() !== m.eventCode) throw forbidden();

  const roles = owner ? { ...OWNER_ROLES } : rolesFrom(m.grants, q);
  const module: ModuleName | undefined = isModule(q.module) ? q.module : undefined;
  if (module) {
    const role = roles[module];
    if (!role && !user.administrator) throw forbidden();
    if (role && q.page !== undefined && !pageAllowed(module, role, q.page)) throw forbidden();
  }
  const actions = actionsFor(roles, module, user.administrator);
  if (q.action ? !actions.includes(q.action) : actions.length === 0) throw forbidden();
  return { eventId: m.eventId, clientId: m.clientId, eventCode: m.eventCode, owner, roles, actions };
}

/** The guard with a request's access headers (client, event, module, page, round, exhibitor company). */
export function authorizeRequest(ctx: Pick<AppContext, 'db'>, req: Request, event: string, action?: AccessAction): Promise<AccessGrant> {
  const h = req.access ?? readAccessHeaders(req);
  return authorize(ctx, req.user, {
    event,
    action,
    client: h.client,
    headerEvent: h.event,
    module: h.module,
    page: h.page,
    businessConference: h.businessConference,
    exhibitorCompany: h.exhibitorCompany,
  });
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The spec's access headers of this request (all optional). */
    access?: AccessHeaders;
    /** What the route's `access` option granted (defineRoute). */
    accessGrant?: AccessGrant;
  }
}
