/**
 * Queries of the door over the sales read models: the ticket behind a scanned code (the scan's one lookup),
 * rooms with their counts, a ticket's passages, the door's search and the per-room lists. Other modules call
 * these (the store dashboard: `checkinsOverTime`, `checkinCounts`).
 */
import { sql, type Kysely } from 'kysely';
import type { DoorSearchRow, DoorTicket, RoomDto } from '../../contracts/sales-checkin.js';
import type { DB } from '../../db/schema.js';
import { iso, isoReq } from '../../db/dates.js';

type TicketRow = {
  id: string;
  code: string;
  event_id: string;
  order_id: string;
  ticket_type_id: string;
  ticket_type_name: string;
  attendee_name: string | null;
  attendee_email: string | null;
  status: string;
};
const TICKET_COLUMNS = ['t.id', 't.code', 't.event_id', 't.order_id', 't.ticket_type_id', 't.ticket_type_name', 't.attendee_name', 't.attendee_email', 't.status'] as const;

export const doorTicket = (r: TicketRow): DoorTicket => ({
  _id: r.id,
  code: r.code,
  eventId: r.event_id,
  orderId: r.order_id,
  ticketTypeId: r.ticket_type_id,
  ticketTypeName: r.ticket_type_name,
  attendeeName: r.attendee_name,
  attendeeEmail: r.attendee_email,
  status: r.status,
});

/** The scan's lookup: the ticket of a code, by the unique index on sales_tickets.code. */
export async function ticketForScan(db: Kysely<DB>, code: string): Promise<DoorTicket | null> {
  const r = await db.selectFrom('sales_tickets as t').select(TICKET_COLUMNS).where('t.code', '=', code).executeTakeFirst();
  return r ? doorTicket(r) : null;
}

/** A ticket by id (the door's buttons on a search result send its code; this is for the answers' names). */
export async function ticketById(db: Kysely<DB>, ticketId: string): Promise<DoorTicket | null> {
  const r = await db.selectFrom('sales_tickets as t').select(TICKET_COLUMNS).where('t.id', '=', ticketId).executeTakeFirst();
  return r ? doorTicket(r) : null;
}

const ticketTypeIds = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

/** One room of an event (for a room scan), or null. */
export async function roomForScan(db: Kysely<DB>, eventId: string, roomId: string): Promise<{ roomId: string; name: string; ticketTypeIds: string[] } | null> {
  const r = await db.selectFrom('sales_rooms').select(['id', 'name', 'ticket_type_ids']).where('id', '=', roomId).where('event_id', '=', eventId).executeTakeFirst();
  return r ? { roomId: r.id, name: r.name, ticketTypeIds: ticketTypeIds(r.ticket_type_ids) } : null;
}

/** Names of rooms by id (for answers and lists). */
export async function roomNames(db: Kysely<DB>, roomIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(roomIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('sales_rooms').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The event's rooms with who is in each now and their passages so far, by name. */
export async function roomsOfEvent(db: Kysely<DB>, eventId: string): Promise<RoomDto[]> {
  const rows = await db
    .selectFrom('sales_rooms as r')
    .select([
      'r.id',
      'r.event_id',
      'r.name',
      'r.capacity',
      'r.ticket_type_ids',
      'r.created_at',
      'r.updated_at',
      sql<number>`(SELECT count(*) FROM sales_checkins c WHERE c.room_id = r.id AND c.inside)::int`.as('inside'),
      sql<number>`(SELECT count(*) FROM sales_checkin_scans s WHERE s.room_id = r.id AND s.direction = 'in')::int`.as('entries'),
      sql<number>`(SELECT count(*) FROM sales_checkin_scans s WHERE s.room_id = r.id AND s.direction = 'out')::int`.as('exits'),
    ])
    .where('r.event_id', '=', eventId)
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    eventId: r.event_id,
    name: r.name,
    capacity: r.capacity,
    ticketTypeIds: ticketTypeIds(r.ticket_type_ids),
    inside: Number(r.inside),
    entries: Number(r.entries),
    exits: Number(r.exits),
    createdAt: isoReq(r.created_at),
    updatedAt: isoReq(r.updated_at),
  }));
}

/** A ticket's door state: inside or not, its room, counts, first admission and its latest passages. */
export async function doorStateOf(db: Kysely<DB>, ticketId: string) {
  const [state, scans] = await Promise.all([
    db
      .selectFrom('sales_checkins as c')
      .leftJoin('sales_rooms as r', 'r.id', 'c.room_id')
      .select(['c.inside', 'c.room_id', 'r.name as room_name', 'c.entries', 'c.exits', 'c.first_in_at'])
      .where('c.ticket_id', '=', ticketId)
      .executeTakeFirst(),
    db
      .selectFrom('sales_checkin_scans as s')
      .leftJoin('sales_rooms as r', 'r.id', 's.room_id')
      .select(['s.direction', 's.door', 'r.name as room_name', 's.room_id', 's.at'])
      .where('s.ticket_id', '=', ticketId)
      .orderBy('s.at', 'desc')
      .limit(10)
      .execute(),
  ]);
  return {
    inside: state?.inside ?? false,
    room: state?.room_id && state.inside ? { _id: state.room_id, name: state.room_name ?? '' } : null,
    entries: state?.entries ?? 0,
    exits: state?.exits ?? 0,
    firstAdmissionAt: iso(state?.first_in_at ?? null),
    lastScans: scans.map((s) => ({ direction: s.direction as 'in' | 'out', door: s.door, roomName: s.room_id ? (s.room_name ?? null) : null, at: isoReq(s.at) })),
  };
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The door's search within an event: attendee name or e-mail containing the text (case- and accent-blind), or
 * the exact code; with where each ticket is. Valid tickets first, then by name; at most `limit`.
 */
export async function searchDoorTickets(db: Kysely<DB>, eventId: string, q: string, limit = 30): Promise<DoorSearchRow[]> {
  const pattern = likePattern(q);
  const rows = await db
    .selectFrom('sales_tickets as t')
    .leftJoin('sales_checkins as c', 'c.ticket_id', 't.id')
    .leftJoin('sales_rooms as r', 'r.id', 'c.room_id')
    .select([...TICKET_COLUMNS, 'c.inside', 'c.room_id', 'r.name as room_name', 'c.last_in_at', 'c.last_out_at'])
    .where('t.event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb(sql`unaccent(coalesce(t.attendee_name, ''))`, 'ilike', sql`unaccent(${pattern})`),
        eb(sql`coalesce(t.attendee_email, '')`, 'ilike', pattern),
        eb('t.code', '=', q.toUpperCase()),
      ]),
    )
    .orderBy(sql`t.status = 'valid'`, 'desc')
    .orderBy('t.attendee_name')
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...doorTicket(r),
    inside: r.inside ?? false,
    roomName: r.inside && r.room_id ? (r.room_name ?? null) : null,
    lastInAt: iso(r.last_in_at ?? null),
    lastOutAt: iso(r.last_out_at ?? null),
  }));
}

/** Every ticket of an event with where it is, for the door's offline answers (one indexed scan of the event's tickets). */
export async function doorList(db: Kysely<DB>, eventId: string) {
  const rows = await db
    .selectFrom('sales_tickets as t')
    .leftJoin('sales_checkins as c', 'c.ticket_id', 't.id')
    .select(['t.code', 't.attendee_name', 't.ticket_type_name', 't.status', 'c.inside'])
    .where('t.event_id', '=', eventId)
    .execute();
  return rows.map((r) => ({ code: r.code, attendeeName: r.attendee_name, ticketTypeName: r.ticket_type_name, status: r.status, inside: r.inside ?? false }));
}

/** Valid tickets of an event, tickets inside now and tickets admitted at least once. */
export async function checkinCounts(db: Kysely<DB>, eventId: string): Promise<{ tickets: number; inside: number; admitted: number }> {
  const [t, c] = await Promise.all([
    db.selectFrom('sales_tickets').select(sql<number>`count(*)::int`.as('n')).where('event_id', '=', eventId).where('status', '=', 'valid').executeTakeFirst(),
    db
      .selectFrom('sales_checkins')
      .select([sql<number>`count(*) FILTER (WHERE inside)::int`.as('inside'), sql<number>`count(*)::int`.as('admitted')])
      .where('event_id', '=', eventId)
      .executeTakeFirst(),
  ]);
  return { tickets: Number(t?.n ?? 0), inside: Number(c?.inside ?? 0), admitted: Number(c?.admitted ?? 0) };
}

/** Venue admissions per time bucket (minutes) for the dashboard's chart: [{ at, admissions, exits }]. */
export async function checkinsOverTime(db: Kysely<DB>, eventId: string, bucketMinutes = 15): Promise<{ at: string; admissions: number; exits: number }[]> {
  const seconds = Math.max(1, Math.round(bucketMinutes)) * 60;
  const rows = await db
    .selectFrom('sales_checkin_scans')
    .select([
      sql<Date>`to_timestamp(floor(extract(epoch FROM at) / ${seconds}) * ${seconds})`.as('bucket'),
      sql<number>`count(*) FILTER (WHERE direction = 'in')::int`.as('admissions'),
      sql<number>`count(*) FILTER (WHERE direction = 'out')::int`.as('exits'),
    ])
    .where('event_id', '=', eventId)
    .where('room_id', 'is', null)
    .groupBy('bucket')
    .orderBy('bucket')
    .execute();
  return rows.map((r) => ({ at: isoReq(r.bucket), admissions: Number(r.admissions), exits: Number(r.exits) }));
}

/** Who is in a room now (with since when) and its latest passages (newest first). */
export async function roomAttendees(db: Kysely<DB>, roomId: string, scanLimit = 100) {
  const [inside, scans] = await Promise.all([
    db
      .selectFrom('sales_checkins as c')
      .innerJoin('sales_tickets as t', 't.id', 'c.ticket_id')
      .select([...TICKET_COLUMNS, 'c.last_in_at'])
      .where('c.room_id', '=', roomId)
      .where('c.inside', '=', true)
      .orderBy('t.attendee_name')
      .orderBy('t.id')
      .execute(),
    db
      .selectFrom('sales_checkin_scans as s')
      .innerJoin('sales_tickets as t', 't.id', 's.ticket_id')
      .select(['s.direction', 's.door', 's.at', 's.ticket_id', 't.attendee_name', 't.ticket_type_name'])
      .where('s.room_id', '=', roomId)
      .orderBy('s.at', 'desc')
      .limit(scanLimit)
      .execute(),
  ]);
  return {
    inside: inside.map((r) => ({ ...doorTicket(r), since: isoReq(r.last_in_at) })),
    scans: scans.map((s) => ({
      direction: s.direction as 'in' | 'out',
      door: s.door,
      at: isoReq(s.at),
      ticketId: s.ticket_id,
      attendeeName: s.attendee_name,
      ticketTypeName: s.ticket_type_name,
    })),
  };
}
