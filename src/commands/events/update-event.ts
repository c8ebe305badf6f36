/**
 * PUT event/:id: edits an event, publishes it, or both. Edits with `published: true` are ONE command
 * (PublishEvent with changes), so the edits and the publication land in one append: never an edited event whose
 * publication then failed, and the publish rules judge the event as edited. Authorization happens before, in
 * the HTTP layer.
 */
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import type { EventDetails, EventsCommand } from '../../domain/events/event.js';
import { run, type EventResult } from './service.js';

export interface UpdateEventInput {
  changes: Partial<EventDetails>;
  /** true publishes (with the changes, if any); false only asserts the event is still a draft (no unpublishing). */
  published?: boolean;
  /** The version the client edited: a stale one is a 409 instead of a decision on the newer state. */
  expectedVersion?: number;
  /** Client command id: a retry answers the first result and appends nothing. */
  clientId?: string;
}

export function updateEvent(
  ctx: Pick<AppContext, 'store' | 'clock' | 'newId' | 'config'>,
  user: AuthUser,
  eventId: string,
  input: UpdateEventInput,
): Promise<EventResult> {
  const { changes, published, expectedVersion, clientId } = input;
  const command: EventsCommand =
    published === true
      ? { type: 'PublishEvent', data: { changes } }
      : { type: 'UpdateEvent', data: { changes, unpublish: published === false } };
  return run(ctx, eventId, command, user, { commandId: clientId ? `update:${clientId}` : undefined, expectedVersion });
}

/** Whether the request edits any field (the HTTP layer then asks for the edit permission). */
export function editsAnything(changes: Partial<EventDetails>): boolean {
  return Object.values(changes).some((v) => v !== undefined);
}
