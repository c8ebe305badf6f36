/**
 * Platform administration of people (Data Grid server mode): the accounts module's users, with the figures of
 * their events read from the events module's published view `events_by_owner`, and the audit trail of the
 * administrators' actions (`accounts.admin-audit`).
 */
import { sql, type Kysely } from 'kysely';
import type { AdminGridQuery } from '../../contracts/admin.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';
import { iso, isoReq } from '../../db/dates.js';


/** Users with their events' figures, from the events module's published view events_by_owner. */
const userEvents = sql`(SELECT u.id, u.display_name, u.email, u.administrator, u.suspended, u.email_verified, u.created_at,
    coalesce(o.events, 0) AS events, coalesce(o.published_events, 0) AS published_events, o.last_event_at
  FROM users u LEFT JOIN events_by_owner o ON o.owner_id = u.id) AS x`;

type UserRow = { id: string; display_name: string; email: string; administrator: boolean; suspended: boolean; email_verified: boolean; created_at: Date };

const userDto = (r: UserRow) => ({
  id: r.id,
  displayName: r.display_name,
  email: r.email,
  administrator: r.administrator,
  suspended: r.suspended,
  emailVerified: r.email_verified,
  createdAt: isoReq(r.created_at),
});

export async function adminUsers(db: Kysely<DB>, q: AdminGridQuery) {
  const columns: Record<string, GridColumn> = {
    displayName: { expr: sql`x.display_name`, type: 'text' },
    email: { expr: sql`x.email`, type: 'text' },
    administrator: { expr: sql`x.administrator`, type: 'boolean' },
    suspended: { expr: sql`x.suspended`, type: 'boolean' },
    emailVerified: { expr: sql`x.email_verified`, type: 'boolean' },
    createdAt: { expr: sql`x.created_at`, type: 'date' },
    events: { expr: sql`x.events`, type: 'number' },
  };
  const res = await gridQuery<UserRow & { events: number }>(
    db,
    userEvents,
    columns,
    sql`x.id, x.display_name, x.email, x.administrator, x.suspended, x.email_verified, x.created_at, x.events`,
    q,
    'createdAt',
    { value: q.search, columns: [sql`x.display_name`, sql`x.email`] },
  );
  return { rows: res.rows.map((r) => ({ ...userDto(r), events: r.events })), rowCount: res.rowCount };
}

export async function adminOrganizers(db: Kysely<DB>, q: AdminGridQuery) {
  const organizers = sql`(SELECT * FROM ${userEvents} WHERE x.events > 0) AS o`;
  const columns: Record<string, GridColumn> = {
    displayName: { expr: sql`o.display_name`, type: 'text' },
    email: { expr: sql`o.email`, type: 'text' },
    events: { expr: sql`o.events`, type: 'number' },
    publishedEvents: { expr: sql`o.published_events`, type: 'number' },
    lastEventAt: { expr: sql`o.last_event_at`, type: 'date' },
    createdAt: { expr: sql`o.created_at`, type: 'date' },
  };
  const res = await gridQuery<{
    id: string;
    display_name: string;
    email: string;
    suspended: boolean;
    events: number;
    published_events: number;
    last_event_at: Date | null;
    created_at: Date;
  }>(
    db,
    organizers,
    columns,
    sql`o.id, o.display_name, o.email, o.suspended, o.events, o.published_events, o.last_event_at, o.created_at`,
    q,
    'lastEventAt',
    { value: q.search, columns: [sql`o.display_name`, sql`o.email`] },
  );
  return {
    rows: res.rows.map((r) => ({
      id: r.id,
      displayName: r.display_name,
      email: r.email,
      suspended: r.suspended,
      events: r.events,
      publishedEvents: r.published_events,
      lastEventAt: iso(r.last_event_at),
      createdAt: isoReq(r.created_at),
    })),
    rowCount: res.rowCount,
  };
}

/** Every account, for the platform dashboard. */
export async function countUsers(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(db);
  return Number(r.rows[0].n);
}

/** Platform administrators of the read model (the last-administrator guard of RevokeAdministrator). */
export async function countAdministrators(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('administrator', '=', true).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One account as the administration shows it (null when unknown or deleted). */
export async function adminUser(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'display_name', 'email', 'administrator', 'suspended', 'email_verified', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? userDto(row as UserRow) : null;
}

/** The administrators' actions on an account, newest first, with the acting administrator's current name. */
export async function adminActivity(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom('account_admin_audit as a')
    .leftJoin('users as by', 'by.id', 'a.by_user_id')
    .select(['a.id', 'a.action', 'a.at', 'a.by_user_id', 'by.display_name as by_name'])
    .where('a.user_id', '=', userId)
    .orderBy('a.at', 'desc')
    .orderBy('a.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    at: isoReq(r.at),
    by: r.by_user_id && r.by_name !== null ? { id: r.by_user_id, displayName: r.by_name } : null,
  }));
}
