import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { ReminderWhen } from '../../contracts/sales-admin.js';
import { reminderDecider, reminderDueAt, reminderStreamId, type ReminderCommand, type ReminderEvent, type ReminderState } from '../../domain/sales/reminder.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
type Fields = { subject: string; body: string; when: ReminderWhen };

/** A reminder's id from its event and the client's id: a retried create is the same reminder, never another event's. */
export function reminderIdFor(eventId: string, clientId: string): string {
  const h = createHash('sha256').update(`sales-reminder\n${eventId}\n${clientId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function eventStart(ctx: Ctx, eventId: string): Promise<string> {
  const ev = await loadEvent(ctx, eventId);
  if (!ev) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
  if (ev.state.cancelledAt) throw new DomainError('EVENT_CANCELLED', messages.salesAdmin.eventCancelled, 409);
  return ev.state.startDate;
}

function run(ctx: Ctx, reminderId: string, command: ReminderCommand, meta: { commandId?: string; userId?: string }) {
  return handleCommand(ctx, { streamId: reminderStreamId(reminderId), decider: reminderDecider, command, meta });
}

export type ReminderResult = { state: Exclude<ReminderState, { status: 'none' }>; position: string | null };
const live = (r: { state: ReminderState; position: string | null }): ReminderResult => {
  if (r.state.status === 'none') throw new NotFoundError('REMINDER_NOT_FOUND', messages.salesAdmin.reminderNotFound);
  return { state: r.state, position: r.position };
};

/** Schedules a reminder to the event's attendees; the same clientId answers the same reminder. */
export async function scheduleReminder(ctx: Ctx, input: Fields & { eventId: string; clientId: string; userId: string }): Promise<ReminderResult> {
  const dueAt = reminderDueAt(input.when, await eventStart(ctx, input.eventId));
  const reminderId = reminderIdFor(input.eventId, input.clientId);
  const { subject, body, when, eventId } = input;
  return live(
    await run(ctx, reminderId, { type: 'sales.ScheduleReminder', data: { reminderId, eventId, subject, body, when, dueAt } }, {
      commandId: `schedule:${input.clientId}`,
      userId: input.userId,
    }),
  );
}

/** Changes a scheduled reminder (a new revision: the send job is scheduled again). */
export async function changeReminder(ctx: Ctx, input: Fields & { eventId: string; reminderId: string; clientId: string; userId: string }): Promise<ReminderResult> {
  const dueAt = reminderDueAt(input.when, await eventStart(ctx, input.eventId));
  const { subject, body, when, eventId } = input;
  return live(
    await run(ctx, input.reminderId, { type: 'sales.ChangeReminder', data: { eventId, subject, body, when, dueAt } }, {
      commandId: `change:${input.clientId}`,
      userId: input.userId,
    }),
  );
}

export async function cancelReminder(ctx: Ctx, input: { eventId: string; reminderId: string; userId: string }): Promise<ReminderResult> {
  return live(await run(ctx, input.reminderId, { type: 'sales.CancelReminder', data: { eventId: input.eventId } }, { userId: input.userId }));
}

/** The reminder as its stream says now (the send job checks it is still due at that revision). */
export async function loadReminder(ctx: Pick<AppContext, 'store'>, reminderId: string): Promise<ReminderState> {
  const events = (await ctx.store.readStream(reminderStreamId(reminderId))) as Recorded<ReminderEvent>[];
  return events.reduce(reminderDecider.evolve, reminderDecider.initialState());
}

/** Records that the job of `revision` sent the reminder (a stale or repeated record changes nothing). */
export async function recordReminderSent(ctx: Ctx, reminderId: string, revision: number, count: number) {
  return run(ctx, reminderId, { type: 'sales.RecordReminderSent', data: { revision, count } }, { commandId: `sent:${reminderId}:${revision}` });
}
