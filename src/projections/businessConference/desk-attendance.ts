import type { AttendanceEvent } from '../../domain/businessConference/attendance.js';
import type { OutcomeEvent } from '../../domain/businessConference/outcome.js';
import { defineProjection } from '../projection.js';

/** `businessConference.desk-attendance`: who is checked in on which day (present rows only). */
export const deskAttendanceProjection = defineProjection<AttendanceEvent>({
  name: 'businessConference.desk-attendance',
  eventTypes: ['businessConference.ParticipantCheckedIn', 'businessConference.CheckInUndone'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      if (e.type === 'businessConference.ParticipantCheckedIn') {
        await trx
          .insertInto('bc_attendance')
          .values({ participant_id: d.participantId, day: d.day, round_id: d.roundId, event_id: d.eventId, checked_in_at: d.at, by_user: d.by })
          .onConflict((oc) => oc.columns(['participant_id', 'day']).doUpdateSet({ checked_in_at: d.at, by_user: d.by }))
          .execute();
      } else {
        await trx.deleteFrom('bc_attendance').where('participant_id', '=', d.participantId).where('day', '=', d.day).execute();
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_attendance').execute();
  },
});

/** `businessConference.desk-outcomes`: each side's answer to "did the meeting happen?". */
export const deskOutcomesProjection = defineProjection<OutcomeEvent>({
  name: 'businessConference.desk-outcomes',
  eventTypes: ['businessConference.MeetingOutcomeReported'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      const side = d.side === 'offer' ? { offer_says: d.happened, offer_at: d.at } : { demand_says: d.happened, demand_at: d.at };
      await trx
        .insertInto('bc_meeting_outcomes')
        .values({
          meeting_id: d.meetingId,
          round_id: d.roundId,
          event_id: d.eventId,
          offer_participant_id: d.offerParticipantId,
          demand_participant_id: d.demandParticipantId,
          ...side,
          updated_at: d.at,
        })
        .onConflict((oc) => oc.column('meeting_id').doUpdateSet({ ...side, updated_at: d.at }))
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_meeting_outcomes').execute();
  },
});
