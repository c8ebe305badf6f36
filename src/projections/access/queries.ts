/** Queries over the access read model (src/projections/access/memberships.ts). The only readers of its tables. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EventStore } from '../../eventstore/port.js';
import { MODULES } from '../../contracts/events.js';
import { rolesOfModule } from '../../domain/access/matrix.js';
import { waitForPosition } from '../wait.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EventMembership {
  eventId: string;
  clientId: string;
  eventCode: string;
  /** The user's granted roles in the event (event-wide, round or exhibitor company), owner's excluded. */
  grants: { module: string; role: string; roundId: string | null; exhibitorCompanyId: string | null }[];
}

/**
 * The guard's one query: the event (by id or code) and the user's roles in it, by the primary key / code index and
 * the memberships' unique index. Null when the event is unknown.
 */
export async function membershipInEvent(db: Kysely<DB>, userId: string, eventIdOrCode: string): Promise<EventMembership | null> {
  const byId = UUID.test(eventIdOrCode);
  const rows = await db
    .selectFrom('access_events as e')
    .leftJoin('access_memberships as m', (j) => j.onRef('m.event_id', '=', 'e.event_id').on('m.user_id', '=', userId))
    .select(['e.event_id', 'e.client_id', 'e.event_code', 'm.module', 'm.role', 'm.round_id', 'm.exhibitor_company_id'])
    .where(byId ? 'e.event_id' : 'e.event_code', '=', eventIdOrCode.toLowerCase())
    .orderBy('e.created_at', 'desc')
    .execute();
  if (!rows.length) return null;
  const first = rows[0];
  const own = rows.filter((r) => r.event_id === first.event_id);
  return {
    eventId: first.event_id,
    clientId: first.client_id,
    eventCode: first.event_code,
    grants: own
      .filter((r) => r.module !== null && r.role !== null)
      .map((r) => ({ module: r.module!, role: r.role!, roundId: r.round_id, exhibitorCompanyId: r.exhibitor_company_id })),
  };
}

export interface MembershipRow {
  eventId: string;
  eventCode: string;
  eventName: string;
  published: boolean;
  cancelled: boolean;
  clientId: string;
  owner: boolean;
  /** Null for the owner's rows: administrator in every module. */
  module: string | null;
  role: string | null;
}

/** Every event a user owns or holds a role in (the owner's events once, with module null). */
export async function membershipsOf(db: Kysely<DB>, userId: string): Promise<MembershipRow[]> {
  const r = await sql<{
    event_id: string;
    event_code: string;
    event_name: string;
    published: boolean;
    cancelled: boolean;
    client_id: string;
    owner: boolean;
    module: string | null;
    role: string | null;
  }>`
    SELECT e.event_id, e.event_code, e.event_name, e.published, e.cancelled, e.client_id, true AS owner, NULL::text AS module, NULL::text AS role, e.created_at
      FROM access_events e WHERE e.client_id = ${userId}
    UNION ALL
    SELECT e.event_id, e.event_code, e.event_name, e.published, e.cancelled, e.client_id, false, m.module, m.role, e.created_at
      FROM access_memberships m JOIN access_events e ON e.event_id = m.event_id
     WHERE m.user_id = ${userId} AND e.client_id <> ${userId}
    ORDER BY created_at DESC, event_id`.execute(db);
  return r.rows.map((x) => ({
    eventId: x.event_id,
    eventCode: x.event_code,
    eventName: x.event_name,
    published: x.published,
    cancelled: x.cancelled,
    clientId: x.client_id,
    owner: x.owner,
    module: x.module,
    role: x.role,
  }));
}

/**
 * Read-your-writes for role changes: waits (bounded) until the memberships projection has passed `position`, so
 * a request right after a grant, a removal or a new event is answered by the rows that include it.
 */
export async function waitForMemberships(db: Kysely<DB>, store: EventStore, position: string | null | undefined, timeoutMs = 5000): Promise<boolean> {
  if (!position) return true;
  return waitForPosition(db, store, position, { projections: ['access.memberships'], timeoutMs });
}

/** The event of an e-mail invitation (pending, used or cancelled), for its link /confirm/invitation/{id}. */
export async function invitationEvent(db: Kysely<DB>, invitationId: string): Promise<string | null> {
  const row = await db.selectFrom('access_invitations').select('event_id').where('invitation_id', '=', invitationId).executeTakeFirst();
  return row?.event_id ?? null;
}

/**
 * Users who may see an event's store pages: its owner and everyone holding a role in its `store` module (the
 * sales module pushes order changes to them).
 */
export async function storeTeamOf(db: Kysely<DB>, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('access_events')
    .select('client_id as user_id')
    .where('event_id', '=', eventId)
    .union(db.selectFrom('access_memberships').select('user_id').where('event_id', '=', eventId).where('module', '=', 'store'))
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Users holding one of `roles` event-wide in a module of an event, plus its owner (administrator of every
 * module): the business conference's help desk (administrator and support) is pushed new help requests.
 */
export async function moduleTeamOf(db: Kysely<DB>, eventId: string, module: string, roles: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('access_events')
    .select('client_id as user_id')
    .where('event_id', '=', eventId)
    .union(
      db
        .selectFrom('access_memberships')
        .select('user_id')
        .where('event_id', '=', eventId)
        .where('module', '=', module)
        .where('role', 'in', [...roles])
        .where('round_id', 'is', null)
        .where('exhibitor_company_id', 'is', null),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * The organizer's team: users holding a team role (src/domain/access/matrix.ts, `team: true`) in any of the
 * organizer's events or at the organizer's level, without the organizer. The CRM's tasks are assigned to them.
 */
export async function clientTeamOf(db: Kysely<DB>, clientId: string): Promise<string[]> {
  const pairs = MODULES.flatMap((module) => rolesOfModule(module, { team: true }).map((role) => `${module}:${role}`));
  if (!pairs.length) return [];
  const rows = await db
    .selectFrom('access_memberships')
    .select('user_id')
    .distinct()
    .where('client_id', '=', clientId)
    .where('user_id', '<>', clientId)
    .where(sql<string>`module || ':' || role`, 'in', pairs)
    .execute();
  return rows.map((r) => r.user_id);
}
