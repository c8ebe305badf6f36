import { sql, type Kysely, type Selectable } from 'kysely';
import type { FieldDef, RoundDay, RoundDto, Slot } from '../../contracts/businessConference-rounds.js';
import { iso } from '../../db/dates.js';
import type { DB } from '../../db/schema.js';
import type { EventMembership } from '../access/queries.js';

/**
 * How other areas read business-conference rounds (bc_rounds, projection businessConference.rounds). Deleted
 * rounds are gone: every function answers null / leaves them out.
 */
type Row = Selectable<DB['bc_rounds']>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export function roundDto(r: Row): RoundDto {
  return {
    _id: r.id,
    eventId: r.event_id,
    code: r.code,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    timeZone: r.time_zone,
    meetingMinutes: r.meeting_minutes,
    days: json<RoundDay[]>(r.days),
    venue: r.venue as RoundDto['venue'],
    tables: r.tables,
    requestDeadline: iso(r.request_deadline),
    requestMode: r.request_mode as RoundDto['requestMode'],
    schedulingMode: r.scheduling_mode as RoundDto['schedulingMode'],
    maxRequestsPerParticipant: r.max_requests_per_participant,
    productDeadline: iso(r.product_deadline),
    offerFields: json<FieldDef[]>(r.offer_fields),
    demandFields: json<FieldDef[]>(r.demand_fields),
    catalogueFilter: json<string[]>(r.catalogue_filter),
    slots: json<Slot[]>(r.slots),
    version: r.version,
  };
}

/** A round by id, or null (unknown or deleted). */
export async function findRound(db: Kysely<DB>, roundId: string): Promise<RoundDto | null> {
  const r = await db.selectFrom('bc_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  return r ? roundDto(r) : null;
}

/** A round of an event by its BCCode (case-insensitive), or null. */
export async function roundByCode(db: Kysely<DB>, eventId: string, code: string): Promise<RoundDto | null> {
  const r = await db
    .selectFrom('bc_rounds')
    .selectAll()
    .where('event_id', '=', eventId)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  return r ? roundDto(r) : null;
}

/** The rounds of an event, by start date (then creation). */
export async function roundsOfEvent(db: Kysely<DB>, eventId: string): Promise<RoundDto[]> {
  const rows = await db.selectFrom('bc_rounds').selectAll().where('event_id', '=', eventId).orderBy('start_date').orderBy('created_at').orderBy('id').execute();
  return rows.map(roundDto);
}

/** Rounds by id (the ones that exist), in no particular order. */
export async function roundsByIds(db: Kysely<DB>, roundIds: string[]): Promise<RoundDto[]> {
  if (roundIds.length === 0) return [];
  const rows = await db.selectFrom('bc_rounds').selectAll().where('id', 'in', roundIds).orderBy('start_date').orderBy('created_at').execute();
  return rows.map(roundDto);
}

/**
 * The rounds of an event a caller may see, each with the caller's role in it: the team (owner, platform
 * administrator, an event-wide business-conference role) sees every round; a participant only the rounds they hold
 * a role in. Shared by businessConferencesByPermission and validateRole so both lists always agree.
 */
export async function roundsVisibleTo(
  db: Kysely<DB>,
  user: { _id: string; administrator: boolean },
  mem: EventMembership,
): Promise<(RoundDto & { role: string })[]> {
  const grants = mem.grants.filter((g) => g.module === 'businessConference');
  const teamRole = mem.clientId === user._id || user.administrator ? 'administrator' : grants.find((g) => g.roundId === null)?.role;
  if (teamRole) return (await roundsOfEvent(db, mem.eventId)).map((r) => ({ ...r, role: teamRole }));
  return (await roundsByIds(db, [...new Set(grants.filter((g) => g.roundId).map((g) => g.roundId!))]))
    .filter((r) => r.eventId === mem.eventId)
    .map((r) => ({ ...r, role: grants.find((g) => g.roundId === r._id)!.role }));
}
