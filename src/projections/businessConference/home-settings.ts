import type { ReminderSettingsEvent } from '../../domain/businessConference/reminder-settings.js';
import { enqueueReminders, remindersFor, type PlannedReminder } from '../../workers/businessConference/reminders-send.js';
import { placementsOfRound } from './agenda-queries.js';
import { roundsOfEvent } from './rounds-queries.js';
import { defineProjection } from '../projection.js';
import { reminderSettingsDecider } from '../../domain/businessConference/reminder-settings.js';

/**
 * `bc_home_settings`: each event's reminders and support contact with the stream's revision. Changed reminders
 * are planned again for every placed meeting of the event's rounds (jobs of removed offsets find them gone and
 * send nothing).
 */
export const homeSettingsProjection = defineProjection<ReminderSettingsEvent>({
  name: 'businessConference.homeSettings',
  eventTypes: ['businessConference.RemindersConfigured', 'businessConference.SupportContactChanged'],
  async handle(events, ctx) {
    const planned: PlannedReminder[] = [];
    for (const e of events) {
      const d = e.data;
      const initial = reminderSettingsDecider.initialState();
      const set =
        e.type === 'businessConference.RemindersConfigured'
          ? { offsets: JSON.stringify(e.data.offsets), email: e.data.email }
          : { support_phone: e.data.phone, support_email: e.data.email };
      await ctx.trx
        .insertInto('bc_home_settings')
        .values({ event_id: d.eventId, offsets: JSON.stringify(initial.offsets), email: initial.email, ...set, version: e.streamVersion, updated_at: d.at })
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ ...set, version: e.streamVersion, updated_at: d.at }))
        .execute();
      if (e.type === 'businessConference.RemindersConfigured' && !ctx.replaying) {
        for (const round of await roundsOfEvent(ctx.trx, d.eventId)) {
          const placements = (await placementsOfRound(ctx.trx, round._id)).filter((p) => p.slotId);
          planned.push(...(await remindersFor(ctx.trx, round._id, placements, e.position, new Date())));
        }
      }
    }
    if (planned.length) ctx.afterCommit(({ jobs }) => enqueueReminders(jobs, planned));
  },
  async reset(trx) {
    await trx.deleteFrom('bc_home_settings').execute();
  },
});
