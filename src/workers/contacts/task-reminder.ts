import { z } from 'zod';
import { recordNotification } from '../../commands/notifications/inbox.js';
import { nameId } from '../../domain/chat/ids.js';
import { messages } from '../../messages/es.js';
import { taskForReminder } from '../../projections/contacts/task-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { defineJob } from '../jobs.js';

export const TASK_READ_MODEL = 'contacts.tasks';

/**
 * Reminds a task's owner when it falls due: an in-app notification (the notifications module's inbox). Enqueued
 * by the `contacts.tasks` projection with a BullMQ delay for every due date a task gets (created, due date or
 * owner changed, reopened). A job is not removed when its task changes: at run time the task must still be open,
 * not deleted, and due at the job's time; otherwise it sends nothing (done or deleted tasks are cancelled that
 * way, a moved due date has its own job). One notification per task and due time, whatever the retries
 * (`once` keyed by both, and the inbox's command id).
 */
export const taskReminderJob = defineJob({
  name: 'contacts.taskReminder',
  version: 1,
  queue: 'reminders',
  schema: z.object({ taskId: z.string(), dueAt: z.string(), position: z.string() }),
  async handler({ taskId, dueAt, position }, { db, once, commands }) {
    if (!(await waitForPosition(db, commands.store, position, { projections: [TASK_READ_MODEL], timeoutMs: 5000 }))) {
      throw new Error('contacts.tasks is behind the reminder');
    }
    const task = await taskForReminder(db, taskId);
    if (!task || task.done || task.dueAt !== new Date(dueAt).toISOString()) return;
    // BullMQ may run a delayed job a little early: the due date is the rule.
    if (Date.parse(task.dueAt) > commands.clock().getTime() + 1000) throw new Error('task reminder not due yet');
    const key = `contacts.task-reminder:${taskId}:${task.dueAt}`;
    await once(key, () =>
      recordNotification(commands, {
        notificationId: nameId('notification', key, task.ownerId),
        planned: {
          userId: task.ownerId,
          type: 'contactsTask',
          model: 'contactsTask',
          modelId: taskId,
          message: messages.contacts.groups.taskReminder(task.title),
          url: `/module/${task.clientId}/contacts/task`,
        },
        saveDate: task.dueAt,
        source: { eventId: key },
      }),
    );
  },
});
