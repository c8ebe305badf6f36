import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AgendaDto, AgendaPlacementDto, PlacementDto, ScheduleSummaryDto } from '../../contracts/businessConference-agenda.js';

/** Reads of the agenda's tables (the only reader of bc_placements, bc_agendas and bc_unavailability). */

type PlacementRow = DB['bc_placements'];

const toPlacement = (r: Pick<PlacementRow, 'meeting_id' | 'round_id' | 'slot_id' | 'table_no' | 'room' | 'phase' | 'sequence'>): PlacementDto => ({
  meetingId: r.meeting_id,
  roundId: r.round_id,
  slotId: r.slot_id!,
  table: r.table_no,
  room: r.room,
  phase: r.phase === 'final' ? 'final' : 'preliminary',
  sequence: r.sequence,
});

const toAgendaPlacement = (r: PlacementRow): AgendaPlacementDto => ({
  ...toPlacement(r),
  offerParticipantId: r.offer_participant_id,
  demandParticipantId: r.demand_participant_id,
  pinned: r.pinned,
});

/** The round's placed meetings (unscheduled ones are left out). */
export async function placementsOfRound(db: Kysely<DB>, roundId: string): Promise<PlacementDto[]> {
  const rows = await db.selectFrom('bc_placements').selectAll().where('round_id', '=', roundId).where('slot_id', 'is not', null).execute();
  return rows.map(toPlacement);
}

/** One meeting's place, or null when it is not (or no longer) placed. */
export async function placementOf(db: Kysely<DB>, meetingId: string): Promise<PlacementDto | null> {
  const row = await db.selectFrom('bc_placements').selectAll().where('meeting_id', '=', meetingId).where('slot_id', 'is not', null).executeTakeFirst();
  return row ? toPlacement(row) : null;
}

/**
 * The current sequence of a meeting's place, placed or not (an unscheduled meeting keeps the count of its
 * changes, so an iCal SEQUENCE keeps growing after a cancel); null when it was never placed.
 */
export async function placementSequenceOf(db: Kysely<DB>, meetingId: string): Promise<number | null> {
  const row = await db.selectFrom('bc_placements').select('sequence').where('meeting_id', '=', meetingId).executeTakeFirst();
  return row ? row.sequence : null;
}

export async function placementsOfMeetings(db: Kysely<DB>, meetingIds: readonly string[]): Promise<PlacementDto[]> {
  if (meetingIds.length === 0) return [];
  const rows = await db
    .selectFrom('bc_placements')
    .selectAll()
    .where('meeting_id', 'in', [...meetingIds])
    .where('slot_id', 'is not', null)
    .execute();
  return rows.map(toPlacement);
}

/** A participant's placed meetings (either side). */
export async function placementsOfParticipant(db: Kysely<DB>, participantId: string): Promise<AgendaPlacementDto[]> {
  const rows = await db
    .selectFrom('bc_placements')
    .selectAll()
    .where((eb) => eb.or([eb('offer_participant_id', '=', participantId), eb('demand_participant_id', '=', participantId)]))
    .where('slot_id', 'is not', null)
    .execute();
  return rows.map(toAgendaPlacement);
}

const parseIds = (v: string[] | string): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : v);

/** The slot ids a participant marked as unavailable. */
export async function unavailableSlotsOf(db: Kysely<DB>, participantId: string): Promise<string[]> {
  const row = await db.selectFrom('bc_unavailability').select('slot_ids').where('participant_id', '=', participantId).executeTakeFirst();
  return row ? parseIds(row.slot_ids) : [];
}

/** Participant id -> unavailable slot ids, for every participant of the round who marked any. */
export async function unavailabilityOfRound(db: Kysely<DB>, roundId: string): Promise<Record<string, string[]>> {
  const rows = await db.selectFrom('bc_unavailability').select(['participant_id', 'slot_ids']).where('round_id', '=', roundId).execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) out[r.participant_id] = parseIds(r.slot_ids);
  return out;
}

/** The organizer's view of the round's agenda: state, every placement with its pair, the last run's summary. */
export async function agendaOfRound(db: Kysely<DB>, roundId: string): Promise<AgendaDto> {
  const [head, rows] = await Promise.all([
    db.selectFrom('bc_agendas').selectAll().where('round_id', '=', roundId).executeTakeFirst(),
    db.selectFrom('bc_placements').selectAll().where('round_id', '=', roundId).where('slot_id', 'is not', null).execute(),
  ]);
  const lastRun = head?.last_run ? ((typeof head.last_run === 'string' ? JSON.parse(head.last_run) : head.last_run) as ScheduleSummaryDto) : null;
  return {
    roundId,
    version: head?.version ?? -1,
    phase: head ? (head.phase as AgendaDto['phase']) : 'none',
    publishedAt: head?.published_at ? new Date(head.published_at).toISOString() : null,
    placements: rows.map(toAgendaPlacement),
    lastRun,
  };
}
