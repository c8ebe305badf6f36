/**
 * Platform administration grids of people (Data Grid server mode): the accounts module's users, with the
 * figures of their events read from the events module's published view `events_by_owner`.
 */
import { sql, type Kysely } from 'kysely';
import type { GridQuery } from '../../contracts/events.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const isoReq = (v: Date | string): string => new Date(v).toISOString();

/** Users with their events' figures, from the events module's published view events_by_owner. */
const userEvents = sql`(SELECT u.id, u.display_name, u.email, u.administrator, u.email_verified, u.created_at,
    coalesce(o.events, 0) AS events, coalesce(o.published_events, 0) AS published_events, o.last_event_at
  FROM users u LEFT JOIN events_by_owner o ON o.owner_id = u.id) AS x`;

export async function adminUsers(db: Kysely<DB>, q: GridQuery) {
  const columns: Record<string, GridColumn> = {
    displayName: { expr: sql`x.display_name`, type: 'text' },
    email: { expr: sql`x.email`, type: 'text' },
    administrator: { expr: sql`x.administrator`, type: 'boolean' },
    emailVerified: { expr: sql`x.email_verified`, type: 'boolean' },
    createdAt: { expr: sql`x.created_at`, type: 'date' },
    events: { expr: sql`x.events`, type: 'number' },
  };
  const res = await gridQuery<{ id: string; display_name: string; email: string; administrator: boolean; email_verified: boolean; created_at: Date; events: number }>(
    db,
    userEvents,
    columns,
    sql`x.id, x.display_name, x.email, x.administrator, x.email_verified, x.created_at, x.events`,
    q,
    'createdAt',
  );
  return {
    rows: res.rows.map((r) => ({
      id: r.id,
      displayName: r.display_name,
      email: r.email,
      administrator: r.administrator,
      emailVerified: r.email_verified,
      createdAt: isoReq(r.created_at),
      events: r.events,
    })),
    rowCount: res.rowCount,
  };
}

export async function adminOrganizers(db: Kysely<DB>, q: GridQuery) {
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
    events: number;
    published_events: number;
    last_event_at: Date | null;
    created_at: Date;
  }>(db, organizers, columns, sql`o.id, o.display_name, o.email, o.events, o.published_events, o.last_event_at, o.created_at`, q, 'lastEventAt');
  return {
    rows: res.rows.map((r) => ({
      id: r.id,
      displayName: r.display_name,
      email: r.email,
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
