/**
 * A follow-up task of an organizer's CRM (stream `contacts-task-<id>`, the id is the client's): a title, the
 * contact (and optionally company) it is about, an owner (the organizer or a member of the organizer's team), a
 * due date and whether it is done. The owner is reminded at the due time (a delayed job, see
 * src/workers/contacts/task-reminder.ts). Pure: what the handler looked up comes with the command.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import type { Changes } from './record.js';

const m = messages.contacts.groups;
export const taskStreamId = (taskId: string) => `contacts-task-${taskId}`;

export interface TaskData {
  [key: string]: unknown;
  title: string;
  contactId: string | null;
  companyId: string | null;
  ownerId: string;
  dueAt: string;
}
export interface TaskKnowledge {
  contactExists: boolean;
  companyExists: boolean;
  ownerAllowed: boolean;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type TaskCreated = E<'contacts.TaskCreated', { taskId: string; clientId: string; task: TaskData; by: string | null; at: string }>;
export type TaskChanged = E<'contacts.TaskChanged', { taskId: string; clientId: string; changes: Changes; by: string | null; at: string }>;
export type TaskCompleted = E<'contacts.TaskCompleted', { taskId: string; clientId: string; by: string | null; at: string }>;
export type TaskReopened = E<'contacts.TaskReopened', { taskId: string; clientId: string; by: string | null; at: string }>;
export type TaskDeleted = E<'contacts.TaskDeleted', { taskId: string; clientId: string; by: string | null; at: string }>;
export type TaskEvent = TaskCreated | TaskChanged | TaskCompleted | TaskReopened | TaskDeleted;

export type CreateTask = E<'contacts.CreateTask', { taskId: string; clientId: string; task: TaskData; known: TaskKnowledge }>;
export type ChangeTask = E<'contacts.ChangeTask', { taskId: string; clientId: string; task: TaskData; known: TaskKnowledge }>;
export type SetTaskDone = E<'contacts.SetTaskDone', { taskId: string; clientId: string; done: boolean }>;
export type DeleteTask = E<'contacts.DeleteTask', { taskId: string; clientId: string }>;
export type TaskCommand = CreateTask | ChangeTask | SetTaskDone | DeleteTask;

export interface TaskState {
  taskId: string | null;
  clientId: string | null;
  task: TaskData | null;
  done: boolean;
  deleted: boolean;
}
export const initialTaskState = (): TaskState => ({ taskId: null, clientId: null, task: null, done: false, deleted: false });

function checked(task: TaskData, known: TaskKnowledge): TaskData {
  const title = task.title.trim();
  if (!title) throw new DomainError('TITLE_REQUIRED', m.taskTitleRequired, 400, { field: 'title' });
  if (!known.ownerAllowed) throw new DomainError('TASK_OWNER_INVALID', m.taskOwnerInvalid, 400, { field: 'ownerId' });
  if (task.contactId && !known.contactExists) throw new DomainError('CONTACT_NOT_FOUND', m.taskContactNotFound, 400, { field: 'contactId' });
  if (task.companyId && !known.companyExists) throw new DomainError('COMPANY_NOT_FOUND', m.taskCompanyNotFound, 400, { field: 'companyId' });
  return { title, contactId: task.contactId || null, companyId: task.companyId || null, ownerId: task.ownerId, dueAt: new Date(task.dueAt).toISOString() };
}

export function decideTask(command: TaskCommand, state: TaskState, ctx: DecideContext): TaskEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  const { taskId, clientId } = command.data;
  if (command.type === 'contacts.CreateTask') {
    if (state.taskId) throw new DomainError('CLIENT_ID_TAKEN', messages.contacts.clientIdTaken, 409);
    return [{ type: 'contacts.TaskCreated', data: { taskId, clientId, task: checked(command.data.task, command.data.known), by, at } }];
  }
  if (!state.task || state.deleted || state.clientId !== clientId) {
    if (command.type === 'contacts.DeleteTask' && state.deleted && state.clientId === clientId) return [];
    throw new NotFoundError('TASK_NOT_FOUND', m.taskNotFound);
  }
  switch (command.type) {
    case 'contacts.ChangeTask': {
      const next = checked(command.data.task, command.data.known);
      const changes: Changes = {};
      for (const key of ['title', 'contactId', 'companyId', 'ownerId', 'dueAt'] as const) {
        if (next[key] !== state.task[key]) changes[key] = { before: state.task[key], after: next[key] };
      }
      return Object.keys(changes).length ? [{ type: 'contacts.TaskChanged', data: { taskId, clientId, changes, by, at } }] : [];
    }
    case 'contacts.SetTaskDone':
      if (command.data.done === state.done) return [];
      return [command.data.done ? { type: 'contacts.TaskCompleted', data: { taskId, clientId, by, at } } : { type: 'contacts.TaskReopened', data: { taskId, clientId, by, at } }];
    case 'contacts.DeleteTask':
      return [{ type: 'contacts.TaskDeleted', data: { taskId, clientId, by, at } }];
  }
}

export function evolveTask(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'contacts.TaskCreated':
      return { taskId: event.data.taskId, clientId: event.data.clientId, task: event.data.task, done: false, deleted: false };
    case 'contacts.TaskChanged': {
      if (!state.task) return state;
      const task = { ...state.task };
      for (const [k, c] of Object.entries(event.data.changes)) task[k] = c.after;
      return { ...state, task };
    }
    case 'contacts.TaskCompleted':
      return { ...state, done: true };
    case 'contacts.TaskReopened':
      return { ...state, done: false };
    case 'contacts.TaskDeleted':
      return { ...state, deleted: true };
  }
}

export const taskDecider: Decider<TaskCommand, TaskEvent, TaskState> = { decide: decideTask, evolve: evolveTask, initialState: initialTaskState };
