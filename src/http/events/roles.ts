import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { MODULE_LABELS, MODULES, type ModuleName, type RoleName } from '../../contracts/events.js';
import { eventDtoFromState } from '../../commands/events/dto.js';
import { isModule, permissionOf } from '../../domain/events/permissions.js';
import { memberships } from '../../projections/events/queries.js';
import { HttpError } from '../errors.js';
import { requireUser, resolveEventAccess } from './access.js';
import { claimPendingInvitations } from './collaborators.js';
import { ticketSummary } from './information.js';

/** Words that stand for "no event" in permissions/{event} (the client sends the word event, or null). */
const NO_EVENT = new Set(['null', 'event', 'undefined', 'none']);
/** Administrator-level modules outside events (the reserved words of the module route) any user may open. */
const CLIENT_MODULES = ['create', 'editEvent', 'users', 'settings'];

function modulePermissions(roles: Partial<Record<ModuleName, RoleName>>) {
  return MODULES.filter((mod) => roles[mod]).map((mod) => {
    const role = roles[mod]!;
    const perm = permissionOf(mod, role);
    return { module: mod, role, pages: [...(perm?.pages ?? [])], actions: [...(perm?.actions ?? [])] };
  });
}

/**
 * GET permissions/{event}: `data` lists, per module the user holds a role in, its pages and actions;
 * `data2` the client-level modules; `principal` is the business-conference participant marker (null: that
 * module does not exist yet); `global` platform flags.
 */
export async function permissionsOf(ctx: AppContext, req: Request, event: string) {
  const user = requireUser(req);
  const global = { administrator: user.administrator, owner: false, developer: false, chat: user.administrator };
  if (NO_EVENT.has(event)) return { principal: null, data: [], data2: CLIENT_MODULES, global };
  const a = await resolveEventAccess(ctx, user, event, { ...req.access, event: undefined });
  return {
    principal: null,
    data: modulePermissions(a.roles),
    data2: a.owner ? CLIENT_MODULES : [],
    global: { ...global, owner: a.owner, chat: a.owner || user.administrator },
  };
}

export async function validateRole(ctx: AppContext, req: Request, q: { client?: string; event?: string; module?: string; page?: string }) {
  const user = requireUser(req);
  await claimPendingInvitations(ctx, user);
  const rows = await memberships(ctx.db, user._id);
  const events = [...new Map(rows.map((r) => [r.id, { _id: r.id, eventCode: r.event_code, eventName: r.event_name, published: r.published, ownerId: r.owner_id }])).values()];
  const modules = MODULES.filter((mod) => rows.some((r) => r.module === mod)).map((mod) => ({ module: mod, label: MODULE_LABELS[mod] }));
  const module = isModule(q.module) ? q.module : undefined;
  if (q.module && !module && !['create', 'editEvent', 'users', 'settings', 'contacts'].includes(q.module)) {
    throw new HttpError(403);
  }
  const empty = {
    modules,
    events: q.client ? events.filter((e) => e.ownerId === q.client || rows.some((r) => r.id === e._id)) : events,
    event: null,
    businessConferences: [],
    businessConferenceObj: null,
    exhibitorCompanys: [],
    exhibitorCompanyObj: null,
    actions: [],
    ticket: { quantity: 0, maximumPrice: 0, uses: 0 },
    freeIncome: false,
    paymentOption: false,
    role: {},
    pages: [],
    anyPage: false,
  };
  if (!q.event || NO_EVENT.has(q.event)) return { data: { data: empty } };
  const a = await resolveEventAccess(ctx, user, q.event, { client: q.client, module, page: q.page });
  const { ticket, freeIncome } = ticketSummary(a.state);
  const role = module ? a.roles[module] : undefined;
  return {
    data: {
      data: {
        ...empty,
        event: eventDtoFromState(a.state, a.version),
        actions: a.actions,
        ticket,
        freeIncome,
        paymentOption: a.state.paymentMethods.length > 0,
        role: a.roles as Record<string, string>,
        pages: module && role ? [...(permissionOf(module, role)?.pages ?? [])] : [],
        anyPage: !!(module && role && permissionOf(module, role)?.anyPage),
      },
    },
  };
}

/** GET modules/{userId}?fecthEvents=true: the modules the user holds a role in, each with its events. */
export async function modulesOf(ctx: AppContext, req: Request, userId: string, withEvents: boolean) {
  const user = requireUser(req);
  if (userId !== user._id && !user.administrator) throw new HttpError(403);
  if (userId === user._id) await claimPendingInvitations(ctx, user);
  const rows = await memberships(ctx.db, userId);
  const events = [...new Map(rows.map((r) => [r.id, { _id: r.id, eventCode: r.event_code, eventName: r.event_name, published: r.published, ownerId: r.owner_id }])).values()];
  const modules = MODULES.filter((mod) => rows.some((r) => r.module === mod)).map((mod) => ({
    module: mod,
    label: MODULE_LABELS[mod],
    events: withEvents
      ? rows
          .filter((r) => r.module === mod)
          .map((r) => ({ _id: r.id, eventCode: r.event_code, eventName: r.event_name, published: r.published, ownerId: r.owner_id, role: r.role as RoleName }))
      : [],
  }));
  return { data: { modules, events: withEvents ? events : [] } };
}
