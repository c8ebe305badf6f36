/**
 * An e-mail reminder to an event's attendees (manageAttendees/reminders), stream `sales-reminder-<id>`. Every
 * schedule or change is a new revision: the send job is keyed by id and revision, so a job of an older revision
 * (or of a cancelled reminder) finds it stale and sends nothing. Pure: time, ids and the user come in.
 */
import type { ReminderWhen } from '../../contracts/sales-admin.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.salesAdmin;

export const reminderStreamId = (reminderId: string) => `sales-reminder-${reminderId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
type Definition = { subject: string; body: string; when: ReminderWhen; dueAt: string };
export type ReminderScheduled = E<'sales.ReminderScheduled', { reminderId: string; eventId: string; revision: number; by: string | null; at: string } & Definition>;
export type ReminderChanged = E<'sales.ReminderChanged', { reminderId: string; eventId: string; revision: number; by: string | null; at: string } & Definition>;
export type ReminderCancelled = E<'sales.ReminderCancelled', { reminderId: string; eventId: string; revision: number; by: string | null; at: string }>;
export type ReminderSent = E<'sales.ReminderSent', { reminderId: string; eventId: string; revision: number; count: number; at: string }>;
export type ReminderEvent = ReminderScheduled | ReminderChanged | ReminderCancelled | ReminderSent;

export type ScheduleReminder = E<'sales.ScheduleReminder', { reminderId: string; eventId: string } & Definition>;
export type ChangeReminder = E<'sales.ChangeReminder', { eventId: string } & Definition>;
export type CancelReminder = E<'sales.CancelReminder', { eventId: string }>;
export type RecordReminderSent = E<'sales.RecordReminderSent', { revision: number; count: number }>;
export type ReminderCommand = ScheduleReminder | ChangeReminder | CancelReminder | RecordReminderSent;

export type ReminderState =
  | { status: 'none' }
  | ({ status: 'scheduled' | 'sent' | 'cancelled'; reminderId: string; eventId: string; revision: number; sentCount: number } & Definition);

export const initialState = (): ReminderState => ({ status: 'none' });

const HOUR = 3600_000;

/** When a reminder goes out: N hours or days before the event starts, or a fixed instant. */
export function reminderDueAt(when: ReminderWhen, eventStart: string): string {
  if (when.kind === 'at') return new Date(when.at).toISOString();
  const ms = when.amount * (when.unit === 'days' ? 24 : 1) * HOUR;
  return new Date(Date.parse(eventStart) - ms).toISOString();
}

function checkDue(dueAt: string, now: Date) {
  if (Date.parse(dueAt) <= now.getTime()) throw new DomainError('REMINDER_IN_PAST', m.reminderInPast, 400, { field: 'when' });
}

export function decide(command: ReminderCommand, state: ReminderState, ctx: DecideContext): ReminderEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  if (command.type === 'sales.ScheduleReminder') {
    if (state.status !== 'none') throw new DomainError('REMINDER_EXISTS', m.reminderExists, 409);
    checkDue(command.data.dueAt, ctx.now);
    return [{ type: 'sales.ReminderScheduled', data: { ...command.data, revision: 1, by, at } }];
  }
  // A reminder read through another event's URL does not exist there.
  if (state.status === 'none' || ('eventId' in command.data && command.data.eventId !== state.eventId)) {
    throw new NotFoundError('REMINDER_NOT_FOUND', m.reminderNotFound);
  }
  const { reminderId, eventId } = state;
  switch (command.type) {
    case 'sales.ChangeReminder': {
      if (state.status === 'sent') throw new DomainError('REMINDER_ALREADY_SENT', m.reminderAlreadySent, 409);
      if (state.status === 'cancelled') throw new DomainError('REMINDER_CANCELLED', m.reminderCancelled, 409);
      const { subject, body, when, dueAt } = command.data;
      checkDue(dueAt, ctx.now);
      if (subject === state.subject && body === state.body && dueAt === state.dueAt && JSON.stringify(when) === JSON.stringify(state.when)) return [];
      return [{ type: 'sales.ReminderChanged', data: { reminderId, eventId, subject, body, when, dueAt, revision: state.revision + 1, by, at } }];
    }
    case 'sales.CancelReminder':
      if (state.status === 'cancelled') return [];
      if (state.status === 'sent') throw new DomainError('REMINDER_ALREADY_SENT', m.reminderAlreadySent, 409);
      return [{ type: 'sales.ReminderCancelled', data: { reminderId, eventId, revision: state.revision + 1, by, at } }];
    case 'sales.RecordReminderSent':
      // A stale job (edited or cancelled since) records nothing; neither does a repeated one.
      if (state.status !== 'scheduled' || command.data.revision !== state.revision) return [];
      return [{ type: 'sales.ReminderSent', data: { reminderId, eventId, revision: state.revision, count: command.data.count, at } }];
  }
}

export function evolve(state: ReminderState, event: ReminderEvent): ReminderState {
  switch (event.type) {
    case 'sales.ReminderScheduled': {
      const { reminderId, eventId, subject, body, when, dueAt, revision } = event.data;
      return { status: 'scheduled', reminderId, eventId, subject, body, when, dueAt, revision, sentCount: 0 };
    }
    case 'sales.ReminderChanged': {
      if (state.status === 'none') return state;
      const { subject, body, when, dueAt, revision } = event.data;
      return { ...state, subject, body, when, dueAt, revision };
    }
    case 'sales.ReminderCancelled':
      return state.status === 'none' ? state : { ...state, status: 'cancelled', revision: event.data.revision };
    case 'sales.ReminderSent':
      return state.status === 'none' ? state : { ...state, status: 'sent', sentCount: event.data.count };
  }
}

export const reminderDecider: Decider<ReminderCommand, ReminderEvent, ReminderState> = { decide, evolve, initialState };
