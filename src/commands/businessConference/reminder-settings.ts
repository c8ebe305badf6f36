/**
 * Use cases of an event's home settings (settings/reminders): the reminders before meetings and the support
 * contact of the help drawer. Authorization (meeting.manage on the event) happens before, in the HTTP layer; the
 * client's id makes a retry answer the first result, its expectedVersion makes a stale save a 409.
 */
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import {
  reminderSettingsDecider,
  reminderSettingsStreamId,
  type ReminderSettingsCommand,
  type ReminderSettingsEvent,
  type ReminderSettingsState,
} from '../../domain/businessConference/reminder-settings.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
export type ReminderSettingsResult = CommandResult<ReminderSettingsState, ReminderSettingsEvent>;

async function run(ctx: Ctx, eventId: string, command: ReminderSettingsCommand, meta: { clientId?: string; expectedVersion?: number; by: string }) {
  if (!(await loadEvent(ctx, eventId))) throw new NotFoundError('EVENT_NOT_FOUND', messages.events.notFound);
  return handleCommand(ctx, {
    streamId: reminderSettingsStreamId(eventId),
    decider: reminderSettingsDecider,
    command,
    meta: { commandId: meta.clientId ? `${command.type}:${meta.clientId}` : undefined, userId: meta.by, expectedVersion: meta.expectedVersion },
  });
}

export function configureReminders(
  ctx: Ctx,
  input: { eventId: string; offsets: number[]; email: boolean; expectedVersion?: number; clientId?: string; by: string },
): Promise<ReminderSettingsResult> {
  const { eventId, offsets, email } = input;
  return run(ctx, eventId, { type: 'businessConference.ConfigureReminders', data: { eventId, offsets, email } }, input);
}

export function changeSupportContact(
  ctx: Ctx,
  input: { eventId: string; phone: string | null; email: string | null; expectedVersion?: number; clientId?: string; by: string },
): Promise<ReminderSettingsResult> {
  const { eventId, phone, email } = input;
  return run(ctx, eventId, { type: 'businessConference.ChangeSupportContact', data: { eventId, phone, email } }, input);
}
