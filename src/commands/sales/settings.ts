/**
 * Use cases of the store's settings stream (src/domain/sales/settings.ts): saving manage/settings and the
 * registration form of manage/form. Authorization (event.edit) happens before, in the HTTP layer. The client's
 * id makes a retry answer the first result; its expectedVersion (the part's version it edited) makes a stale
 * save a 409 instead of overwriting a teammate's change.
 */
import type { AppContext } from '../../context.js';
import type { FormFieldInput } from '../../contracts/sales-settings.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { settingsDecider, settingsStreamId, type SettingsEvent, type SettingsInput, type SettingsState } from '../../domain/sales/settings.js';
import { messages } from '../../messages/es.js';
import { loadEvent } from '../events/service.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
export type SettingsResult = CommandResult<SettingsState, SettingsEvent>;

async function existingEvent(ctx: Ctx, eventId: string) {
  const loaded = await loadEvent(ctx, eventId);
  if (!loaded) throw new NotFoundError('EVENT_NOT_FOUND', messages.storeSettings.eventNotFound);
  return loaded.state;
}

/** Saves the whole of manage/settings (hold time, order limits, invoice data, bank-deposit instructions). */
export async function changeStoreSettings(
  ctx: Ctx,
  input: { eventId: string; settings: SettingsInput; expectedVersion?: number; clientId?: string; by: string },
): Promise<SettingsResult> {
  await existingEvent(ctx, input.eventId);
  return handleCommand(ctx, {
    streamId: settingsStreamId(input.eventId),
    decider: settingsDecider,
    command: { type: 'sales.ChangeSettings', data: { eventId: input.eventId, settings: input.settings, expectedVersion: input.expectedVersion } },
    meta: { commandId: input.clientId ? `settings:${input.clientId}` : undefined, userId: input.by },
  });
}

/** Saves the registration form: the whole field list in order (fields limited to ticket types the event has). */
export async function changeRegistrationForm(
  ctx: Ctx,
  input: { eventId: string; fields: FormFieldInput[]; expectedVersion?: number; clientId?: string; by: string },
): Promise<SettingsResult> {
  const event = await existingEvent(ctx, input.eventId);
  return handleCommand(ctx, {
    streamId: settingsStreamId(input.eventId),
    decider: settingsDecider,
    command: {
      type: 'sales.ChangeForm',
      data: { eventId: input.eventId, fields: input.fields, ticketTypeIds: event.tickets.map((t) => t.id), expectedVersion: input.expectedVersion },
    },
    meta: { commandId: input.clientId ? `form:${input.clientId}` : undefined, userId: input.by },
  });
}
