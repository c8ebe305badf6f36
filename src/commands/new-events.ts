import type { Event } from '../domain/shared/types.js';
import type { NewEvent } from '../eventstore/port.js';

export interface EventMeta {
  commandId?: string;
  userId?: string;
  /** Default: the command id (a command starts its own correlation). */
  correlationId?: string;
  /** Default: the command id. */
  causationId?: string;
  socketId?: string;
}

/** Domain events as the store takes them: one id each, the command's metadata, one occurrence time. */
export function toNewEvents(deps: { clock: () => Date; newId: () => string }, events: readonly Event[], meta: EventMeta): NewEvent[] {
  const occurredAt = deps.clock().toISOString();
  return events.map((e) => ({
    type: e.type,
    data: e.data,
    metadata: {
      eventId: deps.newId(),
      commandId: meta.commandId,
      userId: meta.userId,
      correlationId: meta.correlationId ?? meta.commandId,
      causationId: meta.causationId ?? meta.commandId,
      ...(meta.socketId ? { socketId: meta.socketId } : {}),
      occurredAt,
      schemaVersion: 1,
    },
  }));
}
