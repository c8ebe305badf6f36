
import { roundSlots, ROUND_EVENT_TYPES, type RoundEvent, type RoundSettings } from '../../domain/businessConference/round.js';
import { defineProjection } from '../projection.js';

const settingsColumns = (s: RoundSettings) => ({
  name: s.name,
  start_date: s.startDate,
  end_date: s.endDate,
  time_zone: s.timeZone,
  meeting_minutes: s.meetingMinutes,
  days: JSON.stringify(s.days),
  venue: s.venue,
  tables: s.tables,
  request_deadline: s.requestDeadline,
  request_mode: s.requestMode,
  scheduling_mode: s.schedulingMode,
  max_requests_per_participant: s.maxRequestsPerParticipant,
  product_deadline: s.productDeadline,
  slots: JSON.stringify(roundSlots(s)),
});

/**
 * `businessConference.rounds`: one row per live round (bc_rounds), from the businessConference-round-<id> streams.
 * `version` follows the stream's event count so that the DTO's version is what expectedVersion compares with.
 */
export const roundsProjection = defineProjection<RoundEvent>({
  name: 'businessConference.rounds',
  eventTypes: ROUND_EVENT_TYPES,
  async handle(events, ctx) {
    for (const e of events) {
      const at = e.data.at;
      switch (e.type) {
        case 'businessConference.RoundCreated':
          await ctx.trx
            .insertInto('bc_rounds')
            .values({ id: e.data.roundId, event_id: e.data.eventId, code: e.data.code, ...settingsColumns(e.data.settings), version: 1, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'businessConference.RoundChanged':
          await ctx.trx
            .updateTable('bc_rounds')
            .set((eb) => ({ ...settingsColumns(e.data.settings), version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.roundId)
            .execute();
          break;
        case 'businessConference.RoundFieldsChanged':
          await ctx.trx
            .updateTable('bc_rounds')
            .set((eb) => ({
              [e.data.side === 'offer' ? 'offer_fields' : 'demand_fields']: JSON.stringify(e.data.fields),
              catalogue_filter: JSON.stringify(e.data.catalogueFilter),
              version: eb('version', '+', 1),
              updated_at: at,
            }))
            .where('id', '=', e.data.roundId)
            .execute();
          break;
        case 'businessConference.CatalogueFilterChanged':
          await ctx.trx
            .updateTable('bc_rounds')
            .set((eb) => ({ catalogue_filter: JSON.stringify(e.data.filter), version: eb('version', '+', 1), updated_at: at }))
            .where('id', '=', e.data.roundId)
            .execute();
          break;
        case 'businessConference.RoundDeleted':
          await ctx.trx.deleteFrom('bc_rounds').where('id', '=', e.data.roundId).execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_rounds').execute();
  },
});

