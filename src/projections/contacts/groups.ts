import type { GroupFilter } from '../../contracts/contacts-groups.js';
import type { GroupEvent } from '../../domain/contacts/group.js';
import type { TaskData, TaskEvent } from '../../domain/contacts/task.js';
import { taskReminderJob } from '../../workers/contacts/task-reminder.js';
import { defineProjection } from '../projection.js';

const json = (v: unknown) => JSON.stringify(v ?? null);

/**
 * `contacts.groups`: the organizer's groups and the members of static ones. A filter group has no member rows
 * (src/projections/contacts/group-queries.ts evaluates it when read). `members` counts a static group's rows.
 */
export const groupsProjection = defineProjection<GroupEvent>({
  name: 'contacts.groups',
  eventTypes: ['contacts.GroupCreated', 'contacts.GroupChanged', 'contacts.GroupMembersAdded', 'contacts.GroupMembersRemoved', 'contacts.GroupDeleted'],
  async handle(events, { trx }) {
    for (const e of events) {
      const d = e.data;
      const bump = async () => {
        const r = await trx
          .updateTable('contacts_groups')
          .set({ version: e.streamVersion, updated_at: d.at })
          .where('id', '=', d.groupId)
          .where('version', '<', e.streamVersion)
          .executeTakeFirst();
        return Number(r.numUpdatedRows) > 0;
      };
      switch (e.type) {
        case 'contacts.GroupCreated':
          await trx
            .insertInto('contacts_groups')
            .values({ id: e.data.groupId, client_id: e.data.clientId, name: e.data.name, kind: e.data.kind, filter: json(e.data.filter), members: 0, version: e.streamVersion, created_at: e.data.at, updated_at: e.data.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'contacts.GroupChanged': {
          if (!(await bump())) break;
          const c = e.data.changes;
          const set: { name?: string; filter?: string } = {};
          if (c.name) set.name = c.name.after as string;
          if (c.filter) set.filter = json(c.filter.after as GroupFilter | null);
          if (Object.keys(set).length) await trx.updateTable('contacts_groups').set(set).where('id', '=', e.data.groupId).execute();
          break;
        }
        case 'contacts.GroupMembersAdded': {
          if (!(await bump())) break;
          const rows = e.data.contactIds.map((contact_id) => ({ group_id: e.data.groupId, contact_id, client_id: e.data.clientId, added_at: e.data.at }));
          for (let i = 0; i < rows.length; i += 1000) {
            await trx.insertInto('contacts_group_members').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.columns(['group_id', 'contact_id']).doNothing()).execute();
          }
          await countMembers(e.data.groupId);
          break;
        }
        case 'contacts.GroupMembersRemoved':
          if (!(await bump())) break;
          await trx.deleteFrom('contacts_group_members').where('group_id', '=', e.data.groupId).where('contact_id', 'in', e.data.contactIds).execute();
          await countMembers(e.data.groupId);
          break;
        case 'contacts.GroupDeleted':
          await trx.deleteFrom('contacts_group_members').where('group_id', '=', e.data.groupId).execute();
          await trx.deleteFrom('contacts_groups').where('id', '=', e.data.groupId).execute();
          break;
      }
    }
    async function countMembers(groupId: string) {
      await trx
        .updateTable('contacts_groups')
        .set((eb) => ({ members: eb.selectFrom('contacts_group_members').select((x) => x.fn.countAll<number>().as('n')).where('group_id', '=', groupId) }))
        .where('id', '=', groupId)
        .execute();
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_group_members').execute();
    await trx.deleteFrom('contacts_groups').execute();
  },
});

/**
 * `contacts.tasks`: the organizer's tasks; every due date a task gets (created, due date or owner changed,
 * reopened) enqueues its reminder, delayed until then (job key: task and stream version, so a replayed batch adds
 * nothing and each schedule is its own job; the job itself checks the task is still due then).
 */
export const tasksProjection = defineProjection<TaskEvent>({
  name: 'contacts.tasks',
  eventTypes: ['contacts.TaskCreated', 'contacts.TaskChanged', 'contacts.TaskCompleted', 'contacts.TaskReopened', 'contacts.TaskDeleted'],
  async handle(events, ctx) {
    const { trx } = ctx;
    for (const e of events) {
      const d = e.data;
      const schedule = (dueAt: string) =>
        ctx.afterCommit(({ jobs }) =>
          jobs.enqueue(taskReminderJob, { taskId: d.taskId, dueAt, position: e.position }, `${d.taskId}:${e.streamVersion}`, { delay: Math.max(0, Date.parse(dueAt) - Date.now()) }),
        );
      switch (e.type) {
        case 'contacts.TaskCreated': {
          const t = e.data.task;
          await trx
            .insertInto('contacts_tasks')
            .values({ id: d.taskId, client_id: d.clientId, title: t.title, contact_id: t.contactId, company_id: t.companyId, owner_id: t.ownerId, due_at: t.dueAt, done: false, done_at: null, version: e.streamVersion, created_at: d.at, updated_at: d.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          schedule(t.dueAt);
          break;
        }
        case 'contacts.TaskChanged': {
          const row = await trx.selectFrom('contacts_tasks').selectAll().where('id', '=', d.taskId).executeTakeFirst();
          if (!row || row.version >= e.streamVersion) break;
          const next: Partial<TaskData> = {};
          for (const [k, c] of Object.entries(e.data.changes)) next[k] = c.after;
          await trx
            .updateTable('contacts_tasks')
            .set({
              ...(next.title !== undefined ? { title: next.title } : {}),
              ...(next.contactId !== undefined ? { contact_id: next.contactId } : {}),
              ...(next.companyId !== undefined ? { company_id: next.companyId } : {}),
              ...(next.ownerId !== undefined ? { owner_id: next.ownerId } : {}),
              ...(next.dueAt !== undefined ? { due_at: next.dueAt } : {}),
              version: e.streamVersion,
              updated_at: d.at,
            })
            .where('id', '=', d.taskId)
            .execute();
          if ((next.dueAt !== undefined || next.ownerId !== undefined) && !row.done) schedule(next.dueAt ?? new Date(row.due_at).toISOString());
          break;
        }
        case 'contacts.TaskCompleted':
        case 'contacts.TaskReopened': {
          const done = e.type === 'contacts.TaskCompleted';
          const r = await trx
            .updateTable('contacts_tasks')
            .set({ done, done_at: done ? d.at : null, version: e.streamVersion, updated_at: d.at })
            .where('id', '=', d.taskId)
            .where('version', '<', e.streamVersion)
            .returning('due_at')
            .executeTakeFirst();
          if (r && !done) schedule(new Date(r.due_at).toISOString());
          break;
        }
        case 'contacts.TaskDeleted':
          await trx.deleteFrom('contacts_tasks').where('id', '=', d.taskId).execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_tasks').execute();
  },
});
