import type { ReminderEvent } from '../../domain/sales/reminder.js';
import { sendReminderJob } from '../../workers/sales/reminders.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.reminders`: one row per reminder with its state and sent count. A schedule or change enqueues the send
 * job after commit, delayed until dueAt and keyed by id and revision: an edit schedules a new job and the old
 * one finds its revision stale; a cancelled reminder's job finds it cancelled (both send nothing).
 */
export const remindersProjection = defineProjection<ReminderEvent>({
  name: 'sales.reminders',
  eventTypes: ['sales.ReminderScheduled', 'sales.ReminderChanged', 'sales.ReminderCancelled', 'sales.ReminderSent'],
  async handle(events, ctx) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.ReminderScheduled':
        case 'sales.ReminderChanged': {
          const d = e.data;
          if (e.type === 'sales.ReminderScheduled') {
            await ctx.trx
              .insertInto('sales_reminders')
              .values({
                id: d.reminderId,
                event_id: d.eventId,
                subject: d.subject,
                body: d.body,
                when: JSON.stringify(d.when),
                due_at: d.dueAt,
                status: 'scheduled',
                revision: d.revision,
                created_at: d.at,
                updated_at: d.at,
              })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          } else {
            await ctx.trx
              .updateTable('sales_reminders')
              .set({ subject: d.subject, body: d.body, when: JSON.stringify(d.when), due_at: d.dueAt, revision: d.revision, updated_at: d.at })
              .where('id', '=', d.reminderId)
              .execute();
          }
          ctx.afterCommit(({ jobs }) =>
            jobs.enqueue(sendReminderJob, { reminderId: d.reminderId, revision: d.revision }, `${d.reminderId}:${d.revision}`, {
              delay: Date.parse(d.dueAt) - Date.now(),
            }),
          );
          break;
        }
        case 'sales.ReminderCancelled':
          await ctx.trx
            .updateTable('sales_reminders')
            .set({ status: 'cancelled', revision: e.data.revision, updated_at: e.data.at })
            .where('id', '=', e.data.reminderId)
            .execute();
          break;
        case 'sales.ReminderSent':
          await ctx.trx
            .updateTable('sales_reminders')
            .set({ status: 'sent', sent_count: e.data.count, sent_at: e.data.at, updated_at: e.data.at })
            .where('id', '=', e.data.reminderId)
            .execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_reminders').execute();
  },
});
