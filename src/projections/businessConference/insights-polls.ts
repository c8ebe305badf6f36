import type { PollEvent } from '../../domain/businessConference/poll.js';
import { defineProjection } from '../projection.js';

/** `businessConference.polls`: one row per meeting and side with the latest answer of its poll stream. */
export const pollsProjection = defineProjection<PollEvent>({
  name: 'businessConference.polls',
  eventTypes: ['businessConference.PollAnswered', 'businessConference.PollAnswerChanged'],
  async handle(events, ctx) {
    for (const e of events) {
      const d = e.data;
      const values = {
        round_id: d.roundId,
        event_id: d.eventId,
        participant_id: d.participantId,
        counterpart_id: d.counterpartId,
        interest: d.interest,
        expected_amount: d.expectedAmount,
        currency: d.currency,
        satisfaction: d.satisfaction,
        comment: d.comment,
        revision: d.revision,
        updated_at: d.at,
      };
      await ctx.trx
        .insertInto('bc_poll_answers')
        .values({ meeting_id: d.meetingId, side: d.side, ...values, answered_at: d.at })
        // A replayed or older revision never overwrites a newer one.
        .onConflict((oc) => oc.columns(['meeting_id', 'side']).doUpdateSet(values).where('bc_poll_answers.revision', '<', d.revision))
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('bc_poll_answers').execute();
  },
});
