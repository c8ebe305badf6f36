import { sql, type Transaction } from 'kysely';
import { AGENDA_CHANGED } from '../../contracts/businessConference-agenda.js';
import type { DB } from '../../db/schema.js';
import type { AgendaEvent, PlacedItem } from '../../domain/businessConference/agenda.js';
import type { UnavailabilityEvent } from '../../domain/businessConference/agenda-unavailability.js';
import { defineProjection } from '../projection.js';
import { eventRoom } from '../../http/access/socket.js';
import { findRound } from './rounds-queries.js';

async function touchAgenda(trx: Transaction<DB>, roundId: string, version: number, at: string, set: { phase?: string; published_at?: string; last_run?: string } = {}) {
  await trx
    .insertInto('bc_agendas')
    .values({ round_id: roundId, version, phase: set.phase ?? 'preliminary', published_at: set.published_at ?? null, last_run: set.last_run ?? null, updated_at: at })
    .onConflict((oc) => oc.column('round_id').doUpdateSet({ version, updated_at: at, ...set }))
    .execute();
}

async function upsertPlacements(trx: Transaction<DB>, roundId: string, items: PlacedItem[], pinned: boolean, at: string) {
  if (items.length === 0) return;
  await trx
    .insertInto('bc_placements')
    .values(
      items.map((p) => ({
        meeting_id: p.meetingId,
        round_id: roundId,
        slot_id: p.slotId,
        table_no: p.table,
        room: p.room,
        phase: 'preliminary',
        sequence: 0,
        pinned,
        offer_participant_id: p.a,
        demand_participant_id: p.b,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.column('meeting_id').doUpdateSet((eb) => ({
        slot_id: eb.ref('excluded.slot_id'),
        table_no: eb.ref('excluded.table_no'),
        room: eb.ref('excluded.room'),
        phase: 'preliminary',
        pinned,
        sequence: sql<number>`bc_placements.sequence + 1`,
        updated_at: at,
      })),
    )
    .execute();
}

async function unschedule(trx: Transaction<DB>, meetingIds: string[], at: string) {
  if (meetingIds.length === 0) return;
  await trx
    .updateTable('bc_placements')
    .set({ slot_id: null, table_no: null, room: null, pinned: false, phase: 'preliminary', sequence: sql<number>`sequence + 1`, updated_at: at })
    .where('meeting_id', 'in', meetingIds)
    .where('slot_id', 'is not', null)
    .execute();
}

/**
 * `businessConference.agenda`: each meeting's place (bc_placements, one row per meeting ever placed, the slot
 * null while unscheduled), the round's agenda head (bc_agendas: stream revision, phase, last run) and the
 * participants' unavailable slots. Pushes `businessConference:agendaChanged` to the round's event room after commit.
 */
export const agendaPlacementsProjection = defineProjection<AgendaEvent | UnavailabilityEvent>({
  name: 'businessConference.agenda',
  eventTypes: [
    'businessConference.AgendaScheduled',
    'businessConference.MeetingsPlaced',
    'businessConference.MeetingMoved',
    'businessConference.MeetingUnscheduled',
    'businessConference.AgendaPublished',
    'businessConference.UnavailableSlotsSet',
  ],
  async handle(events, ctx) {
    const { trx } = ctx;
    const changed = new Map<string, number>();
    for (const e of events) {
      const at = e.createdAt instanceof Date ? e.createdAt.toISOString() : String(e.createdAt);
      switch (e.type) {
        case 'businessConference.AgendaScheduled': {
          const d = e.data;
          await unschedule(trx, d.unscheduled, at);
          const summary = { runId: d.runId, placed: d.placed, kept: d.kept, unplaced: d.unplaced, at: d.at };
          const phase = d.placed > 0 || d.unscheduled.length > 0 ? { phase: 'preliminary' } : {};
          await touchAgenda(trx, d.roundId, e.streamVersion, at, { ...phase, last_run: JSON.stringify(summary) });
          changed.set(d.roundId, e.streamVersion);
          break;
        }
        case 'businessConference.MeetingsPlaced':
          await upsertPlacements(trx, e.data.roundId, e.data.placements, false, at);
          await touchAgenda(trx, e.data.roundId, e.streamVersion, at, { phase: 'preliminary' });
          changed.set(e.data.roundId, e.streamVersion);
          break;
        case 'businessConference.MeetingMoved':
          await upsertPlacements(trx, e.data.roundId, [e.data.placement], true, at);
          await touchAgenda(trx, e.data.roundId, e.streamVersion, at, { phase: 'preliminary' });
          changed.set(e.data.roundId, e.streamVersion);
          break;
        case 'businessConference.MeetingUnscheduled':
          await unschedule(trx, [e.data.meetingId], at);
          await touchAgenda(trx, e.data.roundId, e.streamVersion, at);
          changed.set(e.data.roundId, e.streamVersion);
          break;
        case 'businessConference.AgendaPublished':
          await trx.updateTable('bc_placements').set({ phase: 'final', updated_at: at }).where('round_id', '=', e.data.roundId).where('slot_id', 'is not', null).execute();
          await touchAgenda(trx, e.data.roundId, e.streamVersion, at, { phase: 'final', published_at: e.data.at });
          changed.set(e.data.roundId, e.streamVersion);
          break;
        case 'businessConference.UnavailableSlotsSet':
          await trx
            .insertInto('bc_unavailability')
            .values({ participant_id: e.data.participantId, round_id: e.data.roundId, slot_ids: JSON.stringify(e.data.slotIds), updated_at: at })
            .onConflict((oc) => oc.column('participant_id').doUpdateSet({ slot_ids: JSON.stringify(e.data.slotIds), updated_at: at }))
            .execute();
          break;
      }
    }
    // The round's event room: the team's pages subscribe to it (event:subscribe); they refetch on the push.
    const pushes: { room: string; roundId: string; version: number }[] = [];
    for (const [roundId, version] of changed) {
      const round = await findRound(trx, roundId);
      if (round) pushes.push({ room: eventRoom(round.eventId), roundId, version });
    }
    if (pushes.length) {
      ctx.afterCommit(({ realtime }) => {
        for (const p of pushes) realtime.emit(p.room, AGENDA_CHANGED, { roundId: p.roundId, version: p.version });
      });
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_placements').execute();
    await trx.deleteFrom('bc_agendas').execute();
    await trx.deleteFrom('bc_unavailability').execute();
  },
});
