import type { MeetingMoved, MeetingsPlaced } from '../../domain/businessConference/agenda.js';
import { enqueueReminders, remindersFor, type PlannedReminder } from '../../workers/businessConference/reminders-send.js';
import { defineProjection } from '../projection.js';

/**
 * Reactor `businessConference.meetingReminders`: every meeting the agenda places or moves gets its reminder jobs
 * (one per configured offset, delayed until due, keyed by meeting, offset and slot start). A moved meeting's old
 * jobs find it elsewhere and send nothing; a replayed event enqueues the same keys (and the sent log keeps each
 * mail to once). Unscheduled or cancelled meetings need nothing: their jobs find them unplaced. No rows.
 */
export const meetingRemindersReactor = defineProjection<MeetingsPlaced | MeetingMoved>({
  name: 'businessConference.meetingReminders',
  eventTypes: ['businessConference.MeetingsPlaced', 'businessConference.MeetingMoved'],
  async handle(events, ctx) {
    if (ctx.replaying) return;
    const planned: PlannedReminder[] = [];
    for (const e of events) {
      const placements = e.type === 'businessConference.MeetingsPlaced' ? e.data.placements : [e.data.placement];
      planned.push(...(await remindersFor(ctx.trx, e.data.roundId, placements, e.position, new Date())));
    }
    if (planned.length) ctx.afterCommit(({ jobs }) => enqueueReminders(jobs, planned));
  },
  async reset() {},
});
