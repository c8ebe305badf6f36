import { MEETING_UPDATED_SOCKET_EVENT, type MeetingStatus } from '../../contracts/businessConference-meetings.js';
import type { MeetingFeedEvent } from '../../domain/businessConference/meeting-feed.js';
import type { MeetingEvent } from '../../domain/businessConference/meeting.js';
import type { MeetingMoved, MeetingsPlaced, PlacedItem } from '../../domain/businessConference/agenda.js';
import { userRoom } from '../../realtime/realtime.js';
import { expireMeetingJob } from '../../workers/businessConference/meetings-expiry.js';
import { defineProjection } from '../projection.js';

const STATUS_OF: Record<Exclude<MeetingEvent['type'], 'businessConference.MeetingRequested'>, MeetingStatus> = {
  'businessConference.MeetingAccepted': 'accepted',
  'businessConference.MeetingDeclined': 'declined',
  'businessConference.MeetingCancelled': 'cancelled',
  'businessConference.MeetingExpired': 'expired',
};

/**
 * `businessConference.meetings`: one row per meeting (bc_meetings) and the participants' feed tokens. It also
 * remembers the last place the agenda gave each meeting (MeetingsPlaced, MeetingMoved), which the agenda clears
 * on a cancellation while the iCal feed still needs it for the cancelled entry. After
 * commit it pushes `bcMeeting:updated` to both participants' users (their pages refetch after the position) and,
 * for a request awaiting an answer, enqueues its expiry job (BullMQ delay until expiresAt, keyed by the meeting).
 */
export const meetingsProjection = defineProjection<MeetingEvent | MeetingFeedEvent | MeetingsPlaced | MeetingMoved>({
  name: 'businessConference.meetings',
  eventTypes: [
    'businessConference.MeetingRequested',
    'businessConference.MeetingAccepted',
    'businessConference.MeetingDeclined',
    'businessConference.MeetingCancelled',
    'businessConference.MeetingExpired',
    'businessConference.MeetingFeedIssued',
    'businessConference.MeetingsPlaced',
    'businessConference.MeetingMoved',
  ],
  async handle(events, ctx) {
    const { trx } = ctx;
    const remember = async (p: PlacedItem) => {
      await trx.updateTable('bc_meetings').set({ last_slot_id: p.slotId, last_table: p.table, last_room: p.room }).where('id', '=', p.meetingId).execute();
    };
    for (const e of events) {
      if (e.type === 'businessConference.MeetingsPlaced') {
        for (const p of e.data.placements) await remember(p);
        continue;
      }
      if (e.type === 'businessConference.MeetingMoved') {
        await remember(e.data.placement);
        continue;
      }
      if (e.type === 'businessConference.MeetingFeedIssued') {
        const d = e.data;
        await trx
          .insertInto('bc_meeting_feeds')
          .values({ participant_id: d.participantId, round_id: d.roundId, user_id: d.userId, token: d.token, created_at: d.at })
          .onConflict((oc) => oc.column('participant_id').doNothing())
          .execute();
        continue;
      }
      let status: MeetingStatus;
      if (e.type === 'businessConference.MeetingRequested') {
        const d = e.data;
        status = 'requested';
        await trx
          .insertInto('bc_meetings')
          .values({
            id: d.meetingId,
            round_id: d.roundId,
            event_id: d.eventId,
            requester_id: d.requesterId,
            counterpart_id: d.counterpartId,
            requester_user_id: d.requesterUserId,
            counterpart_user_id: d.counterpartUserId,
            offer_participant_id: d.offerParticipantId,
            demand_participant_id: d.demandParticipantId,
            status,
            preferred_slot_id: d.preferredSlotId,
            message: d.message,
            expires_at: d.expiresAt,
            created_at: d.at,
            responded_at: null,
            sequence: 0,
            last_slot_id: null,
            last_table: null,
            last_room: null,
            updated_at: d.at,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        if (d.expiresAt) {
          const { meetingId, expiresAt } = d;
          ctx.afterCommit(({ jobs }) => jobs.enqueue(expireMeetingJob, { meetingId }, meetingId, { delay: Date.parse(expiresAt) - Date.now() }));
        }
      } else {
        status = STATUS_OF[e.type];
        const answered = e.type !== 'businessConference.MeetingExpired';
        await trx
          .updateTable('bc_meetings')
          .set((eb) => ({
            status,
            sequence: eb('sequence', '+', 1),
            updated_at: e.data.at,
            ...(answered ? { responded_at: eb.fn.coalesce('responded_at', eb.val(e.data.at)) } : {}),
          }))
          .where('id', '=', e.data.meetingId)
          .execute();
      }
      const row = await trx.selectFrom('bc_meetings').select(['requester_user_id', 'counterpart_user_id']).where('id', '=', e.data.meetingId).executeTakeFirst();
      if (!row) continue;
      const payload = { meetingId: e.data.meetingId, roundId: e.data.roundId, status, position: e.position };
      const rooms = [userRoom(row.requester_user_id), userRoom(row.counterpart_user_id)];
      ctx.afterCommit(({ realtime }) => realtime.emit(rooms, MEETING_UPDATED_SOCKET_EVENT, payload));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_meetings').execute();
    await trx.deleteFrom('bc_meeting_feeds').execute();
  },
});
