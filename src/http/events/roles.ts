/**
 * Menus and role validation (validateRole, permissions/{event}, modules/{userId}): answered from the same access
 * matrix and memberships read model as the guard, so a menu item is shown exactly when its page is allowed.
 */
import type { Request } from 'express';
import type { AppContext } from '../../context.js';
import { MODULE_LABELS, MODULES, type ModuleName } from '../../contracts/events.js';
import { eventDtoFromState } from '../../commands/events/dto.js';
import { OWNER_ROLES, actionsFor, isModule, pagesOf, permissionOf, type AccessRole, type RolesByModule } from '../../domain/access/matrix.js';
import { membershipInEvent, membershipsOf, type MembershipRow } from '../../projections/access/queries.js';
import { roundsVisibleTo } from '../../projections/businessConference/rounds-queries.js';
import { authorize } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { loadState, requireUser } from './access.js';
import { ticketSummary } from './information.js';

/** Words that stand for "no event" in permissions/{event} (the client sends the word event, or null). */
const NO_EVENT = new Set(['null', 'event', 'undefined', 'none']);
/** Administrator-level modules outside events (the reserved words of the module route) any user may open. */
const CLIENT_MODULES = ['create', 'editEvent', 'users', 'settings', 'contacts', 'mails'];

function modulePermissions(roles: RolesByModule) {
  return MODULES.filter((mod) => roles[mod]).map((mod) => {
    const role = roles[mod]!;
    return { module: mod, role, pages: pagesOf(mod, role), actions: actionsFor({ [mod]: role }) };
  });
}

/** One row per (event, module) the user holds: the owner's events in every module, the others' as granted. */
function byModule(rows: MembershipRow[]): { module: ModuleName; row: MembershipRow; role: AccessRole }[] {
  const out: { module: ModuleName; row: MembershipRow; role: AccessRole }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const held: [ModuleName, AccessRole][] = row.owner
      ? (Object.entries(OWNER_ROLES) as [ModuleName, AccessRole][])
      : isModule(row.module) && row.role
        ? [[row.module, row.role as AccessRole]]
        : [];
    for (const [module, role] of held) {
      const key = `${module}\u0000${row.eventId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ module, row, role });
    }
  }
  return out;
}

const eventOption = (r: MembershipRow) => ({ _id: r.eventId, eventCode: r.eventCode, eventName: r.eventName, published: r.published, cancelled: r.cancelled, ownerId: r.clientId });

/** Each event once, in the read model's order (newest first). */
function eventsOnce(rows: MembershipRow[]) {
  return [...new Map(rows.map((r) => [r.eventId, eventOption(r)])).values()];
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
  const h = req.access ?? {};
  const a = await authorize(ctx, user, { event, client: h.client, module: h.module, page: h.page, businessConference: h.businessConference, exhibitorCompany: h.exhibitorCompany });
  return {
    principal: null,
    data: modulePermissions(a.roles),
    data2: a.owner ? CLIENT_MODULES : [],
    global: { ...global, owner: a.owner, chat: a.owner || user.administrator },
  };
}

export async function validateRole(ctx: AppContext, req: Request, q: { client?: string; event?: string; module?: string; page?: string }) {
  const user = requireUser(req);
  const rows = await membershipsOf(ctx.db, user._id);
  const held = byModule(rows);
  const events = eventsOnce(rows);
  const modules = MODULES.filter((mod) => held.some((h) => h.module === mod)).map((mod) => ({ module: mod, label: MODULE_LABELS[mod] }));
  const module = isModule(q.module) ? q.module : undefined;
  if (q.module && !module && !CLIENT_MODULES.includes(q.module)) {
    throw new HttpError(403);
  }
  const empty = {
    modules,
    events: q.client ? events.filter((e) => e.ownerId === q.client || rows.some((r) => r.eventId === e._id)) : events,
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
  const h = req.access ?? {};
  const grant = await authorize(ctx, user, { event: q.event, client: q.client, module, page: q.page, businessConference: h.businessConference, exhibitorCompany: h.exhibitorCompany });
  const a = await loadState(ctx, grant);
  const { ticket, freeIncome } = ticketSummary(a.state);
  const role = module ? a.roles[module] : undefined;
  // The business conference's rounds the caller may see (the same list as businessConferencesByPermission); the
  // selected one is the round named by the businessconference header when visible, else the first.
  const mem = await membershipInEvent(ctx.db, user._id, grant.eventId);
  const rounds = mem ? (await roundsVisibleTo(ctx.db, user, mem)).map((r) => ({ _id: r._id, name: r.name, startDate: r.startDate, endDate: r.endDate })) : [];
  const chosen = rounds.find((r) => r._id === h.businessConference) ?? rounds[0] ?? null;
  return {
    data: {
      data: {
        ...empty,
        event: eventDtoFromState(a.state, a.version),
        businessConferences: rounds,
        businessConferenceObj: chosen ? { _id: chosen._id } : null,
        actions: a.actions,
        ticket,
        freeIncome,
        paymentOption: a.state.paymentMethods.length > 0,
        role: a.roles as Record<string, string>,
        pages: module && role ? pagesOf(module, role) : [],
        anyPage: !!(module && role && permissionOf(module, role)?.anyPage),
      },
    },
  };
}

/** GET modules/{userId}?fecthEvents=true: the modules the user holds a role in, each with its events once. */
export async function modulesOf(ctx: AppContext, req: Request, userId: string, withEvents: boolean) {
  const user = requireUser(req);
  if (userId !== user._id && !user.administrator) throw new HttpError(403);
  const rows = await membershipsOf(ctx.db, userId);
  const held = byModule(rows);
  const modules = MODULES.filter((mod) => held.some((h) => h.module === mod)).map((mod) => ({
    module: mod,
    label: MODULE_LABELS[mod],
    events: withEvents ? held.filter((h) => h.module === mod).map((h) => ({ ...eventOption(h.row), role: h.role })) : [],
  }));
  return { data: { modules, events: withEvents ? eventsOnce(rows) : [] } };
}
