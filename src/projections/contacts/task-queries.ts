/** Readers of the CRM's tasks: the grid (on the task page and a contact's detail page) and the reminder's view. */
import { sql, type Kysely } from 'kysely';
import type { TaskDto, TaskListQuery } from '../../contracts/contacts-groups.js';
import { iso, isoReq } from '../../db/dates.js';
import { gridQuery, type GridColumn } from '../../db/grid.js';
import type { DB } from '../../db/schema.js';

type TaskRow = {
  id: string;
  client_id: string;
  title: string;
  contact_id: string | null;
  contact_name: string | null;
  company_id: string | null;
  company_name: string | null;
  owner_id: string;
  due_at: Date | string;
  done: boolean;
  done_at: Date | string | null;
  version: number;
  created_at: Date | string;
};
const taskDto = (r: TaskRow): TaskDto => ({
  _id: r.id,
  title: r.title,
  contactId: r.contact_id,
  contactName: r.contact_name,
  companyId: r.company_id,
  companyName: r.company_name,
  ownerId: r.owner_id,
  ownerName: null,
  dueAt: isoReq(r.due_at),
  done: r.done,
  doneAt: iso(r.done_at),
  version: r.version,
  createdAt: isoReq(r.created_at),
});

const tasksFrom = (clientId: string, q: Pick<TaskListQuery, 'contactId' | 'status'>) => {
  const conds = [sql`t.client_id = ${clientId}`];
  if (q.contactId) conds.push(sql`t.contact_id = ${q.contactId}`);
  if (q.status === 'open') conds.push(sql`NOT t.done`);
  if (q.status === 'done') conds.push(sql`t.done`);
  return sql`(SELECT t.*, c.name AS contact_name, co.name AS company_name FROM contacts_tasks t
    LEFT JOIN contacts_contacts c ON c.id = t.contact_id LEFT JOIN contacts_companies co ON co.id = t.company_id
    WHERE ${sql.join(conds, sql` AND `)}) AS t`;
};
const COLUMNS: Record<string, GridColumn> = {
  title: { expr: sql`t.title`, type: 'text' },
  contactName: { expr: sql`t.contact_name`, type: 'text' },
  companyName: { expr: sql`t.company_name`, type: 'text' },
  dueAt: { expr: sql`t.due_at`, type: 'date' },
  done: { expr: sql`t.done`, type: 'boolean' },
  createdAt: { expr: sql`t.created_at`, type: 'date' },
};

/** The organizer's tasks (of one contact, open or done when asked): paging, sorting, one filter, search; soonest due first. */
export async function tasksGrid(db: Kysely<DB>, clientId: string, q: TaskListQuery) {
  const sorted = { ...q, sortField: q.sortField ?? 'dueAt', sortOrder: q.sortOrder ?? ('asc' as const) };
  const res = await gridQuery<TaskRow>(db, tasksFrom(clientId, q), COLUMNS, sql`t.*`, sorted, 'dueAt', { value: q.search, columns: [sql`t.title`, sql`t.contact_name`, sql`t.company_name`] });
  return { rows: res.rows.map(taskDto), rowCount: res.rowCount };
}

export async function findTask(db: Kysely<DB>, clientId: string, taskId: string): Promise<TaskDto | null> {
  const r = await sql<TaskRow>`SELECT t.* FROM ${tasksFrom(clientId, { status: 'all' })} WHERE t.id = ${taskId}`.execute(db);
  return r.rows[0] ? taskDto(r.rows[0]) : null;
}

/** What a reminder needs of its task, or null once deleted. */
export async function taskForReminder(db: Kysely<DB>, taskId: string) {
  const r = await db.selectFrom('contacts_tasks').select(['id', 'client_id', 'title', 'owner_id', 'due_at', 'done']).where('id', '=', taskId).executeTakeFirst();
  return r ? { taskId: r.id, clientId: r.client_id, title: r.title, ownerId: r.owner_id, dueAt: isoReq(r.due_at), done: r.done } : null;
}
